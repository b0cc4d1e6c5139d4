import { Hono } from 'hono';
import { createAccessTokenVerifier } from '../common/access-token';
import { corsForOrigins, isAllowedRedirect, requirePublishableKey } from '../common/api-guards';
import { createTable } from '../common/dynamo';
import { HttpError, renderJsonError, toHttpError } from '../common/json-errors';
import { lazyStripeClient } from '../common/stripe-client';
import { paymentKeys } from '../common/subscription-sync';
import { forgetCustomer, isMissingCustomer } from '../common/stripe-customers';
import type { BillingPortalConfig } from './config';

export const BILLING_PORTAL_PATH = '/functions/v1/billing-portal';

/** A Stripe billing-portal session for the caller's own customer: `{url}`. */
export function createBillingPortalApp(config: BillingPortalConfig) {
  const table = createTable(config.table);
  const stripe = lazyStripeClient(config.stripe);
  const verifier = createAccessTokenVerifier({ table, publicJwks: config.access.publicJwks });
  const app = new Hono().basePath(BILLING_PORTAL_PATH);

  app.onError((error, c) => renderJsonError(c, toHttpError(error, 'billing-portal')));
  app.use('*', corsForOrigins(config.access.allowedOrigins));
  app.use('*', requirePublishableKey(config.access.publishableKey));

  app.post('/', async (c) => {
    const user = await verifier.verify(c.req.header('authorization'));
    // The body is optional: `{return_url}` on this site, else the site's home page.
    const text = await c.req.text();
    let returnUrl = `${config.access.siteUrl}/`;
    if (text.trim()) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
      }
      const requested = (body as { return_url?: unknown }).return_url;
      if (requested !== undefined) {
        if (!isAllowedRedirect(requested, config.access)) {
          throw new HttpError(
            400,
            'invalid_redirect_url',
            'return_url must be a page of this site',
          );
        }
        returnUrl = requested;
      }
    }
    const { Item } = await table.doc.get({
      TableName: table.name,
      Key: paymentKeys.stripeCustomer(user.userId),
      ConsistentRead: true,
    });
    if (typeof Item?.customer_id !== 'string') {
      throw new HttpError(404, 'no_customer', 'No billing account yet: subscribe first');
    }
    try {
      const session = await (
        await stripe()
      ).billingPortal.sessions.create({
        customer: Item.customer_id,
        return_url: returnUrl,
      });
      return c.json({ url: session.url });
    } catch (error) {
      if (!isMissingCustomer(error)) throw error;
      await forgetCustomer(table, user.userId, Item.customer_id);
      throw new HttpError(404, 'no_customer', 'No billing account yet: subscribe first');
    }
  });

  app.all('/', () => {
    throw new HttpError(405, 'method_not_allowed', 'Use POST');
  });

  return app;
}
