import { systemClock, type Clock } from '../platform/clock';
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

/**
 * The events are read oldest first, one window of this length at a time; after each window the
 * cursor moves to its end, so a backlog longer than one run still moves forward every run.
 */
export const RECONCILE_WINDOW_SECONDS = 6 * 60 * 60;

export interface ReconcileResult {
  /** Unix seconds: the events looked at were created at or after this. */
  since: number;
  /** Unix seconds: every change before this is synced (the saved cursor). */
  syncedUntil: number;
  /** False when the run stopped early (its time ran out) with events still to read. */
  caughtUp: boolean;
  customersChecked: number;
  rowsCorrected: number;
}

export interface ReconcileOptions {
  /** Milliseconds left in this invocation; a new window starts only while this is ample. */
  remainingMs?: () => number;
  /** The clock (tests move it). */
  now?: Clock;
}

/** Time a window may take: one is started only with this much of the invocation left. */
const WINDOW_BUDGET_MS = 60_000;

const sameRow = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The customers whose subscriptions changed from `from` until `until` (open-ended if unset). */
async function changedCustomers(
  stripe: Stripe,
  from: number,
  until: number | undefined,
): Promise<Set<string>> {
  const customers = new Set<string>();
  for await (const event of stripe.events.list({
    type: SUBSCRIPTION_EVENTS,
    created: until === undefined ? { gte: from } : { gte: from, lt: until },
    limit: 100,
  })) {
    const customerId = customerIdOf(event);
    if (customerId) customers.add(customerId);
  }
  return customers;
}

/** Re-syncs one customer's row; true when what was stored differed from Stripe's. */
async function resync(
  stripe: Stripe,
  table: Table,
  customerId: string,
  now: Clock,
): Promise<boolean> {
  const userId = await userIdForCustomer(table, customerId);
  if (!userId) return false; // a customer this deployment did not create
  const { Item } = await table.doc.get({
    TableName: table.name,
    Key: paymentKeys.subscription(userId),
    ConsistentRead: true,
  });
  const stored = subscriptionRowOf(Item);
  const { row, outcome } = await settleCustomer(stripe, table, { userId, customerId }, logger, now);
  return outcome === 'saved' && !sameRow(stored, row);
}

/**
 * Finds the subscriptions that changed since the last run (Stripe's events list: a subscription
 * whose webhook was lost still has its event there) and re-syncs each customer's row through the
 * webhook's own sync code; a row is "corrected" when what was stored differs from Stripe's.
 * Windows are read oldest first and the cursor is saved after each one: a failed or cut-short
 * run is resumed from the last window it finished.
 */
export async function reconcileSubscriptions(
  stripe: Stripe,
  table: Table,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const now = options.now ?? systemClock;
  const startedAt = Math.floor(now() / 1000);
  const { Item: cursor } = await table.doc.get({
    TableName: table.name,
    Key: paymentKeys.reconcileCursor(),
    ConsistentRead: true,
  });
  const previous = typeof cursor?.synced_until === 'number' ? cursor.synced_until : 0;
  const since = Math.max(previous - CURSOR_OVERLAP_SECONDS, startedAt - EVENT_RETENTION_SECONDS);

  let from = since;
  let customersChecked = 0;
  let rowsCorrected = 0;
  while (from < startedAt) {
    if (options.remainingMs && options.remainingMs() < WINDOW_BUDGET_MS) break;
    const until = Math.min(from + RECONCILE_WINDOW_SECONDS, startedAt);
    // The last window is open-ended: an event of this very second is not left for tomorrow.
    const customers = await changedCustomers(stripe, from, until < startedAt ? until : undefined);
    for (const customerId of customers) {
      if (await resync(stripe, table, customerId, now)) rowsCorrected++;
    }
    customersChecked += customers.size;
    await table.doc.put({
      TableName: table.name,
      Item: {
        ...paymentKeys.reconcileCursor(),
        synced_until: until,
        customers_checked: customers.size,
      },
    });
    from = until;
  }
  const caughtUp = from >= startedAt;
  return { since, syncedUntil: from, caughtUp, customersChecked, rowsCorrected };
}
