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
 * Run daily by EventBridge Scheduler, or by hand (`aws lambda invoke`, docs/deploy.md): re-syncs the
 * rows of subscriptions that changed since the last run; the event is not read.
 */
export async function handler(
  _event: unknown,
  context?: Parameters<Logger['addContext']>[0] & { getRemainingTimeInMillis?: () => number },
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
      // Nothing to reconcile is a finished run: the missed-run alarm stays quiet.
      countMetric('StripeReconcileSucceeded');
      return { skipped: 'payments_not_configured' };
    }
    const remainingMs = context?.getRemainingTimeInMillis?.bind(context);
    const result = await reconcileSubscriptions(client, table, { remainingMs, now: systemClock });
    countMetric('SubscriptionRowsCorrected', result.rowsCorrected);
    // The missed-run alarm waits for this: a run that has not caught up does not count.
    if (result.caughtUp) countMetric('StripeReconcileSucceeded');
    else logger.warn('Stripe reconciliation stopped before catching up', { ...result });
    logger.info('Stripe subscriptions reconciled', { ...result });
    return result;
  } finally {
    flushMetrics();
  }
}
