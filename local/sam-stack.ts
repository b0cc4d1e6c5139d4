/**
 * `npm run sam:stack`: the local stack `sam local invoke` runs against (docs/deploy.md, Offline): DynamoDB
 * Local on port 8000 with the app's table, and the Stripe emulator on port 12111 with the fixed
 * test secrets `npm run sam:env` writes (DynamoDB Local on every interface, as it cannot bind
 * one; the emulator on 127.0.0.1): invoke with `--docker-network host`. Runs until Ctrl-C; data lives in memory.
 */
import { PLAN } from '../shared/plan';
import { LOCAL_TABLE_NAME } from './constants';
import { localDynamoDbConfig, startDynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './ensure-table';
import { isEntryPoint } from './entry-point';
import { startStripeEmulator } from './stripe-emulator/server';

export const SAM_STACK = {
  dynamodbPort: 8000,
  stripePort: 12111,
  /** Test values of the emulator only, never a Stripe account's. */
  stripeSecretKey: 'sk_test_emulator_sam_local',
  stripeWebhookSecret: 'whsec_emulator_sam_local',
} as const;

async function main() {
  const dynamo = await startDynamoDbLocal({ port: SAM_STACK.dynamodbPort });
  await ensureTable({ tableName: LOCAL_TABLE_NAME, ...localDynamoDbConfig(dynamo.endpoint) });
  const stripe = await startStripeEmulator({
    port: SAM_STACK.stripePort,
    webhookUrl: null,
    secretKey: SAM_STACK.stripeSecretKey,
    webhookSecret: SAM_STACK.stripeWebhookSecret,
  });
  console.log(`DynamoDB Local: ${dynamo.endpoint} (table ${LOCAL_TABLE_NAME})`);
  console.log(`Stripe emulator: ${stripe.url} (plan ${PLAN.priceId})`);
  const stop = async () => {
    await Promise.all([stripe.stop(), dynamo.stop()]);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: Error) => {
    console.error(`sam:stack: ${error.message}`);
    process.exit(1);
  });
}
