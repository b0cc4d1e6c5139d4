/** Every item key of the payment data in the single table. */
export const paymentKeys = {
  /** The view's row (`SubscriptionRow` and `read_at`), `not_started` until a subscription exists. */
  subscription: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SUBSCRIPTION' }),
  /** The user's Stripe customer (or a pending claim to create it). */
  stripeCustomer: (userId: string) => ({ pk: `USER#${userId}`, sk: 'STRIPE_CUSTOMER' }),
  /** The customer's user: what a webhook event is mapped through. */
  customerUser: (customerId: string) => ({ pk: `CUSTOMER#${customerId}`, sk: 'USER' }),
  /** A processed webhook event (ttl 30 days). */
  stripeEvent: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' }),
  /** The daily reconciliation's cursor: the Stripe event time up to which every change was synced. */
  reconcileCursor: () => ({ pk: 'STRIPE_RECONCILE', sk: 'CURSOR' }),
};
