// One per function folder: its settings, read once per container at cold start.
import { readStripeConfig, type StripeConfig } from '../billing/stripe-client';
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import type { Env } from '../platform/env';

export interface StripeReconcileConfig {
  table: TableConfig;
  stripe: StripeConfig;
}

export function readStripeReconcileConfig(env: Env): StripeReconcileConfig {
  return { table: readTableConfig(env), stripe: readStripeConfig(env) };
}
