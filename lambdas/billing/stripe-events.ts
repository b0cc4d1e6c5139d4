import type Stripe from 'stripe';

/** Events after which the customer's subscription state may have changed. */
export const SYNCED_EVENT_TYPES: ReadonlySet<string> = new Set<Stripe.Event.Type>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.updated',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'invoice.upcoming',
  'invoice.marked_uncollectible',
  'invoice.payment_succeeded',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_method.attached',
  'payment_method.detached',
]);

/** The customer an event is about: its object's `customer`, or the customer object itself. */
export function customerIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { id?: unknown; object?: unknown; customer?: unknown };
  if (object.object === 'customer' && typeof object.id === 'string') return object.id;
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  if (
    customer &&
    typeof customer === 'object' &&
    typeof (customer as { id?: unknown }).id === 'string'
  ) {
    return (customer as { id: string }).id;
  }
  return null;
}
