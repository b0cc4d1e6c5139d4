/**
 * The one subscription offer. `priceId`/`productId` are the ids the local Stripe emulator seeds;
 * a deployment on real Stripe sets `STRIPE_PRICE_ID` to its own price, and the checkout function
 * treats `PLAN.priceId` as the plan's name for that configured price.
 */
export const PLAN = {
  productId: 'prod_credit_dispute_letters',
  priceId: 'price_credit_dispute_letters_monthly',
  name: 'Credit Dispute Letters',
  mode: 'subscription',
  price: 5,
  currency: 'usd',
  interval: 'month',
} as const;

export type Plan = typeof PLAN;

/** Stripe amounts are in the currency's smallest unit. */
export const PLAN_UNIT_AMOUNT = PLAN.price * 100;
