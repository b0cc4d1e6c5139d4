// One per function folder: the Lambda entry that CDK bundles.
import type { Logger } from '@aws-lambda-powertools/logger';
import { PaymentsNotConfiguredError } from '../billing/payments-not-configured';
import { lazyStripeClient } from '../billing/stripe-client';
import { systemClock } from '../platform/clock';
import { createTable } from '../platform/dynamo';
import { logger } from '../platform/logging';
import { countMetric, flushMetrics } from '../platform/metrics';
import { readStripeReconcileConfig } from './config';
import { reconcileSubscriptions, type ReconcileResult } from './reconcile';

const config = readStripeReconcileConfig(process.env);
const table = createTable(config.table);
const stripe = lazyStripeClient(config.stripe);

/**
 * Run daily by EventBridge Scheduler, or by hand (`aws lambda invoke`, README): re-syncs the
 * rows of subscriptions that changed since the last run; the event is not read.
 */
export async function handler(
  _event: unknown,
  context?: Parameters<Logger['addContext']>[0],
): Promise<ReconcileResult | { skipped: string }> {
  // The invocation's request id and the cold-start flag on every line, as the API functions log.
  if (context) logger.addContext(context);
  try {
    let client;
    try {
      client = await stripe();
    } catch (error) {
      // A fresh deploy before the operator sets the key: nothing to reconcile yet, no alarm.
      if (!(error instanceof PaymentsNotConfiguredError)) throw error;
      logger.warn('Stripe reconciliation skipped', { reason: error.message });
      return { skipped: 'payments_not_configured' };
    }
    const result = await reconcileSubscriptions(client, table, systemClock);
    countMetric('SubscriptionRowsCorrected', result.rowsCorrected);
    logger.info('Stripe subscriptions reconciled', { ...result });
    return result;
  } finally {
    flushMetrics();
  }
}
