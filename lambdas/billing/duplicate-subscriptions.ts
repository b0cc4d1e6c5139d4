import type { Clock } from '../platform/clock';
import Stripe from 'stripe';
import type { Table } from '../platform/dynamo';
import {
  LIVE_SUBSCRIPTION_STATUSES,
  syncCustomerSubscription,
  type EventMarker,
} from './subscription-sync';

/** One subscription cancelled as a second live one of its customer, and what was refunded. */
export interface CanceledDuplicate {
  subscriptionId: string;
  keptSubscriptionId: string;
  refundIds: string[];
}

/**
 * A customer has one live subscription at most. Two checkout sessions paid before either's
 * webhook arrived (or a session completed while another call expired it) make two: the oldest
 * one is kept, every newer one is cancelled at once and its payments refunded (`reason:
 * duplicate`). Why is recorded in Stripe: the subscription's `cancellation_details.comment` and
 * the refund's `metadata` name the subscription kept. Idempotency keys make a retried
 * or concurrent webhook delivery refund once; a subscription already cancelled by another
 * delivery is no longer live and is left alone.
 */
export async function cancelDuplicateSubscriptions(
  stripe: Stripe,
  customerId: string,
): Promise<CanceledDuplicate[]> {
  const { data } = await stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 100,
  });
  // Stripe lists newest first (creation times tie within a second; the order does not).
  const live = data.filter((subscription) => LIVE_SUBSCRIPTION_STATUSES.has(subscription.status));
  const kept = live.at(-1);
  const duplicates = live.slice(0, -1);
  const canceled: CanceledDuplicate[] = [];
  for (const duplicate of duplicates) {
    const why = `Second live subscription of customer ${customerId}: ${kept!.id} is kept`;
    try {
      await stripe.subscriptions.cancel(duplicate.id, { cancellation_details: { comment: why } });
    } catch (error) {
      // Another delivery cancelled it first; it still refunds below, once (idempotency key).
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
    const refundIds: string[] = [];
    const invoice =
      typeof duplicate.latest_invoice === 'string'
        ? duplicate.latest_invoice
        : duplicate.latest_invoice?.id;
    if (invoice) {
      for await (const payment of stripe.invoicePayments.list({ invoice, status: 'paid' })) {
        const paymentIntent = payment.payment.payment_intent;
        const paymentIntentId =
          typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
        if (!paymentIntentId) continue;
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            reason: 'duplicate',
            metadata: { subscription: duplicate.id, duplicate_of: kept!.id },
          },
          { idempotencyKey: `duplicate-subscription-refund-${paymentIntentId}` },
        );
        refundIds.push(refund.id);
      }
    }
    canceled.push({ subscriptionId: duplicate.id, keptSubscriptionId: kept!.id, refundIds });
  }
  return canceled;
}

/**
 * What the webhook and the daily reconciliation both do for a customer whose subscriptions
 * changed: cancel and refund a second live subscription (each one logged as a warning), then
 * re-read the customer's state from Stripe and store the row.
 */
export async function settleCustomer(
  stripe: Stripe,
  table: Table,
  customer: { userId: string; customerId: string; event?: EventMarker },
  log: { warn(message: string, fields: Record<string, unknown>): void },
  now: Clock,
) {
  const { userId, customerId, event } = customer;
  for (const duplicate of await cancelDuplicateSubscriptions(stripe, customerId)) {
    log.warn('second live subscription cancelled and refunded', {
      ...(event ? { event_id: event.eventId } : {}),
      subscription_id: duplicate.subscriptionId,
      kept_subscription_id: duplicate.keptSubscriptionId,
      refund_ids: duplicate.refundIds,
    });
  }
  return syncCustomerSubscription(stripe, table, userId, customerId, now, event);
}
