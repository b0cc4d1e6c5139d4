import { readStripeConfig, type StripeConfig } from '../billing/stripe-client';
import { readAccessTokenConfig, type AccessTokenConfig } from '../identity/access-tokens';
import { readApiAccessConfig, type ApiAccessConfig } from '../platform/api-access';
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import type { Env } from '../platform/env';

export interface StripeCheckoutConfig {
  table: TableConfig;
  access: ApiAccessConfig;
  tokens: AccessTokenConfig;
  stripe: StripeConfig;
}

export function readStripeCheckoutConfig(env: Env): StripeCheckoutConfig {
  return {
    table: readTableConfig(env),
    access: readApiAccessConfig(env),
    tokens: readAccessTokenConfig(env),
    stripe: readStripeConfig(env),
  };
}
