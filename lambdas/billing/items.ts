import { IDENTITY_PARTITIONS } from '../identity/items';

/**
 * The partition-key prefix of each kind of payment item (rows and Stripe customers live in the
 * user's partition). IAM grants each function the prefixes it may touch from these.
 */
export const PAYMENT_PARTITIONS = {
  user: IDENTITY_PARTITIONS.user,
  customer: 'CUSTOMER#',
  stripeEvent: 'STRIPE_EVENT#',
  /** A single item: the reconciliation's cursor. */
  reconcileCursor: 'STRIPE_RECONCILE',
} as const;
const P = PAYMENT_PARTITIONS;

/** Every item key of the payment data in the single table. */
export const paymentKeys = {
  /** The view's row (`SubscriptionRow` and `read_at`), `not_started` until a subscription exists. */
  subscription: (userId: string) => ({ pk: `${P.user}${userId}`, sk: 'SUBSCRIPTION' }),
  /** The user's Stripe customer (or a pending claim to create it). */
  stripeCustomer: (userId: string) => ({ pk: `${P.user}${userId}`, sk: 'STRIPE_CUSTOMER' }),
  /** The customer's user: what a webhook event is mapped through. */
  customerUser: (customerId: string) => ({ pk: `${P.customer}${customerId}`, sk: 'USER' }),
  /** A processed webhook event (ttl 30 days). */
  stripeEvent: (eventId: string) => ({ pk: `${P.stripeEvent}${eventId}`, sk: 'EVENT' }),
  /** The daily reconciliation's cursor: the Stripe event time up to which every change was synced. */
  reconcileCursor: () => ({ pk: P.reconcileCursor, sk: 'CURSOR' }),
};
