// One per data area (identity/, billing/): its item keys and partition prefixes.
/**
 * Every item key of the payment data in the single table. A user's billing items live in
 * `BILLING#<id>`, apart from the profile (`USER#`), which no payment function may touch.
 */
export const BILLING_PARTITIONS = {
  billing: 'BILLING#',
  customer: 'CUSTOMER#',
  stripeEvent: 'STRIPE_EVENT#',
  reconcile: 'STRIPE_RECONCILE',
} as const;

const { billing, customer, stripeEvent, reconcile } = BILLING_PARTITIONS;

export const paymentKeys = {
  /** The view's row (`SubscriptionRow` and `read_at`), `not_started` until a subscription exists. */
  subscription: (userId: string) => ({ pk: `${billing}${userId}`, sk: 'SUBSCRIPTION' }),
  /** The user's Stripe customer (or a pending claim to create it). */
  stripeCustomer: (userId: string) => ({ pk: `${billing}${userId}`, sk: 'STRIPE_CUSTOMER' }),
  /** A user's calls to a payment function in one rate-limit window (ttl). */
  rateWindow: (userId: string, bucket: string, windowStart: number) => ({
    pk: `${billing}${userId}`,
    sk: `RATE#${bucket}#${windowStart}`,
  }),
  /** The customer's user: what a webhook event is mapped through. */
  customerUser: (customerId: string) => ({ pk: `${customer}${customerId}`, sk: 'USER' }),
  /** A processed webhook event (ttl 30 days). */
  stripeEvent: (eventId: string) => ({ pk: `${stripeEvent}${eventId}`, sk: 'EVENT' }),
  /** The daily reconciliation's cursor: the Stripe event time up to which every change was synced. */
  reconcileCursor: () => ({ pk: reconcile, sk: 'CURSOR' }),
};
