import type { Clock } from '../platform/clock';
import type Stripe from 'stripe';
import { settleCustomer } from '../billing/duplicate-subscriptions';
import { paymentKeys } from '../billing/items';
import { logger } from '../platform/logging';
import { subscriptionRowOf, userIdForCustomer } from '../billing/subscription-sync';
import type { Table } from '../platform/dynamo';
import { customerIdOf } from '../billing/stripe-events';

/** Stripe keeps events for 30 days: the first run (no cursor) looks that far back. */
export const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;
/** Each run looks a little before its cursor: an event may be recorded after its `created` time. */
export const CURSOR_OVERLAP_SECONDS = 60 * 60;

/** Every change to a subscription is one of these events (Stripe's types filter takes a `*`). */
export const SUBSCRIPTION_EVENTS = 'customer.subscription.*';

export interface ReconcileResult {
  /** Unix seconds: the events looked at were created at or after this. */
  since: number;
  customersChecked: number;
  rowsCorrected: number;
}

const sameRow = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Finds the subscriptions that changed since the last run (Stripe's events list: a subscription
 * whose webhook was lost still has its event there) and re-syncs each customer's row through the
 * webhook's own sync code; a row is "corrected" when what was stored differs from Stripe's.
 * The cursor moves only after every customer was synced, so a failed run is redone next time.
 */
export async function reconcileSubscriptions(
  stripe: Stripe,
  table: Table,
  now: Clock,
): Promise<ReconcileResult> {
  const startedAt = Math.floor(now() / 1000);
  const { Item: cursor } = await table.doc.get({
    TableName: table.name,
    Key: paymentKeys.reconcileCursor(),
    ConsistentRead: true,
  });
  const syncedUntil = typeof cursor?.synced_until === 'number' ? cursor.synced_until : 0;
  const since = Math.max(syncedUntil - CURSOR_OVERLAP_SECONDS, startedAt - EVENT_RETENTION_SECONDS);

  const customers = new Set<string>();
  for await (const event of stripe.events.list({
    type: SUBSCRIPTION_EVENTS,
    created: { gte: since },
    limit: 100,
  })) {
    const customerId = customerIdOf(event);
    if (customerId) customers.add(customerId);
  }

  let rowsCorrected = 0;
  for (const customerId of customers) {
    const userId = await userIdForCustomer(table, customerId);
    if (!userId) continue; // a customer this deployment did not create
    const { Item } = await table.doc.get({
      TableName: table.name,
      Key: paymentKeys.subscription(userId),
      ConsistentRead: true,
    });
    const stored = subscriptionRowOf(Item);
    const { row, outcome } = await settleCustomer(
      stripe,
      table,
      { userId, customerId },
      logger,
      now,
    );
    if (outcome === 'saved' && !sameRow(stored, row)) rowsCorrected++;
  }

  await table.doc.put({
    TableName: table.name,
    Item: {
      ...paymentKeys.reconcileCursor(),
      synced_until: startedAt,
      customers_checked: customers.size,
    },
  });
  return { since, customersChecked: customers.size, rowsCorrected };
}
