import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentKeys } from '../../lambdas/billing/items';
import { identityKeys } from '../../lambdas/identity/items';
import {
  readView,
  startCheckout,
  startPaymentsStack,
  subscribe,
  type PaymentsStack,
  type TestUser,
} from '../payments/payments-stack';

let stack: PaymentsStack;

// The deploy of the new layout, before scripts/migrate-partitions.ts has run: what the code
// does with `LEGACY_PARTITIONS=true` (cdk.json's `legacyPartitions`).
beforeAll(async () => {
  stack = await startPaymentsStack({ LEGACY_PARTITIONS: 'true' });
});
afterAll(() => stack?.stop());

/** Moves the user's session and billing items back under `USER#<id>`, as the old code kept them. */
async function toOldLayout(user: TestUser, sessionId: string) {
  const { table } = stack;
  const TableName = table.name;
  for (const key of [
    identityKeys.session(user.userId, sessionId),
    paymentKeys.subscription(user.userId),
    paymentKeys.stripeCustomer(user.userId),
  ]) {
    const { Item } = await table.doc.get({ TableName, Key: key, ConsistentRead: true });
    expect(Item, key.pk).toBeDefined();
    await table.doc.put({ TableName, Item: { ...Item, pk: `USER#${user.userId}` } });
    await table.doc.delete({ TableName, Key: key });
  }
}

it('old-layout data against the new code: sessions refresh, subscriptions read, checkout answers 409', async () => {
  const user = await stack.signUp();
  await subscribe(user);
  await expect.poll(async () => (await readView(user)).data?.subscription_status).toBe('active');
  const { data: before } = await user.client.auth.getSession();
  const sessionId = JSON.parse(
    Buffer.from(before.session!.access_token.split('.')[1]!, 'base64url').toString(),
  ).session_id as string;
  await toOldLayout(user, sessionId);

  // The access token issued before the deploy still reads the view.
  const view = await readView(user);
  expect(view.error).toBeNull();
  expect(view.data).toMatchObject({ subscription_status: 'active' });

  // The refresh token issued before the deploy still refreshes, and the new token reads too.
  const refreshed = await user.client.auth.refreshSession();
  expect(refreshed.error).toBeNull();
  expect(refreshed.data.session?.access_token).not.toBe(before.session!.access_token);
  expect((await readView(user)).data).toMatchObject({ subscription_status: 'active' });

  // The billing portal still opens for the customer.
  const portal = await user.client.functions.invoke<{ url: string }>('billing-portal', {
    body: {},
  });
  expect(portal.error).toBeNull();
  expect(portal.data?.url).toMatch(/^http/);

  // Checkout finds the existing customer: 409, and no second customer in Stripe.
  const checkout = await startCheckout(user);
  expect(checkout.status).toBe(409);
  expect(checkout.errorBody?.code).toBe('already_subscribed');
  const customers = [...stack.stripe.emulator.customers.values()].filter(
    (customer) => customer.metadata.user_id === user.userId,
  );
  expect(customers).toHaveLength(1);
});
