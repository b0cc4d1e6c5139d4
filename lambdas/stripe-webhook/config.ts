// One per function folder: its settings, read once per container at cold start.
import { readStripeConfig, type StripeConfig } from '../billing/stripe-client';
import { stripeSecretReader } from '../billing/stripe-secrets';
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import type { Env } from '../platform/env';

export interface StripeWebhookConfig {
  table: TableConfig;
  stripe: StripeConfig;
  /** `STRIPE_WEBHOOK_SECRET` (or `STRIPE_WEBHOOK_SECRET_SECRET_ARN` in AWS), fetched on first use. */
  webhookSecret: () => Promise<string>;
}

export function readStripeWebhookConfig(env: Env): StripeWebhookConfig {
  return {
    table: readTableConfig(env),
    stripe: readStripeConfig(env),
    webhookSecret: stripeSecretReader(env, 'STRIPE_WEBHOOK_SECRET'),
  };
}
