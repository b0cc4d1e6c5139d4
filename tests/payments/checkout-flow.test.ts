import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentKeys } from '../../lambdas/billing/items';
import { addOneMonth } from '../../local/stripe-emulator/objects';
import {
  SITE,
  emulatorControl,
  payOnHostedPage,
  secondCheckoutSession,
  readView,
  startCheckout,
  startPaymentsStack,
  subscribe,
  type PaymentsStack,
} from './payments-stack';

let stack: PaymentsStack;

beforeAll(async () => {
  stack = await startPaymentsStack();
});
afterAll(() => stack?.stop());

describe('paying for the plan', () => {
  it('sign up → checkout → hosted page → webhook → the view shows active, visa, 4242, one month', async () => {
    const user = await stack.signUp();
    const checkout = await startCheckout(user);
    expect(checkout.status).toBe(200);
    expect(checkout.data?.sessionId).toMatch(/^cs_test_/);
    expect(checkout.data?.url).toBe(`${stack.stripe.url}/c/pay/${checkout.data?.sessionId}`);

    const paid = await payOnHostedPage(checkout.data!.url, { cardNumber: '4242 4242 4242 4242' });
    for (const label of ['Email', 'Card number', 'Expiration', 'CVC', 'Cardholder name']) {
      expect(paid.page).toContain(`>${label}</label>`);
    }
    expect(paid.page).toContain('>Subscribe</button>');
    expect(paid.page).toContain(`value="${user.email}"`);
    expect(paid.page).toContain(`href="${SITE}/payment"`);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${SITE}/success?session_id=${checkout.data!.sessionId}`);

    const { data: row, error } = await readView(user);
    expect(error).toBeNull();
    expect(Object.keys(row!)).toEqual([
      'customer_id',
      'subscription_id',
      'subscription_status',
      'price_id',
      'current_period_start',
      'current_period_end',
      'cancel_at_period_end',
      'payment_method_brand',
      'payment_method_last4',
    ]);
    expect(row).toMatchObject({
      subscription_status: 'active',
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
      cancel_at_period_end: false,
    });
    expect(row!.current_period_end).toBe(addOneMonth(row!.current_period_start));
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(row!.current_period_end).toBeGreaterThan(nowSeconds + 27 * 24 * 3600);
    expect(row!.current_period_end).toBeLessThanOrEqual(nowSeconds + 31 * 24 * 3600);

    const deliveries = stack.stripe.emulator.webhooks.deliveries.filter(
      (delivery) => delivery.status === 200,
    );
    expect(deliveries.map((delivery) => delivery.type)).toEqual(
      expect.arrayContaining([
        'checkout.session.completed',
        'customer.subscription.created',
        'invoice.paid',
      ]),
    );

    // `.single()` asks for one object; the same row comes back.
    const single = await user.client.from('stripe_user_subscriptions').select('*').single();
    expect(single.data).toEqual(row);
    const columns = await user.client
      .from('stripe_user_subscriptions')
      .select('subscription_status, current_period_end')
      .maybeSingle();
    expect(columns.data).toEqual({
      subscription_status: 'active',
      current_period_end: row!.current_period_end,
    });

    // Paying twice is refused with a clear message instead of a second subscription.
    const again = await startCheckout(user);
    expect(again.status).toBe(409);
    expect(again.errorBody).toEqual({
      error: 'You already have an active subscription',
      code: 'already_subscribed',
    });
  });

  it("a declined card shows Stripe's message on the page and leaves no active row", async () => {
    const user = await stack.signUp();
    const checkout = await startCheckout(user);
    const declined = await payOnHostedPage(checkout.data!.url, {
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(402);
    expect(declined.location).toBeNull();
    expect(declined.body).toContain('Your card was declined.');

    const { data: row, error } = await readView(user);
    expect(error).toBeNull();
    expect(row?.subscription_status).not.toBe('active');
    expect(row).toMatchObject({ subscription_id: null, payment_method_last4: null });

    // The same session still takes a good card afterwards.
    const paid = await payOnHostedPage(checkout.data!.url, { cardNumber: '4242424242424242' });
    expect(paid.status).toBe(303);
    expect((await readView(user)).data?.subscription_status).toBe('active');
  });

  it("another user's row is invisible", async () => {
    const payer = await stack.signUp();
    await subscribe(payer);
    const payerRow = (await readView(payer)).data!;
    expect(payerRow.subscription_status).toBe('active');

    const other = await stack.signUp();
    expect(await readView(other)).toMatchObject({ data: null, error: null, status: 200 });
    const filtered = await other.client
      .from('stripe_user_subscriptions')
      .select('*')
      .eq('customer_id', payerRow.customer_id)
      .maybeSingle();
    expect(filtered).toMatchObject({ data: null, error: null });
    const single = await other.client.from('stripe_user_subscriptions').select('*').single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });

    // The publishable key alone (signed out) sees no rows either.
    const anonymous = await fetch(`${stack.apiUrl}/rest/v1/stripe_user_subscriptions?select=*`, {
      headers: { apikey: stack.env.PUBLISHABLE_KEY! },
    });
    expect(await anonymous.json()).toEqual([]);
  });
});

describe('after subscribing', () => {
  it('renewal advances current_period_end by a month', async () => {
    const user = await stack.signUp();
    await subscribe(user);
    const before = (await readView(user)).data!;
    await emulatorControl(stack, 'POST', `/subscriptions/${before.subscription_id}/advance-period`);
    const after = (await readView(user)).data!;
    expect(after.subscription_status).toBe('active');
    expect(after.current_period_start).toBe(before.current_period_end);
    expect(after.current_period_end).toBe(addOneMonth(before.current_period_end));
  });

  it('a failed renewal makes the row past_due', async () => {
    const user = await stack.signUp();
    await subscribe(user);
    const before = (await readView(user)).data!;
    await emulatorControl(stack, 'POST', '/fail-next-invoice');
    await emulatorControl(stack, 'POST', `/subscriptions/${before.subscription_id}/advance-period`);
    expect((await readView(user)).data?.subscription_status).toBe('past_due');
  });

  it('cancelling in the billing portal sets cancel_at_period_end', async () => {
    const user = await stack.signUp();
    await subscribe(user);
    const { data, error } = await user.client.functions.invoke<{ url: string }>('billing-portal', {
      body: { return_url: `${SITE}/success` },
    });
    expect(error).toBeNull();
    const portal = await fetch(data!.url);
    const html = await portal.text();
    expect(html).toContain('Cancel subscription');
    expect(html).toContain(`href="${SITE}/success"`);
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
    const cancelled = await fetch(new URL(action!, data!.url), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);

    const row = (await readView(user)).data!;
    expect(row).toMatchObject({ subscription_status: 'active', cancel_at_period_end: true });
    const after = await (await fetch(data!.url)).text();
    expect(after).toContain('Cancels on');
    expect(after).not.toContain('Cancel subscription</button>');
  });

  it('the billing portal without a Stripe customer is a clear 404', async () => {
    const user = await stack.signUp();
    const { error, response } = await user.client.functions.invoke('billing-portal', { body: {} });
    expect(error).not.toBeNull();
    expect(response?.status).toBe(404);
    expect(await response!.json()).toEqual({
      error: 'No billing account yet: subscribe first',
      code: 'no_customer',
    });
  });

  it('two checkout sessions opened, both paid: only the newest can be paid, one subscription', async () => {
    const user = await stack.signUp();
    const first = await startCheckout(user);
    const second = await startCheckout(user);
    expect([first.status, second.status]).toEqual([200, 200]);
    const sessions = stack.stripe.emulator.checkoutSessions;
    expect(sessions.get(first.data!.sessionId)!.status).toBe('expired');
    expect(sessions.get(second.data!.sessionId)!.status).toBe('open');

    const paidFirst = await payOnHostedPage(first.data!.url, { cardNumber: '4242 4242 4242 4242' });
    expect(paidFirst.status).not.toBe(303);
    const paidSecond = await payOnHostedPage(second.data!.url, {
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paidSecond.status).toBe(303);
    const customer = sessions.get(second.data!.sessionId)!.customer as string;
    const subscriptions = [...stack.stripe.emulator.subscriptions.values()].filter(
      (subscription) => subscription.customer === customer,
    );
    expect(subscriptions.map((subscription) => subscription.status)).toEqual(['active']);
    expect((await readView(user)).data).toMatchObject({ subscription_status: 'active' });
  });

  it('two sessions both paid (opened in a race): one active subscription, the newer refunded', async () => {
    const user = await stack.signUp();
    const first = await startCheckout(user);
    const emulator = stack.stripe.emulator;
    const { customer, session: second } = secondCheckoutSession(stack, first.data!.sessionId);
    const card = { cardNumber: '4242 4242 4242 4242' };
    expect((await payOnHostedPage(first.data!.url, card)).status).toBe(303);
    expect((await payOnHostedPage(second.url!, card)).status).toBe(303);
    await emulator.webhooks.settled();

    // In the order they were created.
    const subscriptions = [...emulator.subscriptions.values()].filter(
      (subscription) => subscription.customer === customer,
    );
    expect(subscriptions.map((subscription) => subscription.status)).toEqual([
      'active',
      'canceled',
    ]);
    const [kept, duplicate] = subscriptions;
    expect(duplicate!.cancellation_details?.comment).toBe(
      `Second live subscription of customer ${customer}: ${kept!.id} is kept`,
    );
    const refunds = [...emulator.refunds.values()];
    const duplicatePayments = [...emulator.invoicePayments.values()].filter(
      (payment) => payment.invoice === duplicate!.latest_invoice,
    );
    expect(refunds).toEqual([
      expect.objectContaining({
        payment_intent: duplicatePayments[0]!.payment.payment_intent,
        amount: duplicatePayments[0]!.amount_paid,
        reason: 'duplicate',
        metadata: { subscription: duplicate!.id, duplicate_of: kept!.id },
      }),
    ]);
    expect((await readView(user)).data).toMatchObject({
      subscription_id: kept!.id,
      subscription_status: 'active',
    });
  });

  it('the billing portal forgets a customer Stripe no longer has, its row too, and says so (404)', async () => {
    const user = await stack.signUp();
    const { checkout } = await subscribe(user);
    await stack.stripe.emulator.webhooks.settled();
    expect((await readView(user)).data).toMatchObject({ subscription_status: 'active' });
    const customer = stack.stripe.emulator.checkoutSessions.get(checkout.sessionId)!
      .customer as string;
    stack.stripe.emulator.customers.delete(customer);
    const { error, response } = await user.client.functions.invoke('billing-portal', { body: {} });
    expect(error).not.toBeNull();
    expect(response?.status).toBe(404);
    expect(await response!.json()).toMatchObject({ code: 'no_customer' });
    // Both mapping items went in one transaction: the function needs DeleteItem on both
    // partitions (tests/platform/table-access.test.ts checks its policy allows it).
    const get = (Key: Record<string, string>) =>
      stack.table.doc.get({ TableName: stack.table.name, Key, ConsistentRead: true });
    expect((await get(paymentKeys.stripeCustomer(user.userId))).Item).toBeUndefined();
    expect((await get(paymentKeys.customerUser(customer))).Item).toBeUndefined();
    // No webhook or reconciliation could ever reach a row whose mapping is gone.
    expect((await get(paymentKeys.subscription(user.userId))).Item).toBeUndefined();
    expect((await readView(user)).data).toBeNull();
  });

  it('cancelling now makes the row canceled', async () => {
    const user = await stack.signUp();
    await subscribe(user);
    const before = (await readView(user)).data!;
    await emulatorControl(stack, 'POST', `/subscriptions/${before.subscription_id}/cancel-now`);
    expect((await readView(user)).data).toMatchObject({
      subscription_id: before.subscription_id,
      subscription_status: 'canceled',
    });
    // A canceled user may subscribe again.
    expect((await startCheckout(user)).status).toBe(200);
  });
});
