import * as v from 'valibot';
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

/** The longest redirect target accepted (browsers and Stripe keep URLs far shorter). */
const MAX_REDIRECT_LENGTH = 2048;

/**
 * A redirect target we hand to Stripe: an absolute http(s) URL on one of the site's own origins
 * (`*` in ALLOWED_ORIGINS opens CORS, never redirects), so checkout cannot become an open redirect.
 * Anything else is refused with `message`.
 */
export function sitePage(config: ApiAccessConfig, message: string) {
  const origins = new Set([
    new URL(config.siteUrl).origin,
    ...config.allowedOrigins.filter((origin) => origin !== '*'),
  ]);
  const isOwnPage = (value: string) => {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.username &&
      !url.password &&
      origins.has(url.origin)
    );
  };
  return v.pipe(
    v.string(message),
    v.maxLength(MAX_REDIRECT_LENGTH, message),
    v.url(message),
    v.check(isOwnPage, message),
  );
}
