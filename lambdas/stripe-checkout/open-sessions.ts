import Stripe from 'stripe';

/**
 * Expires the customer's open Checkout Sessions, so that of the sessions a user opened only the
 * newest can be paid (two tabs, or a session left open before a subscription started: paying
 * both would make two subscriptions). A session completed meanwhile cannot be expired; Stripe
 * refuses with an invalid-request error, and the webhook handles the second subscription.
 */
export async function expireOpenSessions(stripe: Stripe, customerId: string): Promise<void> {
  for await (const session of stripe.checkout.sessions.list({
    customer: customerId,
    status: 'open',
    limit: 100,
  })) {
    try {
      await stripe.checkout.sessions.expire(session.id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }
}
