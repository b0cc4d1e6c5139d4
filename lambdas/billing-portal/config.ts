import { readApiAccessConfig, type ApiAccessConfig } from '../common/api-guards';
import { readTableConfig, type TableConfig } from '../common/dynamo';
import type { Env } from '../common/env';
import { readStripeConfig, type StripeConfig } from '../common/stripe-client';

export interface BillingPortalConfig {
  table: TableConfig;
  access: ApiAccessConfig;
  stripe: StripeConfig;
}

export function readBillingPortalConfig(env: Env): BillingPortalConfig {
  return {
    table: readTableConfig(env),
    access: readApiAccessConfig(env),
    stripe: readStripeConfig(env),
  };
}
