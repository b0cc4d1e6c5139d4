import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentKeys } from '../../lambdas/billing/items';
import { createBillingPortalApp } from '../../lambdas/billing-portal/app';
import { createStripeCheckoutApp } from '../../lambdas/stripe-checkout/app';
import { readPaymentFunctionConfig } from '../../lambdas/billing/payment-function';
import { createStripeWebhookApp } from '../../lambdas/stripe-webhook/app';
import { readStripeWebhookConfig } from '../../lambdas/stripe-webhook/config';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { CHECKOUT_BODY, startPaymentsStack, type PaymentsStack } from './payments-stack';

/**
 * A first deploy creates the Stripe secrets with a random placeholder (as `new Secret` does):
 * until the operator sets them, the payment functions answer 503 `payments_not_configured`
 * naming the secret, not Stripe's 401 turned into 502, nor a webhook 400.
 */
let stack: PaymentsStack;
const placeholder = () => randomBytes(24).toString('base64url');

beforeAll(async () => {
  stack = await startPaymentsStack();
});
afterAll(() => stack?.stop());

async function call(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  headers: Record<string, string>,
  body: string,
) {
  const response = await app.request(path, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('Stripe secrets still holding the deploy placeholder', () => {
  it('checkout and the portal answer 503 payments_not_configured naming STRIPE_SECRET_KEY', async () => {
    const user = await stack.signUp();
    const env = { ...stack.env, STRIPE_SECRET_KEY: placeholder() };
    const headers = {
      authorization: `Bearer ${user.accessToken}`,
      apikey: LOCAL_PUBLISHABLE_KEY,
      'content-type': 'application/json',
    };
    const checkout = await call(
      createStripeCheckoutApp(readPaymentFunctionConfig(env)),
      '/functions/v1/stripe-checkout',
      headers,
      JSON.stringify(CHECKOUT_BODY),
    );
    expect(checkout.status).toBe(503);
    expect(checkout.body.code).toBe('payments_not_configured');
    expect(checkout.body.error).toContain('set the STRIPE_SECRET_KEY secret');

    // The portal checks the key only for a user who has a customer: give this one a customer.
    expect(
      (
        await call(
          createStripeCheckoutApp(readPaymentFunctionConfig(stack.env)),
          '/functions/v1/stripe-checkout',
          headers,
          JSON.stringify(CHECKOUT_BODY),
        )
      ).status,
    ).toBe(200);
    const portal = await call(
      createBillingPortalApp(readPaymentFunctionConfig(env)),
      '/functions/v1/billing-portal',
      headers,
      '{}',
    );
    expect(portal.status).toBe(503);
    expect(portal.body).toEqual({ code: 'payments_not_configured', error: checkout.body.error });
    expect(stack.stripe.emulator.checkoutSessions.size).toBe(1);
  });

  it('the webhook answers 503 (Stripe retries) naming whichever secret is unset', async () => {
    const user = await stack.signUp();
    const started = await call(
      createStripeCheckoutApp(readPaymentFunctionConfig(stack.env)),
      '/functions/v1/stripe-checkout',
      {
        authorization: `Bearer ${user.accessToken}`,
        apikey: LOCAL_PUBLISHABLE_KEY,
        'content-type': 'application/json',
      },
      JSON.stringify(CHECKOUT_BODY),
    );
    expect(started.status).toBe(200);
    const { Item } = await stack.table.doc.get({
      TableName: stack.table.name,
      Key: paymentKeys.stripeCustomer(user.userId),
    });
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'customer.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: Item!.customer_id as string, object: 'customer' } },
    });
    const signed = (secret: string) => ({
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      'content-type': 'application/json',
    });
    const path = '/functions/v1/stripe-webhook';
    const webhookSecretUnset = await call(
      createStripeWebhookApp(
        readStripeWebhookConfig({ ...stack.env, STRIPE_WEBHOOK_SECRET: placeholder() }),
      ),
      path,
      signed(stack.stripe.webhookSecret),
      payload,
    );
    expect(webhookSecretUnset.status).toBe(503);
    expect(webhookSecretUnset.body.code).toBe('payments_not_configured');
    expect(webhookSecretUnset.body.error).toContain('set the STRIPE_WEBHOOK_SECRET secret');

    const keyUnset = await call(
      createStripeWebhookApp(
        readStripeWebhookConfig({ ...stack.env, STRIPE_SECRET_KEY: placeholder() }),
      ),
      path,
      signed(stack.stripe.webhookSecret),
      payload,
    );
    expect(keyUnset.status).toBe(503);
    expect(keyUnset.body.error).toContain('set the STRIPE_SECRET_KEY secret');
  });

  it('real-looking values pass: sk_/rk_ keys and whsec_ secrets', async () => {
    const user = await stack.signUp();
    const env = { ...stack.env, STRIPE_SECRET_KEY: 'rk_test_restricted' };
    const checkout = await call(
      createStripeCheckoutApp(readPaymentFunctionConfig(env)),
      '/functions/v1/stripe-checkout',
      {
        authorization: `Bearer ${user.accessToken}`,
        apikey: LOCAL_PUBLISHABLE_KEY,
        'content-type': 'application/json',
      },
      JSON.stringify(CHECKOUT_BODY),
    );
    // Past the placeholder check: Stripe (the emulator) itself refuses this key.
    expect(checkout.status).toBe(502);
    expect(checkout.body.code).toBe('payment_provider_error');
  });
});
