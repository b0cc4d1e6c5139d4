import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { SubscriptionRow } from '../../shared/subscription-row';
import {
  emulatorControl,
  readView,
  startPaymentsStack,
  subscribe,
  type PaymentsStack,
} from './payments-stack';

let stack: PaymentsStack;

beforeAll(async () => {
  stack = await startPaymentsStack();
});
afterEach(() => emulatorControl(stack, 'DELETE', '/delivery'));
afterAll(() => stack?.stop());

/** What must not depend on delivery: everything but the per-user ids and the clock. */
function shape(row: SubscriptionRow | null) {
  return {
    subscription_status: row?.subscription_status,
    price_id: row?.price_id,
    period_length: row ? row.current_period_end! - row.current_period_start! : null,
    cancel_at_period_end: row?.cancel_at_period_end,
    payment_method_brand: row?.payment_method_brand,
    payment_method_last4: row?.payment_method_last4,
  };
}

it('duplicated, shuffled and delayed delivery converge on the same final row', async () => {
  const reference = await stack.signUp();
  await subscribe(reference);
  const expected = (await readView(reference)).data as SubscriptionRow;

  await emulatorControl(stack, 'PUT', '/delivery', {
    duplicate: true,
    shuffle: true,
    delayMs: 300,
    hold: true,
  });
  const user = await stack.signUp();
  const { checkout } = await subscribe(user);
  // Late: the browser is back on the site before any event arrived.
  expect((await readView(user)).data?.subscription_status).toBe('not_started');
  await emulatorControl(stack, 'POST', '/release');
  await emulatorControl(stack, 'POST', '/settle');

  const row = (await readView(user)).data as SubscriptionRow;
  expect(shape(row)).toEqual(shape(expected));
  expect(row.subscription_id).toBe(
    stack.stripe.emulator.checkoutSessions.get(checkout.sessionId)?.subscription,
  );

  // Every event reached the app twice; the second copy was recognised from its stored marker.
  const customerEvents = [...stack.stripe.emulator.webhooks.events.values()].filter(
    (event) => (event.data.object as { customer?: string }).customer === row.customer_id,
  );
  expect(customerEvents).toHaveLength(3);
  for (const event of customerEvents) {
    const copies = stack.stripe.emulator.webhooks.deliveries.filter(
      (delivery) => delivery.eventId === event.id && delivery.status === 200,
    );
    expect(copies).toHaveLength(2);
  }
  const { Items } = await stack.table.doc.scan({
    TableName: stack.table.name,
    FilterExpression: 'begins_with(pk, :event) AND user_id = :user',
    ExpressionAttributeValues: { ':event': 'STRIPE_EVENT#', ':user': user.userId },
  });
  expect(Items?.map((item) => item.pk).sort()).toEqual(
    customerEvents.map((event) => `STRIPE_EVENT#${event.id}`).sort(),
  );
  for (const item of Items ?? []) expect(item.ttl).toBeGreaterThan(Date.now() / 1000 + 3 * 86400);
});

it('an old event delivered after a newer change does not bring back the old state', async () => {
  const user = await stack.signUp();
  await subscribe(user);
  const active = (await readView(user)).data as SubscriptionRow;
  const created = [...stack.stripe.emulator.webhooks.events.values()].find(
    (event) =>
      event.type === 'customer.subscription.created' &&
      (event.data.object as { id: string }).id === active.subscription_id,
  )!;

  await emulatorControl(stack, 'PUT', '/delivery', { shuffle: true, duplicate: true });
  await emulatorControl(stack, 'POST', `/subscriptions/${active.subscription_id}/advance-period`);
  await emulatorControl(stack, 'POST', `/subscriptions/${active.subscription_id}/cancel-now`);
  // Stripe redelivers an event about the original, active subscription after it was canceled.
  await emulatorControl(stack, 'POST', `/events/${created.id}/resend`);
  await emulatorControl(stack, 'POST', '/settle');

  const row = (await readView(user)).data as SubscriptionRow;
  expect(row.subscription_status).toBe('canceled');
  expect(row.current_period_start).toBe(active.current_period_end);
});
