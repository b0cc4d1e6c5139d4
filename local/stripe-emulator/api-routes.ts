import { Hono, type Context } from 'hono';
import type { StripeEmulator } from './emulator';
import { StripeApiError, invalidParam } from './errors';
import {
  listField,
  metadataField,
  objectField,
  parseStripeForm,
  stringField,
  type FormObject,
} from './form';
import { list, newId } from './objects';

interface StoredResponse {
  status: number;
  body: string;
}

/**
 * The real Stripe API paths the app calls, as the SDK sends them: bearer secret key,
 * form-encoded bodies, GET params in the query string, `Idempotency-Key` on POSTs (replayed
 * like Stripe does), JSON answers and Stripe-shaped errors.
 */
export function createStripeApiRoutes(emulator: StripeEmulator, secretKey: string) {
  const app = new Hono();
  const idempotent = new Map<string, StoredResponse>();

  app.use('/v1/*', async (c, next) => {
    c.header('request-id', newId('req'));
    c.header('stripe-version', emulator.apiVersion);
    const authorization = c.req.header('authorization') ?? '';
    const key = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
    if (key !== secretKey) {
      return stripeError(
        c,
        new StripeApiError(
          401,
          'invalid_request_error',
          key
            ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
            : 'You did not provide an API key.',
        ),
      );
    }
    const idempotencyKey = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (replay) {
      c.header('idempotent-replayed', 'true');
      return c.body(replay.body, replay.status as 200, { 'content-type': 'application/json' });
    }
    await next();
    if (idempotencyKey && c.res.status < 500) {
      idempotent.set(idempotencyKey, { status: c.res.status, body: await c.res.clone().text() });
    }
  });

  app.onError((error, c) => {
    if (error instanceof StripeApiError) return stripeError(c, error);
    console.error('Stripe emulator error:', error);
    return c.json(
      { error: { type: 'api_error', message: 'An unexpected error occurred in the emulator.' } },
      500,
    );
  });

  const form = async (c: Context): Promise<FormObject> => parseStripeForm(await c.req.text());
  const query = (c: Context): FormObject => parseStripeForm(new URL(c.req.url).search.slice(1));
  const expansions = (params: FormObject) =>
    listField(params, 'expand').filter((path): path is string => typeof path === 'string');

  app.post('/v1/customers', async (c) => {
    const params = await form(c);
    const customer = emulator.createCustomer({
      email: stringField(params, 'email'),
      name: stringField(params, 'name'),
      description: stringField(params, 'description'),
      metadata: metadataField(params, 'metadata'),
    });
    return c.json(emulator.expand(customer, expansions(params)));
  });

  app.get('/v1/customers/:id', (c) => {
    const customer = emulator.customer(c.req.param('id'));
    return c.json(emulator.expand(customer, expansions(query(c))));
  });

  app.post('/v1/customers/:id', async (c) => {
    const params = await form(c);
    const customer = emulator.updateCustomer(c.req.param('id'), {
      email: stringField(params, 'email'),
      name: stringField(params, 'name'),
      description: stringField(params, 'description'),
      metadata: objectField(params, 'metadata') ? metadataField(params, 'metadata') : undefined,
    });
    return c.json(emulator.expand(customer, expansions(params)));
  });

  app.post('/v1/checkout/sessions', async (c) => {
    const params = await form(c);
    const lineItems = listField(params, 'line_items').map((item) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? { price: stringField(item, 'price'), quantity: stringField(item, 'quantity') }
        : {},
    );
    const session = emulator.createCheckoutSession({
      mode: stringField(params, 'mode'),
      customer: stringField(params, 'customer'),
      customerEmail: stringField(params, 'customer_email'),
      clientReferenceId: stringField(params, 'client_reference_id'),
      metadata: metadataField(params, 'metadata'),
      subscriptionMetadata: metadataField(
        objectField(params, 'subscription_data') ?? {},
        'metadata',
      ),
      lineItems,
      successUrl: stringField(params, 'success_url'),
      cancelUrl: stringField(params, 'cancel_url'),
    });
    return c.json(emulator.expand(session, expansions(params)));
  });

  /**
   * A list endpoint: `limit`, the filters `select` reads (it answers up to `limit + 1` items, to
   * tell whether there are more), `has_more` and expansions.
   */
  const listRoute = <T extends object>(
    path: string,
    select: (params: FormObject, limit: number) => T[],
  ) =>
    app.get(path, (c) => {
      const params = query(c);
      const limit = listLimit(params);
      const matching = select(params, limit + 1);
      const page = list(matching.slice(0, limit), path, matching.length > limit);
      return c.json(emulator.expand(page, expansions(params)));
    });
  const byCustomer = (params: FormObject, limit: number) => ({
    customer: stringField(params, 'customer'),
    status: stringField(params, 'status'),
    limit,
  });

  listRoute('/v1/checkout/sessions', (params, limit) =>
    emulator.listCheckoutSessions(byCustomer(params, limit)),
  );

  app.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const params = await form(c);
    const session = await emulator.expireCheckoutSession(c.req.param('id'));
    return c.json(emulator.expand(session, expansions(params)));
  });

  app.get('/v1/checkout/sessions/:id', (c) => {
    const session = emulator.checkoutSession(c.req.param('id'));
    return c.json(emulator.expand(session, expansions(query(c))));
  });

  listRoute('/v1/subscriptions', (params, limit) =>
    emulator.listSubscriptions(byCustomer(params, limit)),
  );

  app.get('/v1/subscriptions/:id', (c) => {
    const subscription = emulator.subscription(c.req.param('id'));
    return c.json(emulator.expand(subscription, expansions(query(c))));
  });

  app.post('/v1/subscriptions/:id', async (c) => {
    const params = await form(c);
    const cancelAtPeriodEnd = stringField(params, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined && !['true', 'false'].includes(cancelAtPeriodEnd)) {
      throw invalidParam(
        'cancel_at_period_end',
        'boolean',
        `Invalid boolean: ${cancelAtPeriodEnd}`,
      );
    }
    const subscription = await emulator.updateSubscription(c.req.param('id'), {
      cancelAtPeriodEnd: cancelAtPeriodEnd === undefined ? undefined : cancelAtPeriodEnd === 'true',
      metadata: objectField(params, 'metadata') ? metadataField(params, 'metadata') : undefined,
    });
    return c.json(emulator.expand(subscription, expansions(params)));
  });

  app.delete('/v1/subscriptions/:id', async (c) => {
    const params = { ...query(c), ...(await form(c)) };
    const details = objectField(params, 'cancellation_details');
    const subscription = await emulator.cancelSubscription(
      c.req.param('id'),
      details ? stringField(details, 'comment') : undefined,
    );
    return c.json(emulator.expand(subscription, expansions(query(c))));
  });

  // Newest first, like Stripe: `type` or up to 20 `types[]`, `created[gt|gte|lt|lte]`, `limit`
  // and `starting_after` (what the SDK's auto-pagination sends).
  app.get('/v1/events', (c) => {
    const params = query(c);
    const limit = listLimit(params);
    const type = stringField(params, 'type');
    const types = listField(params, 'types').filter((t): t is string => typeof t === 'string');
    if (type && types.length > 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You may only specify one of these parameters: type, types.',
      );
    }
    if (types.length > 20) {
      throw invalidParam('types', 'array', 'You may specify at most 20 types.');
    }
    const created = objectField(params, 'created');
    const bound = (name: string) => {
      const raw = created && stringField(created, name);
      if (raw === undefined) return undefined;
      if (!/^\d+$/.test(raw)) {
        throw invalidParam(`created[${name}]`, 'integer', `Invalid integer: ${raw}`);
      }
      return Number(raw);
    };
    const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
    const wanted = type ? [type] : types;
    let matching = [...emulator.webhooks.events.values()]
      .reverse()
      .filter((event) => wanted.length === 0 || wanted.some((t) => matchesType(event.type, t)))
      .filter(
        (event) =>
          (gt === undefined || event.created > gt) &&
          (gte === undefined || event.created >= gte) &&
          (lt === undefined || event.created < lt) &&
          (lte === undefined || event.created <= lte),
      );
    const startingAfter = stringField(params, 'starting_after');
    if (startingAfter) {
      const index = matching.findIndex((event) => event.id === startingAfter);
      if (index < 0)
        throw new StripeApiError(
          404,
          'invalid_request_error',
          `No such event: '${startingAfter}'`,
          'resource_missing',
          'starting_after',
        );
      matching = matching.slice(index + 1);
    }
    return c.json(list(matching.slice(0, limit), '/v1/events', matching.length > limit));
  });

  listRoute('/v1/invoice_payments', (params, limit) =>
    emulator.listInvoicePayments({
      invoice: stringField(params, 'invoice'),
      status: stringField(params, 'status'),
      limit,
    }),
  );

  app.post('/v1/refunds', async (c) => {
    const params = await form(c);
    const amountText = stringField(params, 'amount');
    const amount = amountText === undefined ? undefined : Number(amountText);
    if (amount !== undefined && !(Number.isInteger(amount) && amount > 0)) {
      throw invalidParam('amount', 'integer', `Invalid positive integer: ${amountText}`);
    }
    const refund = await emulator.createRefund({
      paymentIntent: stringField(params, 'payment_intent'),
      amount,
      reason: stringField(params, 'reason'),
      metadata: objectField(params, 'metadata') ? metadataField(params, 'metadata') : {},
    });
    return c.json(emulator.expand(refund, expansions(params)));
  });

  app.post('/v1/billing_portal/sessions', async (c) => {
    const params = await form(c);
    const session = emulator.createPortalSession(
      stringField(params, 'customer'),
      stringField(params, 'return_url'),
    );
    return c.json(session);
  });

  app.all('/v1/*', (c) => {
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${c.req.method}: ${c.req.path}). This emulator implements only what the app calls.`,
    );
  });

  return app;
}

/** A list's `limit`: 1 to 100, 10 by default, as Stripe's. */
function listLimit(params: FormObject): number {
  const limitText = stringField(params, 'limit') ?? '10';
  const limit = Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidParam('limit', 'integer', `Invalid integer: ${limitText}`);
  }
  return limit;
}

/** Stripe's event type filters take a `*` wildcard (`customer.subscription.*`). */
function matchesType(type: string, pattern: string): boolean {
  return pattern.endsWith('*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
}

function stripeError(c: Context, error: StripeApiError) {
  return c.json(error.toJSON(), error.status);
}
