// One per function folder: the Hono routes its Lambda entry and the local server share.
import { forgetCustomer, isMissingCustomer, storedCustomerId } from '../billing/customers';
import {
  createPaymentFunctionApp,
  type PaymentAppOptions,
  type PaymentFunctionConfig,
} from '../billing/payment-function';
import { readPaymentBody } from '../billing/payment-body';
import { HttpError } from '../platform/errors';
import { portalBody } from './body';

export const BILLING_PORTAL_PATH = '/functions/v1/billing-portal';

/** A Stripe billing-portal session for the caller's own customer: `{url}`. */
export function createBillingPortalApp(
  config: PaymentFunctionConfig,
  options: PaymentAppOptions = {},
) {
  const bodySchema = portalBody(config.access);
  return createPaymentFunctionApp(BILLING_PORTAL_PATH, config, options, async (c, deps) => {
    const { table, stripe, verifier } = deps;
    const user = await verifier.verify(c.req.header('authorization'));
    const body = await readPaymentBody(c, bodySchema, { return_url: 'invalid_redirect_url' });
    const returnUrl = body.return_url ?? `${config.access.siteUrl}/`;
    const customerId = await storedCustomerId(table, user.userId);
    if (!customerId) {
      throw new HttpError(404, 'no_customer', 'No billing account yet: subscribe first');
    }
    try {
      const session = await (
        await stripe()
      ).billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return c.json({ url: session.url });
    } catch (error) {
      if (!isMissingCustomer(error)) throw error;
      await forgetCustomer(table, user.userId, customerId);
      throw new HttpError(404, 'no_customer', 'No billing account yet: subscribe first');
    }
  });
}
