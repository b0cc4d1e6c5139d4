import type Stripe from 'stripe';
import { SUBSCRIPTION_COLUMNS, type SubscriptionRow } from '../../shared/subscription-row';
import { RETRY, retryOnConflict } from '../platform/conflict-retry';
import { cancellationCodes, isConditionFailure, type Table } from '../platform/dynamo';
import { paymentKeys } from './items';
import type { Clock } from '../platform/clock';

/** Longer than Stripe's 3-day retry window. */
export const EVENT_MARKER_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SubscriptionSnapshot {
  row: SubscriptionRow;
  /** When the Stripe read began (ms): a snapshot read earlier never overwrites a later one. */
  readAt: number;
}

export function notStartedRow(customerId: string): SubscriptionRow {
  return {
    customer_id: customerId,
    subscription_id: null,
    subscription_status: 'not_started',
    price_id: null,
    current_period_start: null,
    current_period_end: null,
    cancel_at_period_end: false,
    payment_method_brand: null,
    payment_method_last4: null,
  };
}

function cardOf(paymentMethod: string | Stripe.PaymentMethod | null | undefined) {
  if (!paymentMethod || typeof paymentMethod === 'string') return undefined;
  return paymentMethod.card
    ? { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 }
    : { brand: paymentMethod.type, last4: null };
}

/** A subscription in one of these states is live: a second one would double-bill. */
export const LIVE_SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set([
  'active',
  'trialing',
  'past_due',
]);

/**
 * Reads the customer's current subscription state from Stripe (the "sync" approach): the live
 * subscription (else the latest) its default payment method expanded, the billing period from its items
 * (API 2025-03-31.basil moved it there), falling back to the customer's default payment method.
 */
export async function readSubscriptionSnapshot(
  stripe: Stripe,
  customerId: string,
  now: Clock,
): Promise<SubscriptionSnapshot> {
  const readAt = now();
  const { data } = await stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 10,
    expand: ['data.default_payment_method'],
  });
  // A newer one may be a duplicate the webhook cancelled (`duplicate-subscriptions.ts`).
  const subscription =
    data.find((candidate) => LIVE_SUBSCRIPTION_STATUSES.has(candidate.status)) ?? data[0];
  if (!subscription) return { row: notStartedRow(customerId), readAt };

  let card = cardOf(subscription.default_payment_method);
  if (!card) {
    const customer = await stripe.customers.retrieve(customerId, {
      expand: ['invoice_settings.default_payment_method'],
    });
    if (!customer.deleted) card = cardOf(customer.invoice_settings.default_payment_method);
  }
  const items = subscription.items.data;
  const current = items.reduce<Stripe.SubscriptionItem | undefined>(
    (latest, item) =>
      !latest || item.current_period_end > latest.current_period_end ? item : latest,
    undefined,
  );
  return {
    readAt,
    row: {
      customer_id: customerId,
      subscription_id: subscription.id,
      subscription_status: subscription.status,
      price_id: current?.price.id ?? null,
      current_period_start: current?.current_period_start ?? null,
      current_period_end: current?.current_period_end ?? null,
      cancel_at_period_end: subscription.cancel_at_period_end,
      payment_method_brand: card?.brand ?? null,
      payment_method_last4: card?.last4 ?? null,
    },
  };
}

export async function userIdForCustomer(table: Table, customerId: string): Promise<string | null> {
  const { Item } = await table.doc.get({
    TableName: table.name,
    Key: paymentKeys.customerUser(customerId),
    ConsistentRead: true,
  });
  return typeof Item?.user_id === 'string' ? Item.user_id : null;
}

/** The view's row from the stored `USER#<id>`/`SUBSCRIPTION` item (`paymentKeys.subscription`). */
export function subscriptionRowOf(
  item: Record<string, unknown> | undefined,
): SubscriptionRow | null {
  if (!item) return null;
  return Object.fromEntries(
    SUBSCRIPTION_COLUMNS.map((column) => [column, item[column] ?? null]),
  ) as unknown as SubscriptionRow;
}

export interface EventMarker {
  eventId: string;
  type: string;
}

export type SaveOutcome = 'saved' | 'newer_snapshot_kept' | 'duplicate_event';

const MAX_CONFLICT_RETRIES = 4;

/**
 * Overwrites the user's row with the snapshot unless a snapshot read later is already stored,
 * and (for webhooks) records the event id in the same transaction, after which a redelivery is
 * skipped. The marker is written only together with (or after) the row, so a failed attempt is
 * retried by Stripe instead of being skipped.
 */
export async function saveSubscriptionSnapshot(
  table: Table,
  userId: string,
  snapshot: SubscriptionSnapshot,
  now: Clock,
  event?: EventMarker,
): Promise<SaveOutcome> {
  const nowSeconds = Math.floor(now() / 1000);
  const rowPut = {
    TableName: table.name,
    Item: {
      ...paymentKeys.subscription(userId),
      user_id: userId,
      ...snapshot.row,
      read_at: snapshot.readAt,
    },
    ConditionExpression:
      'attribute_not_exists(pk) OR attribute_not_exists(read_at) OR read_at <= :readAt',
    ExpressionAttributeValues: { ':readAt': snapshot.readAt },
  };
  const markerPut = event && {
    TableName: table.name,
    Item: {
      ...paymentKeys.stripeEvent(event.eventId),
      type: event.type,
      user_id: userId,
      processed_at: nowSeconds,
      ttl: nowSeconds + EVENT_MARKER_TTL_SECONDS,
    },
    // DynamoDB deletes expired items only eventually (up to days later): an expired marker
    // counts as absent.
    ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':now': nowSeconds },
  };

  let conflict: unknown;
  return retryOnConflict(
    { attempts: MAX_CONFLICT_RETRIES + 1, backoffMs: 20 },
    async () => {
      try {
        if (!markerPut) {
          await table.doc.put(rowPut);
          return 'saved';
        }
        await table.doc.transactWrite({ TransactItems: [{ Put: rowPut }, { Put: markerPut }] });
        return 'saved';
      } catch (error) {
        if (isConditionFailure(error)) return 'newer_snapshot_kept';
        const reasons = cancellationCodes(error);
        if (reasons.length === 0) throw error;
        if (reasons[1] === 'ConditionalCheckFailed') return 'duplicate_event';
        if (reasons[0] === 'ConditionalCheckFailed' && markerPut) {
          try {
            await table.doc.put(markerPut);
          } catch (markerError) {
            if (!isConditionFailure(markerError)) throw markerError;
            return 'duplicate_event';
          }
          return 'newer_snapshot_kept';
        }
        // A concurrent write to the same items (TransactionConflict): try again shortly.
        conflict = error;
        return RETRY;
      }
    },
    () => {
      throw conflict;
    },
  );
}

/** Whether this event id was already processed (an expired marker counts as absent). */
export async function isEventProcessed(
  table: Table,
  eventId: string,
  now: Clock,
): Promise<boolean> {
  const { Item } = await table.doc.get({
    TableName: table.name,
    Key: paymentKeys.stripeEvent(eventId),
    ConsistentRead: true,
  });
  return !!Item && (typeof Item.ttl !== 'number' || Item.ttl >= Math.floor(now() / 1000));
}

/** Reads Stripe and stores the result: what the webhook and the checkout call both do. */
export async function syncCustomerSubscription(
  stripe: Stripe,
  table: Table,
  userId: string,
  customerId: string,
  now: Clock,
  event?: EventMarker,
): Promise<{ row: SubscriptionRow; outcome: SaveOutcome }> {
  const snapshot = await readSubscriptionSnapshot(stripe, customerId, now);
  const outcome = await saveSubscriptionSnapshot(table, userId, snapshot, now, event);
  return { row: snapshot.row, outcome };
}
