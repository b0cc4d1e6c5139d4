/** Leaves the SPA for another site (Stripe Checkout, the billing portal). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
