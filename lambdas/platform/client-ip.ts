import type { Context } from 'hono';

interface ConnectionEnv {
  /** hono/aws-lambda: API Gateway HTTP API (payload v2) request context. */
  requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
  /** @hono/node-server: the Node request, whose socket is the TCP peer. */
  incoming?: { socket?: { remoteAddress?: string } };
}

/** `CloudFront-Viewer-Address` is `ip:port` (IPv6 unbracketed); keep the address. */
function stripPort(value: string): string {
  const trimmed = value.split(',')[0]!.trim();
  const lastColon = trimmed.lastIndexOf(':');
  if (lastColon > 0 && /^\d+$/.test(trimmed.slice(lastColon + 1))) {
    return trimmed.slice(0, lastColon);
  }
  return trimmed;
}

/**
 * The caller's IP for per-IP rate limits, never from a header the caller can set:
 * - AWS: API Gateway's `requestContext.http.sourceIp` (the TCP peer API Gateway saw);
 * - locally: the socket's remote address (@hono/node-server).
 * Behind CloudFront the TCP peer is a CloudFront edge node, so the deployment may name a header
 * that CloudFront itself writes (`trustedHeader`, e.g. `cloudfront-viewer-address`); that is only
 * sound when the API is reachable through CloudFront alone.
 */
export function clientIp(c: Context, trustedHeader?: string): string {
  if (trustedHeader) {
    const value = c.req.header(trustedHeader);
    if (value) return stripPort(value);
  }
  const env = (c.env ?? {}) as ConnectionEnv;
  return (
    env.requestContext?.http?.sourceIp ??
    env.requestContext?.identity?.sourceIp ??
    env.incoming?.socket?.remoteAddress ??
    'unknown'
  );
}
