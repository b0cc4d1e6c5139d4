// One per function folder: the Hono routes its Lambda entry and the local server share.
import { PLAN } from '../../shared/plan';
import type { SubscriptionRow } from '../../shared/subscription-row';
import { customerForUser, forgetCustomer, isMissingCustomer } from '../billing/customers';
import {
  createPaymentFunctionApp,
  type PaymentAppOptions,
  type PaymentFunctionConfig,
} from '../billing/payment-function';
import {
  LIVE_SUBSCRIPTION_STATUSES,
  notStartedRow,
  syncCustomerSubscription,
} from '../billing/subscription-sync';
import { readPaymentBody } from '../billing/payment-body';
import { HttpError } from '../platform/errors';
import { countMetric } from '../platform/metrics';
import { CHECKOUT_BODY_CODES, checkoutBody } from './body';
import { expireOpenSessions } from './open-sessions';
import { checkoutSessionParams } from './session-params';

export const STRIPE_CHECKOUT_PATH = '/functions/v1/stripe-checkout';

export function createStripeCheckoutApp(
  config: PaymentFunctionConfig,
  options: PaymentAppOptions = {},
) {
  // The SPA sends the plan's own id; a deployment on real Stripe maps it to its configured price.
  const bodySchema = checkoutBody(new Set([config.stripe.priceId, PLAN.priceId]), config.access);
  return createPaymentFunctionApp(STRIPE_CHECKOUT_PATH, config, options, async (c, deps, user) => {
    const { table, stripe, now } = deps;
    const body = await readPaymentBody(c, bodySchema, CHECKOUT_BODY_CODES);

    const client = await stripe();
    const found = await customerForUser(client, table, user, now);
    let customerId = found.customerId;
    if (found.existed) {
      // Ask Stripe rather than trust the row: a webhook may still be on its way.
      let row: SubscriptionRow;
      try {
        ({ row } = await syncCustomerSubscription(client, table, user.userId, customerId, now));
      } catch (error) {
        if (!isMissingCustomer(error)) throw error;
        await forgetCustomer(table, user.userId, customerId);
        ({ customerId } = await customerForUser(client, table, user, now));
        row = notStartedRow(customerId);
      }
      if (LIVE_SUBSCRIPTION_STATUSES.has(row.subscription_status)) {
        throw new HttpError(
          409,
          'already_subscribed',
          row.subscription_status === 'past_due'
            ? 'Your subscription payment is past due; update your card in the billing portal'
            : 'You already have an active subscription',
        );
      }
      await expireOpenSessions(client, customerId);
    }

    const session = await client.checkout.sessions.create(
      checkoutSessionParams({
        userId: user.userId,
        customerId,
        priceId: config.stripe.priceId,
        successUrl: body.success_url,
        cancelUrl: body.cancel_url,
      }),
    );
    if (!session.url) {
      throw new HttpError(
        502,
        'payment_provider_error',
        'The payment provider returned no checkout URL',
      );
    }
    countMetric('CheckoutSessions');
    return c.json({ sessionId: session.id, url: session.url });
  });
}
