import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyStripeClient, readStripeConfig } from '../../lambdas/billing/stripe-client';
import { paymentKeys } from '../../lambdas/billing/items';
import type { LocalRuntime } from '../../local/runtime';
import { PLAN } from '../../shared/plan';
import { payOnHostedPage } from '../payments/payments-stack';
import {
  API_KEY,
  JSON_TYPE,
  emulatorDelivery,
  scanTable,
  send,
  settleWebhooks,
  signUp,
  tableOf,
} from './harness';
import { startTestRuntime } from '../support/test-runtime';

/**
 * Load on the whole local product: 1,000 sign-ups arriving at a steady rate (rate limits raised
 * and bcrypt cost lowered for the test, as the CI budget needs), then a webhook storm in which
 * the Stripe emulator duplicates and shuffles every delivery and old events are sent again
 * after cancellations. The outcome, not the speed, is asserted (figures live in `bench/`).
 */
const SIGN_UPS = 1000;
const SIGN_UPS_PER_SECOND = 100;
const STORM_USERS = 30;

let runtime: LocalRuntime;
const sessions: { email: string; userId: string; accessToken: string }[] = [];

beforeAll(async () => {
  runtime = await startTestRuntime({
    env: { BCRYPT_COST: '4', RATE_LIMIT_SIGNUP: '1000000', RATE_LIMIT_TOKEN: '1000000' },
  });
});

afterAll(async () => {
  await runtime?.stop();
});

/** Runs `work` over `items` with at most `limit` in flight. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

describe('load', () => {
  it(`${SIGN_UPS} sign-ups at ${SIGN_UPS_PER_SECOND}/s: ${SIGN_UPS} users, no 5xx`, async () => {
    const run = Date.now();
    const started = performance.now();
    const pending: Promise<{ status: number; json: Record<string, unknown>; email: string }>[] = [];
    for (let i = 0; i < SIGN_UPS; i += 1) {
      const due = started + (i * 1000) / SIGN_UPS_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const email = `load-${run}-${i}@example.com`;
      pending.push(
        signUp(runtime.url, email, 'correct-horse-battery').then((r) => ({ ...r, email })),
      );
    }
    const results = await Promise.all(pending);

    const statuses = new Map<number, number>();
    for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    expect(results.filter((result) => result.status >= 500)).toEqual([]);
    expect(Object.fromEntries(statuses)).toEqual({ 200: SIGN_UPS });

    const items = [...(await scanTable(tableOf(runtime.env))).values()].map(
      (json) => JSON.parse(json) as { pk: string; sk: string },
    );
    const profiles = items.filter((item) => item.sk === 'PROFILE');
    const emails = items.filter((item) => item.pk.startsWith('EMAIL#'));
    expect(profiles).toHaveLength(SIGN_UPS);
    expect(new Set(emails.map((item) => item.pk))).toEqual(
      new Set(results.map((result) => `EMAIL#${result.email}`)),
    );
    for (const result of results.slice(0, STORM_USERS)) {
      const session = result.json as { access_token: string; user: { id: string } };
      sessions.push({
        email: result.email,
        userId: session.user.id,
        accessToken: session.access_token,
      });
    }
  }, 300_000);

  it('a webhook storm (duplicated, shuffled, replayed) leaves exactly one correct row per user', async () => {
    expect(sessions).toHaveLength(STORM_USERS);
    const stripeUrl = runtime.stripeEmulator!.url;
    await emulatorDelivery(stripeUrl, { duplicate: true, shuffle: true });

    await inPool(sessions, 6, async (user) => {
      const checkout = await send(runtime.url, {
        method: 'POST',
        path: '/functions/v1/stripe-checkout',
        headers: [API_KEY, JSON_TYPE, ['Authorization', `Bearer ${user.accessToken}`]],
        body: JSON.stringify({
          price_id: PLAN.priceId,
          mode: PLAN.mode,
          success_url: `${runtime.url}/success`,
          cancel_url: `${runtime.url}/payment`,
        }),
      });
      expect(checkout.status, checkout.text).toBe(200);
      const paid = await payOnHostedPage((JSON.parse(checkout.text) as { url: string }).url, {
        cardNumber: '4242 4242 4242 4242',
      });
      expect(paid.status, paid.body).toBe(303);
    });

    // Cancel every other subscription, then send every event again, all at once: the "active"
    // events now arrive after the cancellation ones.
    const table = tableOf(runtime.env);
    const stripe = await lazyStripeClient(readStripeConfig(runtime.env))();
    const customerOf = async (userId: string) => {
      const { Item } = await table.doc.get({
        TableName: table.name,
        Key: paymentKeys.stripeCustomer(userId),
      });
      return (Item as { customer_id: string }).customer_id;
    };
    const canceled = new Set<string>();
    await inPool(sessions, 6, async (user, index = sessions.indexOf(user)) => {
      if (index % 2) return;
      const customer = await customerOf(user.userId);
      const { data } = await stripe.subscriptions.list({ customer, status: 'all' });
      const response = await fetch(
        `${stripeUrl}/__emulator/subscriptions/${data[0]!.id}/cancel-now`,
        { method: 'POST' },
      );
      expect(response.status).toBe(200);
      canceled.add(user.userId);
    });
    const events = (await (await fetch(`${stripeUrl}/__emulator/events`)).json()) as {
      id: string;
    }[];
    await Promise.all(
      events.map((event) =>
        fetch(`${stripeUrl}/__emulator/events/${event.id}/resend`, { method: 'POST' }),
      ),
    );
    await settleWebhooks(stripeUrl);
    await emulatorDelivery(stripeUrl, null);

    const deliveries = (await (await fetch(`${stripeUrl}/__emulator/deliveries`)).json()) as {
      eventId: string;
      status: number;
    }[];
    expect(deliveries.length).toBeGreaterThanOrEqual(events.length * 4);
    // A delivery may be answered 503 (a transient conflict) and retried, as Stripe does; every
    // event must in the end have been accepted.
    const accepted = new Set(deliveries.filter((d) => d.status === 200).map((d) => d.eventId));
    expect(events.filter((event) => !accepted.has(event.id))).toEqual([]);
    expect(
      deliveries.filter((delivery) => delivery.status !== 200 && delivery.status !== 503),
    ).toEqual([]);

    const items = await scanTable(table);
    const rows = [...items.entries()].filter(([key]) => key.endsWith('|SUBSCRIPTION'));
    expect(rows).toHaveLength(STORM_USERS);
    for (const user of sessions) {
      const customer = await customerOf(user.userId);
      const { data: subscriptions } = await stripe.subscriptions.list({ customer, status: 'all' });
      expect(subscriptions).toHaveLength(1);
      const truth = subscriptions[0]!;
      const row = JSON.parse(items.get(`BILLING#${user.userId}|SUBSCRIPTION`)!) as Record<
        string,
        unknown
      >;
      const expected = canceled.has(user.userId) ? 'canceled' : 'active';
      expect(truth.status).toBe(expected);
      // The row as the SPA reads it through the view.
      const view = await send(runtime.url, {
        method: 'GET',
        path: '/rest/v1/stripe_user_subscriptions?select=*',
        headers: [API_KEY, ['Authorization', `Bearer ${user.accessToken}`]],
      });
      const viewRows = JSON.parse(view.text) as Record<string, unknown>[];
      expect(viewRows).toHaveLength(1);
      expect(viewRows[0]).toMatchObject({
        customer_id: customer,
        subscription_id: truth.id,
        subscription_status: expected,
        price_id: truth.items.data[0]!.price.id,
      });
      expect(JSON.stringify(row)).toContain(truth.id);
    }
  }, 300_000);
});
