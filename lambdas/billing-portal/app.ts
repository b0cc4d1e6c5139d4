import { forgetCustomer, isMissingCustomer } from '../billing/customers';
import { paymentKeys } from '../billing/items';
import { lazyStripeClient } from '../billing/stripe-client';
import { createAccessTokenVerifier } from '../identity/access-tokens';
import { isAllowedRedirect } from '../platform/api-access';
import { apiCors } from '../platform/cors';
import { createTable } from '../platform/dynamo';
import { HttpError, renderJsonError } from '../platform/errors';
import { readJsonBody } from '../platform/json-body';
import { createLambdaApp } from '../platform/lambda-app';
import { requirePublishableKey } from '../platform/publishable-key';
import type { BillingPortalConfig } from './config';

export const BILLING_PORTAL_PATH = '/functions/v1/billing-portal';

/** A Stripe billing-portal session for the caller's own customer: `{url}`. */
export function createBillingPortalApp(config: BillingPortalConfig) {
  const table = createTable(config.table);
  const stripe = lazyStripeClient(config.stripe);
  const verifier = createAccessTokenVerifier({ table, ...config.tokens });
  const app = createLambdaApp(BILLING_PORTAL_PATH, renderJsonError);
  app.use('*', apiCors(config.access.allowedOrigins));
  app.use('*', requirePublishableKey(config.access.publishableKey));

  app.post('/', async (c) => {
    const user = await verifier.verify(c.req.header('authorization'));
    // The body is optional: `{return_url}` on this site, else the site's home page.
    const requested = (await readJsonBody(c)).return_url;
    let returnUrl = `${config.access.siteUrl}/`;
    if (requested !== undefined) {
      if (!isAllowedRedirect(requested, config.access)) {
        throw new HttpError(400, 'invalid_redirect_url', 'return_url must be a page of this site');
      }
      returnUrl = requested;
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
