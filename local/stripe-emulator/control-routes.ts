import { Hono } from 'hono';
import type { StripeEmulator } from './emulator';
import { StripeApiError } from './errors';
import { DEFAULT_DELIVERY, type DeliverySettings } from './webhook-emitter';

/**
 * Test controls (not part of Stripe's API): how webhooks are delivered, and the billing events
 * a test needs without waiting a month.
 */
export function createControlRoutes(emulator: StripeEmulator) {
  const app = new Hono().basePath('/__emulator');

  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json(error.toJSON(), error.status);
    throw error;
  });

  app.put('/delivery', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Partial<DeliverySettings>;
    const settings: DeliverySettings = {
      duplicate: body.duplicate === true,
      shuffle: body.shuffle === true,
      delayMs:
        typeof body.delayMs === 'number' && body.delayMs >= 0 ? Math.min(body.delayMs, 60_000) : 0,
      hold: body.hold === true,
      drop: body.drop === true,
    };
    emulator.webhooks.settings = settings;
    return c.json(settings);
  });

  app.delete('/delivery', (c) => {
    emulator.webhooks.settings = { ...DEFAULT_DELIVERY };
    return c.json(emulator.webhooks.settings);
  });

  /** Sends the batches held back by `hold`. */
  app.post('/release', (c) => {
    emulator.webhooks.release();
    return c.json({ released: true });
  });

  /** Releases held batches and waits until every pending delivery has been answered. */
  app.post('/settle', async (c) => {
    await emulator.webhooks.settled();
    return c.json({ deliveries: emulator.webhooks.deliveries.length });
  });

  app.get('/deliveries', (c) => c.json(emulator.webhooks.deliveries));

  app.get('/events', (c) => c.json([...emulator.webhooks.events.values()]));

  /** Sends an earlier event again, now, with the current delivery settings. */
  app.post('/events/:id/resend', async (c) => {
    const event = emulator.webhooks.events.get(c.req.param('id'));
    if (!event) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such event: '${c.req.param('id')}'`,
      );
    }
    await emulator.webhooks.send([event]);
    return c.json({ resent: event.id });
  });

  app.post('/subscriptions/:id/advance-period', async (c) =>
    c.json(await emulator.advancePeriod(c.req.param('id'))),
  );

  app.post('/fail-next-invoice', (c) => {
    emulator.failNextRenewal();
    return c.json({ failNextInvoice: true });
  });

  app.post('/subscriptions/:id/cancel-now', async (c) =>
    c.json(await emulator.cancelSubscription(c.req.param('id'))),
  );

  return app;
}
