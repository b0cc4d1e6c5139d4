import type { MiddlewareHandler } from 'hono';
import { corsFor } from './cors';
import { ConfigError, list, requiredString, type Env } from './env';
import { HttpError } from './json-errors';

/** The headers supabase-js and the SPA send; answered for the allowed origins only. */
export function corsForOrigins(allowedOrigins: string[]): MiddlewareHandler {
  return corsFor({
    allowedOrigins,
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: [
      'Accept',
      'Accept-Profile',
      'Authorization',
      'Content-Type',
      'Prefer',
      'Range',
      'X-Client-Info',
      'X-Supabase-Api-Version',
      'apikey',
    ],
    exposeHeaders: ['Content-Range', 'X-Supabase-Api-Version'],
    maxAgeSeconds: 86400,
  });
}

/** Every API request carries the publishable key, as a header or as the `apikey` query param. */
export function requirePublishableKey(publishableKey: string): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) throw new HttpError(401, 'no_api_key', 'No API key found in request');
    if (key !== publishableKey) throw new HttpError(401, 'invalid_api_key', 'Invalid API key');
    await next();
  };
}

/** What every browser-facing payment function reads: who may call it and how tokens verify. */
export interface ApiAccessConfig {
  publishableKey: string;
  siteUrl: string;
  /** `ALLOWED_ORIGINS` (comma-separated), default the origin of `SITE_URL`. */
  allowedOrigins: string[];
  /** `JWT_PUBLIC_JWKS`: `{"keys":[…]}` of the auth service's public keys. */
  publicJwks: string;
}

export function readApiAccessConfig(env: Env): ApiAccessConfig {
  const siteUrl = requiredString(env, 'SITE_URL').replace(/\/+$/, '');
  let siteOrigin: string;
  try {
    siteOrigin = new URL(siteUrl).origin;
  } catch {
    throw new ConfigError(`SITE_URL must be a URL, got "${siteUrl}"`);
  }
  return {
    publishableKey: requiredString(env, 'PUBLISHABLE_KEY'),
    siteUrl,
    allowedOrigins: list(env, 'ALLOWED_ORIGINS', [siteOrigin]),
    publicJwks: requiredString(env, 'JWT_PUBLIC_JWKS'),
  };
}

/**
 * A redirect target we hand to Stripe: an absolute http(s) URL on one of the site's own origins
 * (`*` in ALLOWED_ORIGINS opens CORS, never redirects), so checkout cannot become an open redirect.
 */
export function isAllowedRedirect(value: unknown, config: ApiAccessConfig): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const origins = new Set([
    new URL(config.siteUrl).origin,
    ...config.allowedOrigins.filter((origin) => origin !== '*'),
  ]);
  return origins.has(url.origin);
}
