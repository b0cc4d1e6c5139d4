import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyStripeClient, readStripeConfig } from '../../lambdas/billing/stripe-client';
import { readSubscriptionSnapshot } from '../../lambdas/billing/subscription-sync';
import { systemClock } from '../../lambdas/platform/clock';
import { checkoutSessionParams } from '../../lambdas/stripe-checkout/session-params';

/**
 * Opt-in: the calls the app makes, against real Stripe test mode. Runs only with
 * STRIPE_SECRET_KEY=sk_test_… and STRIPE_PRICE_ID=price_… set (never with a live key).
 */
const key = process.env.STRIPE_SECRET_KEY ?? '';
const enabled = key.startsWith('sk_test_') && !!process.env.STRIPE_PRICE_ID;

describe.skipIf(!enabled)('real Stripe test mode contract', () => {
  // The suite is collected even when skipped, and a config without a key fails at once: the
  // stand-in key is never used (when the suite runs, the environment's real test key wins).
  const config = readStripeConfig({
    STRIPE_SECRET_KEY: 'sk_test_collected_but_skipped',
    ...process.env,
    STRIPE_API_URL: undefined,
  });
  const stripe = lazyStripeClient(config);
  const userId = randomUUID();
  let customerId: string | undefined;

  afterAll(async () => {
    if (customerId) await (await stripe()).customers.del(customerId);
  });

  it('creates a customer, reads its (empty) subscription state and opens a Checkout Session', async () => {
    const client = await stripe();
    const customer = await client.customers.create(
      { email: `contract-${userId}@example.com`, metadata: { user_id: userId } },
      { idempotencyKey: `customer-for-user-${userId}` },
    );
    customerId = customer.id;
    const again = await client.customers.create(
      { email: `contract-${userId}@example.com`, metadata: { user_id: userId } },
      { idempotencyKey: `customer-for-user-${userId}` },
    );
    expect(again.id).toBe(customer.id);

    const snapshot = await readSubscriptionSnapshot(client, customer.id, systemClock);
    expect(snapshot.row).toMatchObject({
      customer_id: customer.id,
      subscription_status: 'not_started',
    });

    const price = await client.prices.retrieve(config.priceId);
    expect(price).toMatchObject({ currency: 'usd', unit_amount: 500, type: 'recurring' });
    expect(price.recurring?.interval).toBe('month');

    const session = await client.checkout.sessions.create(
      checkoutSessionParams({
        userId,
        customerId: customer.id,
        priceId: config.priceId,
        successUrl: 'https://example.com/success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://example.com/payment',
      }),
    );
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      customer: customer.id,
    });
  });

  it('opens a billing-portal session (needs the test-mode portal settings saved once)', async () => {
    const portal = await (
      await stripe()
    ).billingPortal.sessions.create({
      customer: customerId!,
      return_url: 'https://example.com/',
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
  });

  it('verifies a signature made with the webhook secret, as the webhook function does', () => {
    const secret = process.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) return;
    const payload = JSON.stringify({
      id: 'evt_contract',
      object: 'event',
      type: 'customer.updated',
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(Stripe.webhooks.constructEvent(payload, header, secret, 300).id).toBe('evt_contract');
  });
});
