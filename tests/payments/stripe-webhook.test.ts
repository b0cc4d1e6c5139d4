import { randomUUID } from 'node:crypto';
import { handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStripeEmulator,
  type RunningStripeEmulator,
} from '../../local/stripe-emulator/server';
import { PLAN } from '../../shared/plan';
import { createTestTable } from '../support/test-table';
import type { Table } from '../../lambdas/platform/dynamo';
import type { Env } from '../../lambdas/platform/env';
import { lazyStripeClient, readStripeConfig } from '../../lambdas/billing/stripe-client';
import { paymentKeys } from '../../lambdas/billing/items';
import { subscriptionRowOf } from '../../lambdas/billing/subscription-sync';
import { customerForUser } from '../../lambdas/billing/customers';
import { systemClock } from '../../lambdas/platform/clock';
import { STRIPE_WEBHOOK_PATH, createStripeWebhookApp } from '../../lambdas/stripe-webhook/app';
import { readStripeWebhookConfig } from '../../lambdas/stripe-webhook/config';

let stripeEmulator: RunningStripeEmulator;
let env: Env;
let table: Table;
let app: ReturnType<typeof createStripeWebhookApp>;

beforeAll(async () => {
  ({ env, table } = await createTestTable());
  stripeEmulator = await startStripeEmulator({ port: 0, webhookUrl: null });
  env = { ...env, ...stripeEmulator.lambdaEnv() };
  app = createStripeWebhookApp(readStripeWebhookConfig(env));
});
afterAll(() => stripeEmulator?.stop());

/** A user with a Stripe customer (made by the checkout code) and an event about that customer. */
async function customerEvent() {
  const userId = randomUUID();
  const stripe = await lazyStripeClient(readStripeConfig(env))();
  const { customerId } = await customerForUser(
    stripe,
    table,
    { userId, email: `${userId}@example.com` },
    systemClock,
  );
  const event = {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type: 'customer.updated',
    data: { object: { id: customerId, object: 'customer' } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  return { userId, customerId, payload: JSON.stringify(event), eventId: event.id };
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? stripeEmulator.webhookSecret,
    timestamp: options.timestamp,
  });
}

function post(payload: string, signature?: string) {
  return app.request(STRIPE_WEBHOOK_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  });
}

async function readSubscriptionRow(userId: string) {
  const { Item } = await table.doc.get({
    TableName: table.name,
    Key: paymentKeys.subscription(userId),
    ConsistentRead: true,
  });
  return subscriptionRowOf(Item);
}

async function eventMarkers(eventId: string) {
  const { Items } = await table.doc.scan({
    TableName: table.name,
    FilterExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `STRIPE_EVENT#${eventId}` },
  });
  return Items ?? [];
}

describe('POST /functions/v1/stripe-webhook', () => {
  it('rejects forged, stale, tampered and unsigned deliveries with 400 and writes nothing', async () => {
    const { userId, payload, eventId } = await customerEvent();
    const before = await readSubscriptionRow(userId);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      post(payload, sign(payload, { secret: 'whsec_not_the_right_secret' })),
      post(payload, sign(payload, { timestamp: now - 301 })),
      post(`${payload} `, sign(payload)),
      post(payload),
      post(payload, 't=1,v1=deadbeef'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_signature' });
    }
    expect(await readSubscriptionRow(userId)).toEqual(before);
    expect(await eventMarkers(eventId)).toEqual([]);

    // The same event, correctly signed a moment ago, is accepted and stored.
    const accepted = await post(payload, sign(payload, { timestamp: now - 60 }));
    expect(accepted.status).toBe(200);
    expect(await eventMarkers(eventId)).toHaveLength(1);
  });

  it('verifies the raw bytes of a base64-encoded API Gateway body (the Lambda entry point)', async () => {
    const { userId, customerId, payload, eventId } = await customerEvent();
    const handler = handle(app);
    const event = {
      version: '2.0',
      routeKey: '$default',
      rawPath: STRIPE_WEBHOOK_PATH,
      rawQueryString: '',
      headers: {
        host: 'api.example.com',
        'content-type': 'application/json',
        'stripe-signature': sign(payload),
      },
      requestContext: {
        accountId: '123456789012',
        apiId: 'api',
        authentication: null,
        authorizer: {},
        domainName: 'api.example.com',
        domainPrefix: 'api',
        http: {
          method: 'POST',
          path: STRIPE_WEBHOOK_PATH,
          protocol: 'HTTP/1.1',
          sourceIp: '192.0.2.1',
          userAgent: 'Stripe/1.0',
        },
        requestId: 'request',
        routeKey: '$default',
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
      },
      body: Buffer.from(payload).toString('base64'),
      isBase64Encoded: true,
    } satisfies LambdaEvent;
    const response = (await handler(event, {} as LambdaContext)) as {
      statusCode: number;
      body: string;
    };
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ received: true });
    expect(await eventMarkers(eventId)).toHaveLength(1);
    expect(await readSubscriptionRow(userId)).toMatchObject({
      customer_id: customerId,
      subscription_status: 'not_started',
    });
  });

  it('answers 2xx to event types it does not act on, without writing', async () => {
    const payload = JSON.stringify({
      id: 'evt_ignored_type',
      object: 'event',
      type: 'product.created',
      data: { object: { id: PLAN.productId, object: 'product' } },
    });
    const response = await post(payload, sign(payload));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await eventMarkers('evt_ignored_type')).toEqual([]);
  });
});
