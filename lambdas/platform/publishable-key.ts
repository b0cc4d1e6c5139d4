import type { Context, MiddlewareHandler } from 'hono';

/** A request without the publishable key, or with another one; each protocol answers it. */
export class ApiKeyError extends Error {
  override name = 'ApiKeyError';
  constructor(readonly problem: 'missing' | 'invalid') {
    super(problem === 'missing' ? 'No API key found in request' : 'Invalid API key');
  }
}

/**
 * The one `apikey` check: every API request carries the publishable key, as a header or as the
 * `apikey` query parameter, except the requests `exempt` names (links opened from an e-mail).
 */
export function requirePublishableKey(
  publishableKey: string,
  exempt: (c: Context) => boolean = () => false,
): MiddlewareHandler {
  return async (c, next) => {
    if (!exempt(c)) {
      const key = c.req.header('apikey') ?? c.req.query('apikey');
      if (!key) throw new ApiKeyError('missing');
      if (key !== publishableKey) throw new ApiKeyError('invalid');
    }
    await next();
  };
}
