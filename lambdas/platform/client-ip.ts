import { isIP } from 'node:net';
import type { Context } from 'hono';

interface ConnectionEnv {
  /** hono/aws-lambda: API Gateway HTTP API (payload v2) request context. */
  requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
  /** @hono/node-server: the Node request, whose socket is the TCP peer. */
  incoming?: { socket?: { remoteAddress?: string } };
}

/** CloudFront's own header: `ip:port`, an IPv6 address unbracketed (the port is always there). */
export const CLOUDFRONT_VIEWER_ADDRESS = 'cloudfront-viewer-address';

/**
 * The address in one trusted header value, or undefined when the value is not exactly one
 * address: a comma means a second copy was joined to it (API Gateway and Node join repeated
 * headers), and then nobody can tell which one CloudFront wrote.
 */
function addressIn(header: string, value: string): string | undefined {
  if (value.includes(',')) return undefined;
  let address = value.trim();
  if (header === CLOUDFRONT_VIEWER_ADDRESS) {
    const port = /:(\d{1,5})$/.exec(address);
    if (!port) return undefined;
    address = address.slice(0, port.index);
  }
  return isIP(address) ? address : undefined;
}

/**
 * The caller's IP for per-IP rate limits, never from a header the caller can set:
 * - AWS: API Gateway's `requestContext.http.sourceIp` (the TCP peer API Gateway saw);
 * - locally: the socket's remote address (@hono/node-server).
 * Behind CloudFront the TCP peer is a CloudFront edge node, so the deployment names a header
 * only CloudFront writes (`trustedHeader`): the stack's viewer-request function sets its own
 * header from the viewer's IP, replacing any copy the viewer sent (or CloudFront's
 * `cloudfront-viewer-address`, `ip:port`). That is only sound when the API is reachable through
 * CloudFront alone. A value that is not exactly one valid address falls back to the TCP peer.
 */
export function clientIp(c: Context, trustedHeader?: string): string {
  if (trustedHeader) {
    const value = c.req.header(trustedHeader);
    const address = value === undefined ? undefined : addressIn(trustedHeader, value);
    if (address) return address;
  }
  const env = (c.env ?? {}) as ConnectionEnv;
  return (
    env.requestContext?.http?.sourceIp ??
    env.requestContext?.identity?.sourceIp ??
    env.incoming?.socket?.remoteAddress ??
    'unknown'
  );
}
