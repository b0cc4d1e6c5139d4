import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_BODY,
  SITE,
  readView,
  startCheckout,
  startPaymentsStack,
  type PaymentsStack,
} from './payments-stack';
import { paymentKeys } from '../../lambdas/billing/items';

let stack: PaymentsStack;

beforeAll(async () => {
  stack = await startPaymentsStack();
});
afterAll(() => stack?.stop());

describe('POST /functions/v1/stripe-checkout', () => {
  it('rejects success_url and cancel_url that are not pages of this site', async () => {
    const user = await stack.signUp();
    const offOrigin = [
      { success_url: 'https://evil.example/success' },
      { cancel_url: 'https://evil.example/payment' },
      { success_url: 'http://localhost:8787.evil.example/success' },
      { success_url: 'http://user@evil.example@localhost:8787/success' },
      { cancel_url: 'javascript:alert(1)' },
      { success_url: '/success' },
      { cancel_url: 42 },
    ];
    for (const override of offOrigin) {
      const { status, errorBody } = await startCheckout(user, { ...CHECKOUT_BODY, ...override });
      expect(status, JSON.stringify(override)).toBe(400);
      expect(errorBody?.code).toBe('invalid_redirect_url');
      expect(errorBody?.error).toMatch(/^(success_url|cancel_url) must be a page of this site$/);
    }
    expect(stack.stripe.emulator.checkoutSessions.size).toBe(0);
    expect((await startCheckout(user, { ...CHECKOUT_BODY, cancel_url: `${SITE}/` })).status).toBe(
      200,
    );
  });

  it('rejects a price that is not the plan', async () => {
    const user = await stack.signUp();
    for (const price_id of ['price_something_else', '', undefined]) {
      const { status, errorBody } = await startCheckout(user, { ...CHECKOUT_BODY, price_id });
      expect(status).toBe(400);
      expect(errorBody).toEqual({
        error: 'price_id is not the price of this plan',
        code: 'invalid_price',
      });
    }
    const wrongMode = await startCheckout(user, { ...CHECKOUT_BODY, mode: 'payment' });
    expect(wrongMode.status).toBe(400);
  });

  it('parallel checkout calls make one Stripe customer, mapped both ways', async () => {
    const user = await stack.signUp();
    const results = await Promise.all(Array.from({ length: 8 }, () => startCheckout(user)));
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(200));

    const customers = [...stack.stripe.emulator.customers.values()].filter(
      (customer) => customer.metadata.user_id === user.userId,
    );
    expect(customers).toHaveLength(1);
    const customerId = customers[0]!.id;
    for (const { data } of results) {
      expect(stack.stripe.emulator.checkoutSessions.get(data!.sessionId)).toMatchObject({
        customer: customerId,
        client_reference_id: user.userId,
        metadata: { user_id: user.userId },
        mode: 'subscription',
      });
    }
    const get = (Key: Record<string, string>) =>
      stack.table.doc.get({ TableName: stack.table.name, Key });
    expect((await get(paymentKeys.stripeCustomer(user.userId))).Item?.customer_id).toBe(customerId);
    expect((await get(paymentKeys.customerUser(customerId))).Item?.user_id).toBe(user.userId);
  });

  it('needs the publishable key and a valid access token, and answers JSON errors', async () => {
    const url = `${stack.apiUrl}/functions/v1/stripe-checkout`;
    const noKey = await fetch(url, { method: 'POST', body: JSON.stringify(CHECKOUT_BODY) });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({
      error: 'No API key found in request',
      code: 'no_api_key',
    });

    const headers = { apikey: stack.env.PUBLISHABLE_KEY!, 'content-type': 'application/json' };
    const noToken = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(CHECKOUT_BODY),
    });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ code: 'no_authorization' });

    const user = await stack.signUp();
    const badBody = await fetch(url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${user.accessToken}` },
      body: '{not json',
    });
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toEqual({
      error: 'Request body must be a JSON object',
      code: 'invalid_request',
    });

    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,apikey,content-type,x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-client-info',
    );
  });
});

it('replaces a Stripe customer that Stripe no longer has (deleted in the Dashboard)', async () => {
  const user = await stack.signUp();
  const first = await startCheckout(user);
  const oldCustomer = stack.stripe.emulator.checkoutSessions.get(first.data!.sessionId)!.customer;
  stack.stripe.emulator.customers.delete(oldCustomer as string);

  const again = await startCheckout(user);
  expect(again.status).toBe(200);
  const newCustomer = stack.stripe.emulator.checkoutSessions.get(again.data!.sessionId)!.customer;
  expect(newCustomer).not.toBe(oldCustomer);
  const get = (Key: Record<string, string>) =>
    stack.table.doc.get({ TableName: stack.table.name, Key });
  expect((await get(paymentKeys.stripeCustomer(user.userId))).Item?.customer_id).toBe(newCustomer);
  expect((await get(paymentKeys.customerUser(oldCustomer as string))).Item).toBeUndefined();
  expect((await readView(user)).data).toMatchObject({
    customer_id: newCustomer,
    subscription_status: 'not_started',
  });
});
