import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimitRule } from '../identity/rate-limiter';
import { clientIp } from '../platform/client-ip';
import { countMetric } from '../platform/metrics';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';

/** Counts the request against the client IP's bucket; rejects with 429 over the limit. */
export async function enforceRateLimit(
  deps: AuthDeps,
  c: Context,
  bucket: string,
  rule: RateLimitRule,
): Promise<void> {
  if (!(await deps.limiter.allow(bucket, clientIp(c, deps.config.clientIpHeader), rule))) {
    countMetric('RateLimitedRequests');
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

export function rateLimited(
  deps: AuthDeps,
  bucket: string,
  rule: RateLimitRule,
): MiddlewareHandler {
  return async (c, next) => {
    await enforceRateLimit(deps, c, bucket, rule);
    await next();
  };
}
