import type { Context } from 'hono';
import { createAccessTokenVerifier, readAccessTokenConfig } from '../identity/access-tokens';
import type { AccessTokenConfig, AccessTokenVerifier } from '../identity/access-tokens';
import { readApiAccessConfig, type ApiAccessConfig } from '../platform/api-access';
import { systemClock, type Clock } from '../platform/clock';
import { apiCors } from '../platform/cors';
import { createTable, readTableConfig, type Table, type TableConfig } from '../platform/dynamo';
import type { Env } from '../platform/env';
import { HttpError, renderJsonError } from '../platform/errors';
import { createLambdaApp } from '../platform/lambda-app';
import { requirePublishableKey } from '../platform/publishable-key';
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
  verifier: AccessTokenVerifier;
}

/** What tests may inject into a payment function: the clock (tests move it instead of sleeping). */
export interface PaymentAppOptions {
  now?: Clock;
}

/**
 * A browser-facing payment function: its CORS policy and publishable-key check, one `POST`
 * handler given the table, the (lazy) Stripe client and the access-token verifier, 405 for any
 * other method, and the functions' `{error, code}` answers.
 */
export function createPaymentFunctionApp(
  path: string,
  config: PaymentFunctionConfig,
  options: PaymentAppOptions,
  handlePost: (c: Context, deps: PaymentFunctionDeps) => Promise<Response>,
) {
  const table = createTable(config.table);
  const now = options.now ?? systemClock;
  const deps: PaymentFunctionDeps = {
    table,
    now,
    stripe: lazyStripeClient(config.stripe),
    verifier: createAccessTokenVerifier({ table, ...config.tokens, now }),
  };
  const app = createLambdaApp(path, renderJsonError);
  app.use('*', apiCors(config.access.allowedOrigins));
  app.use('*', requirePublishableKey(config.access.publishableKey));
  app.post('/', (c) => handlePost(c, deps));
  app.all('/', () => {
    throw new HttpError(405, 'method_not_allowed', 'Use POST');
  });
  return app;
}
