import { postFunction } from '@/lib/functions';

export interface CheckoutRequest {
  priceId: string;
  mode: 'subscription' | 'payment';
  successUrl: string;
  cancelUrl: string;
}

const CHECKOUT_FAILED = 'Failed to create checkout session';

/** The server refused a second subscription (409): the user has a live plan already. */
export class AlreadySubscribedError extends Error {
  override name = 'AlreadySubscribedError';
}

/** Asks the backend for a hosted Stripe Checkout session; resolves to the page to send the browser to. */
export async function createCheckoutSession(request: CheckoutRequest): Promise<{ url: string }> {
  const response = await postFunction('stripe-checkout', {
    price_id: request.priceId,
    mode: request.mode,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  });
  const { error, url } = response.body;
  if (response.status === 409)
    throw new AlreadySubscribedError(
      typeof error === 'string' && error ? error : 'You already have an active subscription',
    );
  if (!response.ok) throw new Error(typeof error === 'string' && error ? error : CHECKOUT_FAILED);
  if (typeof url !== 'string' || !url) throw new Error(CHECKOUT_FAILED);
  return { url };
}
