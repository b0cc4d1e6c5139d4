// One per function folder: the Hono routes its Lambda entry and the local server share.
import { systemClock, type Clock } from '../platform/clock';
import type { Context } from 'hono';
import Stripe from 'stripe';
import { settleCustomer } from '../billing/duplicate-subscriptions';
import { lazyStripeClient } from '../billing/stripe-client';
import { isEventProcessed, userIdForCustomer } from '../billing/subscription-sync';
import { createTable } from '../platform/dynamo';
import { HttpError, renderJsonError } from '../platform/errors';
import { createLambdaApp, type LambdaAppEnv } from '../platform/lambda-app';
import { requestLog } from '../platform/logging';
import { countMetric } from '../platform/metrics';
import type { StripeWebhookConfig } from './config';
import { SYNCED_EVENT_TYPES, customerIdOf } from '../billing/stripe-events';

export const STRIPE_WEBHOOK_PATH = '/functions/v1/stripe-webhook';

/** Stripe's default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Stripe → us. Authenticated by the `Stripe-Signature` HMAC over the raw body (Stripe cannot
 * send our publishable key), so it is the one API route without the `apikey` check. Every
 * relevant event re-reads the customer's subscription from Stripe and overwrites the row, so
 * duplicates and out-of-order deliveries converge; 2xx only once the row is written.
 */
export function createStripeWebhookApp(config: StripeWebhookConfig, options: { now?: Clock } = {}) {
  const table = createTable(config.table);
  const now = options.now ?? systemClock;
  const stripe = lazyStripeClient(config.stripe);
  const app = createLambdaApp(STRIPE_WEBHOOK_PATH, renderJsonError);

  app.post('/', async (c) => {
    try {
      return await receive(c);
    } catch (error) {
      countMetric('WebhookEventsFailed');
      throw error;
    }
  });

  async function receive(c: Context<LambdaAppEnv>) {
    const signature = c.req.header('stripe-signature');
    if (!signature) {
      throw new HttpError(400, 'invalid_signature', 'Missing Stripe-Signature header');
    }
    // The exact bytes Stripe signed (hono/aws-lambda has already undone API Gateway's base64).
    const payload = new Uint8Array(await c.req.arrayBuffer());
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        payload,
        signature,
        await config.webhookSecret(),
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new HttpError(400, 'invalid_signature', 'Webhook signature verification failed');
      }
      if (error instanceof SyntaxError) {
        throw new HttpError(400, 'invalid_request', 'Webhook payload is not JSON');
      }
      throw error;
    }

    if (!SYNCED_EVENT_TYPES.has(event.type)) {
      countMetric('WebhookEventsIgnored');
      return c.json({ received: true, ignored: true });
    }
    if (await isEventProcessed(table, event.id, now)) {
      countMetric('WebhookEventsIgnored');
      return c.json({ received: true, duplicate: true });
    }
    const customerId = customerIdOf(event);
    const userId = customerId ? await userIdForCustomer(table, customerId) : null;
    if (!customerId || !userId) {
      requestLog(c).warn('event for a customer this app did not create', {
        event_type: event.type,
        event_id: event.id,
      });
      countMetric('WebhookEventsIgnored');
      return c.json({ received: true, ignored: true });
    }
    const { outcome } = await settleCustomer(
      await stripe(),
      table,
      { userId, customerId, event: { eventId: event.id, type: event.type } },
      requestLog(c),
      now,
    );
    countMetric(outcome === 'duplicate_event' ? 'WebhookEventsIgnored' : 'WebhookEventsProcessed');
    return c.json({
      received: true,
      ...(outcome === 'duplicate_event' ? { duplicate: true } : {}),
    });
  }

  app.all('/', () => {
    throw new HttpError(405, 'method_not_allowed', 'Use POST');
  });

  return app;
}
