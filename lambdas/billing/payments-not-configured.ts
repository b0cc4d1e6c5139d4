import { HttpError } from '../platform/errors';

/** The Stripe values the operator puts in Secrets Manager after the first deploy. */
export type StripeSecretName = 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET';

/**
 * A Stripe secret still holds the deploy's placeholder: payments are off until it is set. The
 * payment functions answer it as it is (503 `payments_not_configured`, naming the secret).
 */
export class PaymentsNotConfiguredError extends HttpError {
  override name = 'PaymentsNotConfiguredError';
  constructor(readonly secretName: StripeSecretName) {
    super(
      503,
      'payments_not_configured',
      `Payments are not configured: set the ${secretName} secret to your Stripe ` +
        `${secretName === 'STRIPE_SECRET_KEY' ? 'secret key (sk_…)' : "webhook endpoint's signing secret (whsec_…)"}` +
        " (the stack's NextSteps output has the command)",
    );
  }
}
