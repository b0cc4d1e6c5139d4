import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN } from '../../shared/plan';
import { parseStripeForm } from './form';
import { startStripeEmulator, type RunningStripeEmulator } from './server';

let emulator: RunningStripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  emulator = await startStripeEmulator({ port: 0, webhookUrl: null });
  stripe = new Stripe(emulator.secretKey, {
    host: 'localhost',
    port: emulator.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => emulator?.stop());

describe('the Stripe emulator, through the real SDK', () => {
  it('parses Stripe-encoded forms (indexed brackets, nested metadata)', () => {
    expect(
      parseStripeForm(
        'mode=subscription&line_items[0][price]=p&line_items[0][quantity]=1&expand[0]=a.b&metadata[user_id]=u',
      ),
    ).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'p', quantity: '1' }],
      expand: ['a.b'],
      metadata: { user_id: 'u' },
    });
  });

  it('creates, retrieves and updates customers, replaying an idempotency key', async () => {
    const created = await stripe.customers.create(
      { email: 'a@example.com', metadata: { user_id: 'u1' } },
      { idempotencyKey: 'same-key' },
    );
    const replayed = await stripe.customers.create(
      { email: 'a@example.com', metadata: { user_id: 'u1' } },
      { idempotencyKey: 'same-key' },
    );
    expect(replayed.id).toBe(created.id);
    const updated = await stripe.customers.update(created.id, { name: 'Pat' });
    expect(updated).toMatchObject({
      name: 'Pat',
      email: 'a@example.com',
      metadata: { user_id: 'u1' },
    });
    const retrieved = await stripe.customers.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, object: 'customer', name: 'Pat' });
  });

  it("answers with Stripe's error shapes, which the SDK turns into its typed errors", async () => {
    const missing = await stripe.customers.retrieve('cus_missing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });

    const wrongPrice = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price: 'price_other', quantity: 1 }],
        success_url: 'http://localhost/success',
      })
      .catch((error: unknown) => error);
    expect(wrongPrice).toMatchObject({
      type: 'StripeInvalidRequestError',
      message: "No such price: 'price_other'",
      param: 'line_items[0][price]',
    });

    const badKey = new Stripe('sk_test_wrong', {
      host: 'localhost',
      port: emulator.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(badKey.customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('creates and retrieves a subscription-mode checkout session on its hosted page', async () => {
    const customer = await stripe.customers.create({ email: 'b@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-b',
      line_items: [{ price: PLAN.priceId, quantity: 1 }],
      success_url: 'http://localhost:8787/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8787/payment',
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      amount_total: 500,
      currency: 'usd',
      url: `${emulator.url}/c/pay/${session.id}`,
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain(PLAN.name);
    expect(page).toContain('$5.00');
    const { data } = await stripe.subscriptions.list({
      customer: customer.id,
      status: 'all',
      limit: 1,
      expand: ['data.default_payment_method'],
    });
    expect(data).toEqual([]);
  });
});
