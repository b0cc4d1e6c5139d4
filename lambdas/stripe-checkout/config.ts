import { readApiAccessConfig, type ApiAccessConfig } from '../common/api-guards';
import { readTableConfig, type TableConfig } from '../common/dynamo';
import type { Env } from '../common/env';
import { readStripeConfig, type StripeConfig } from '../common/stripe-client';

export interface StripeCheckoutConfig {
  table: TableConfig;
  access: ApiAccessConfig;
  stripe: StripeConfig;
}

export function readStripeCheckoutConfig(env: Env): StripeCheckoutConfig {
  return {
    table: readTableConfig(env),
    access: readApiAccessConfig(env),
    stripe: readStripeConfig(env),
  };
}
