import type { Context } from 'hono';
import { createAccessTokenVerifier, readAccessTokenConfig } from '../identity/access-tokens';
import type { AccessTokenConfig, VerifiedAccessToken } from '../identity/access-tokens';
import { createRateLimiter, type RateLimitRule } from '../identity/rate-limiter';
import { readApiAccessConfig, type ApiAccessConfig } from '../platform/api-access';
import { systemClock, type Clock } from '../platform/clock';
import { apiCors } from '../platform/cors';
import { createTable, readTableConfig, type Table, type TableConfig } from '../platform/dynamo';
import type { Env } from '../platform/env';
import { HttpError, renderJsonError } from '../platform/errors';
import { createLambdaApp } from '../platform/lambda-app';
import { countMetric } from '../platform/metrics';
import { requirePublishableKey } from '../platform/publishable-key';
import { paymentKeys } from './items';
import { lazyStripeClient, readStripeConfig, type StripeConfig } from './stripe-client';

/** What a browser-facing payment function (checkout, billing portal) is configured with. */
export interface PaymentFunctionConfig {
  table: TableConfig;
  access: ApiAccessConfig;
  tokens: AccessTokenConfig;
  stripe: StripeConfig;
}

export function readPaymentFunctionConfig(env: Env): PaymentFunctionConfig {
  return {
    table: readTableConfig(env),
    access: readApiAccessConfig(env),
    tokens: readAccessTokenConfig(env),
    stripe: readStripeConfig(env),
  };
}

export interface PaymentFunctionDeps {
  table: Table;
  now: Clock;
  stripe: ReturnType<typeof lazyStripeClient>;
}

/** Each user's calls to one payment function (each costs several Stripe calls). */
export const PAYMENT_CALLS_PER_USER: RateLimitRule = { limit: 10, windowSeconds: 60 };

/** What tests may inject into a payment function: the clock (tests move it instead of sleeping). */
export interface PaymentAppOptions {
  now?: Clock;
}

/**
 * A browser-facing payment function: its CORS policy and publishable-key check, one `POST`
 * handler given the verified caller, the table and the (lazy) Stripe client, 405 for any other
 * method, and the functions' `{error, code}` answers. Each user may call it
 * `PAYMENT_CALLS_PER_USER` times a window, counted in the user's `BILLING#` partition; then 429
 * with `Retry-After`.
 */
export function createPaymentFunctionApp(
  path: string,
  config: PaymentFunctionConfig,
  options: PaymentAppOptions,
  handlePost: (
    c: Context,
    deps: PaymentFunctionDeps,
    user: VerifiedAccessToken,
  ) => Promise<Response>,
) {
  const table = createTable(config.table);
  const now = options.now ?? systemClock;
  const deps: PaymentFunctionDeps = { table, now, stripe: lazyStripeClient(config.stripe) };
  const verifier = createAccessTokenVerifier({ table, ...config.tokens, now });
  const bucket = path.split('/').at(-1)!;
  const limiter = createRateLimiter({
    table,
    now,
    windowKey: (bucket, userId, windowStart) => paymentKeys.rateWindow(userId, bucket, windowStart),
  });
  const app = createLambdaApp(path, renderJsonError);
  app.use('*', apiCors(config.access.allowedOrigins));
  app.use('*', requirePublishableKey(config.access.publishableKey));
  app.post('/', async (c) => {
    const user = await verifier.verify(c.req.header('authorization'));
    if (!(await limiter.allow(bucket, user.userId, PAYMENT_CALLS_PER_USER))) {
      const windowMs = PAYMENT_CALLS_PER_USER.windowSeconds * 1000;
      const retryAfter = Math.ceil((windowMs - (now() % windowMs)) / 1000);
      countMetric('RateLimitedRequests');
      throw new HttpError(
        429,
        'over_request_rate_limit',
        `Too many requests: try again in ${retryAfter} seconds`,
        { 'Retry-After': String(retryAfter) },
      );
    }
    return handlePost(c, deps, user);
  });
  app.all('/', () => {
    throw new HttpError(405, 'method_not_allowed', 'Use POST');
  });
  return app;
}
