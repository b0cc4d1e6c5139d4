import { postFunction } from '@/lib/functions';

export interface CheckoutRequest {
  priceId: string;
  mode: 'subscription' | 'payment';
  successUrl: string;
  cancelUrl: string;
}

const CHECKOUT_FAILED = 'Failed to create checkout session';

/** Asks the backend for a hosted Stripe Checkout session; resolves to the page to send the browser to. */
export async function createCheckoutSession(request: CheckoutRequest): Promise<{ url: string }> {
  const response = await postFunction('stripe-checkout', {
    price_id: request.priceId,
    mode: request.mode,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  });
  const { error, url } = response.body;
  if (!response.ok) throw new Error(typeof error === 'string' && error ? error : CHECKOUT_FAILED);
  if (typeof url !== 'string' || !url) throw new Error(CHECKOUT_FAILED);
  return { url };
}
