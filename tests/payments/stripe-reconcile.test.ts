import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { logger } from '../../lambdas/platform/logging';
import { metrics } from '../../lambdas/platform/metrics';
import { paymentKeys } from '../../lambdas/billing/items';
import { lazyStripeClient, readStripeConfig } from '../../lambdas/billing/stripe-client';
import {
  CURSOR_OVERLAP_SECONDS,
  RECONCILE_WINDOW_SECONDS,
  reconcileSubscriptions,
} from '../../lambdas/stripe-reconcile/reconcile';
import type { SubscriptionRow } from '../../shared/subscription-row';
import {
  emulatorControl,
  payOnHostedPage,
  readView,
  secondCheckoutSession,
  startPaymentsStack,
  subscribe,
  type PaymentsStack,
} from './payments-stack';

/**
 * A lost `customer.subscription.deleted` would leave access on forever: the daily
 * reconciliation (the deploy bundle's entry, as the scheduler invokes it) finds the change in
 * Stripe's events and corrects the row through the webhook's sync code.
 */
let stack: PaymentsStack;
type Result = {
  since: number;
  syncedUntil: number;
  caughtUp: boolean;
  customersChecked: number;
  rowsCorrected: number;
};
let handler: (event?: unknown, context?: never) => Promise<Result | { skipped: string }>;
const originalEnv = { ...process.env };

beforeAll(async () => {
  stack = await startPaymentsStack();
  Object.assign(process.env, stack.env);
  ({ handler } = await import('../../lambdas/stripe-reconcile/index'));
});
afterAll(async () => {
  for (const key of Object.keys(process.env)) if (!(key in originalEnv)) delete process.env[key];
  await emulatorControl(stack, 'DELETE', '/delivery');
  await stack?.stop();
});

it('a dropped customer.subscription.deleted: the next run corrects the row, and counts it', async () => {
  const user = await stack.signUp();
  await subscribe(user);
  await emulatorControl(stack, 'POST', '/settle');
  const active = (await readView(user)).data as SubscriptionRow;
  expect(active.subscription_status).toBe('active');

  const addMetric = vi.spyOn(metrics, 'addMetric');
  const addContext = vi.spyOn(logger, 'addContext');
  // Everything so far is in sync: nothing to correct. Invoked as the scheduler does, with a
  // context whose request id goes on every log line.
  const context = { awsRequestId: 'reconcile-request-1', functionName: 'StripeReconcileFunction' };
  const first = (await handler({}, context as never)) as Result;
  expect(addContext).toHaveBeenCalledWith(context);
  expect(first.rowsCorrected).toBe(0);
  expect(first.customersChecked).toBeGreaterThan(0);

  await emulatorControl(stack, 'PUT', '/delivery', { drop: true });
  await emulatorControl(stack, 'POST', `/subscriptions/${active.subscription_id}/cancel-now`);
  await emulatorControl(stack, 'POST', '/settle');
  const deleted = [...stack.stripe.emulator.webhooks.events.values()].filter(
    (event) => event.type === 'customer.subscription.deleted',
  );
  expect(deleted).toHaveLength(1);
  expect(stack.stripe.emulator.webhooks.deliveries.some((d) => d.eventId === deleted[0]!.id)).toBe(
    false,
  );
  // The webhook never came: the row still grants access.
  expect(((await readView(user)).data as SubscriptionRow).subscription_status).toBe('active');

  const second = (await handler()) as Result;
  expect(second.rowsCorrected).toBe(1);
  expect(((await readView(user)).data as SubscriptionRow).subscription_status).toBe('canceled');
  expect(addMetric).toHaveBeenCalledWith('SubscriptionRowsCorrected', MetricUnit.Count, 1);

  // The cursor moved: the next run starts an hour before the previous one began.
  const { Item } = await stack.table.doc.get({
    TableName: stack.table.name,
    Key: paymentKeys.reconcileCursor(),
  });
  const third = (await handler()) as Result;
  expect(third.since).toBe((Item!.synced_until as number) - CURSOR_OVERLAP_SECONDS);
  expect(third.rowsCorrected).toBe(0);
  addMetric.mockRestore();
});

it('a second live subscription whose webhooks were lost: the next run cancels and refunds it', async () => {
  const user = await stack.signUp();
  const { checkout } = await subscribe(user);
  await emulatorControl(stack, 'POST', '/settle');
  const emulator = stack.stripe.emulator;

  await emulatorControl(stack, 'PUT', '/delivery', { drop: true });
  const { customer, session: second } = secondCheckoutSession(stack, checkout.sessionId);
  expect((await payOnHostedPage(second.url!, { cardNumber: '4242 4242 4242 4242' })).status).toBe(
    303,
  );
  await emulatorControl(stack, 'POST', '/settle');
  const live = () =>
    [...emulator.subscriptions.values()].filter(
      (subscription) => subscription.customer === customer && subscription.status === 'active',
    );
  expect(live()).toHaveLength(2);

  await handler({});
  const [kept] = live();
  expect(live()).toHaveLength(1);
  expect(
    [...emulator.refunds.values()].filter((refund) => refund.metadata?.duplicate_of === kept!.id),
  ).toHaveLength(1);
  expect((await readView(user)).data).toMatchObject({
    subscription_id: kept!.id,
    subscription_status: 'active',
  });
});

it('before the operator sets the Stripe key, a run is skipped (no error, no alarm), cursor untouched', async () => {
  const before = await stack.table.doc.get({
    TableName: stack.table.name,
    Key: paymentKeys.reconcileCursor(),
  });
  vi.resetModules();
  process.env.STRIPE_SECRET_KEY = 'Rk2aPlaceholderTheStackCreates';
  try {
    const fresh = (await import('../../lambdas/stripe-reconcile/index')).handler;
    expect(await fresh({})).toEqual({ skipped: 'payments_not_configured' });
  } finally {
    process.env.STRIPE_SECRET_KEY = stack.env.STRIPE_SECRET_KEY;
  }
  const after = await stack.table.doc.get({
    TableName: stack.table.name,
    Key: paymentKeys.reconcileCursor(),
  });
  expect(after.Item).toEqual(before.Item);
});

const readCursor = async () =>
  (
    await stack.table.doc.get({
      TableName: stack.table.name,
      Key: paymentKeys.reconcileCursor(),
      ConsistentRead: true,
    })
  ).Item?.synced_until as number;
const setCursor = (syncedUntil: number) =>
  stack.table.doc.put({
    TableName: stack.table.name,
    Item: { ...paymentKeys.reconcileCursor(), synced_until: syncedUntil },
  });

it('a backlog longer than one run: the cursor is saved after each window, and the next run goes on from it', async () => {
  const now = Math.floor(Date.now() / 1000);
  await setCursor(now - 3 * 24 * 60 * 60 + CURSOR_OVERLAP_SECONDS);
  const addMetric = vi.spyOn(metrics, 'addMetric');
  // Time for two windows only, as if the invocation were about to time out.
  let windows = 0;
  const context = {
    awsRequestId: 'reconcile-backlog',
    getRemainingTimeInMillis: () => (windows++ < 2 ? 300_000 : 1_000),
  };
  const first = (await handler({}, context as never)) as Result;
  expect(first.since).toBe(now - 3 * 24 * 60 * 60);
  expect(first.caughtUp).toBe(false);
  expect(first.syncedUntil).toBe(first.since + 2 * RECONCILE_WINDOW_SECONDS);
  expect(await readCursor()).toBe(first.syncedUntil);
  // Not caught up: the missed-run alarm's metric is not counted.
  expect(addMetric).not.toHaveBeenCalledWith('StripeReconcileSucceeded', MetricUnit.Count, 1);

  const second = (await handler({})) as Result;
  expect(second.since).toBe(first.syncedUntil - CURSOR_OVERLAP_SECONDS);
  expect(second.caughtUp).toBe(true);
  expect(await readCursor()).toBeGreaterThanOrEqual(now);
  expect(addMetric).toHaveBeenCalledWith('StripeReconcileSucceeded', MetricUnit.Count, 1);
  addMetric.mockRestore();
});

it('a run that fails midway keeps the windows it finished: the cursor is where it stopped', async () => {
  const now = Math.floor(Date.now() / 1000);
  const start = now - 2 * 24 * 60 * 60;
  await setCursor(start + CURSOR_OVERLAP_SECONDS);
  const client = await lazyStripeClient(readStripeConfig(stack.env))();
  const list = client.events.list.bind(client.events);
  let calls = 0;
  client.events.list = ((...args: Parameters<typeof list>) => {
    if (++calls === 3) throw new Error('Stripe is down');
    return list(...args);
  }) as typeof list;
  await expect(reconcileSubscriptions(client, stack.table)).rejects.toThrow('Stripe is down');
  expect(await readCursor()).toBe(start + 2 * RECONCILE_WINDOW_SECONDS);
});
