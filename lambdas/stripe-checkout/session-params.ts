import type Stripe from 'stripe';

/** The Checkout Session the app asks Stripe for: the one plan, tied to the user both ways. */
export function checkoutSessionParams(options: {
  userId: string;
  customerId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'subscription',
    customer: options.customerId,
    client_reference_id: options.userId,
    metadata: { user_id: options.userId },
    subscription_data: { metadata: { user_id: options.userId } },
    line_items: [{ price: options.priceId, quantity: 1 }],
    success_url: options.successUrl,
    cancel_url: options.cancelUrl,
  };
}
