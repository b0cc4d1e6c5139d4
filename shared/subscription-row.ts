/**
 * The Supabase-style view `stripe_user_subscriptions`: one row per user, as the `rest` Lambda
 * serves it, the Stripe webhook writes it and the SPA reads it.
 */
export const SUBSCRIPTION_COLUMNS = [
  'customer_id',
  'subscription_id',
  'subscription_status',
  'price_id',
  'current_period_start',
  'current_period_end',
  'cancel_at_period_end',
  'payment_method_brand',
  'payment_method_last4',
] as const;

export type SubscriptionColumn = (typeof SUBSCRIPTION_COLUMNS)[number];

/**
 * Stripe's subscription statuses (Stripe may add more: any other string), or `not_started`
 * before the first subscription exists.
 */
export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused'
  | 'not_started'
  | (string & {});

export interface SubscriptionRow {
  customer_id: string;
  subscription_id: string | null;
  subscription_status: SubscriptionStatus;
  price_id: string | null;
  /** Epoch seconds. */
  current_period_start: number | null;
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  payment_method_brand: string | null;
  payment_method_last4: string | null;
}
