import { ConfigError, list, requiredString, type Env } from './env';

/** What every browser-facing function reads: which site calls it, with which publishable key. */
export interface ApiAccessConfig {
  publishableKey: string;
  siteUrl: string;
  /** `ALLOWED_ORIGINS` (comma-separated), default the origin of `SITE_URL`. */
  allowedOrigins: string[];
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
