import type { Env } from '../platform/env';
import { resolveSecret } from '../platform/secrets';
import { PaymentsNotConfiguredError, type StripeSecretName } from './payments-not-configured';

/**
 * How Stripe's own values start: secret (`sk_`) or restricted (`rk_`) API keys, and webhook
 * endpoint secrets (`whsec_`). The stack creates both secrets with a random placeholder, which
 * never does.
 */
const STRIPE_PREFIXES: Record<StripeSecretName, readonly string[]> = {
  STRIPE_SECRET_KEY: ['sk_', 'rk_'],
  STRIPE_WEBHOOK_SECRET: ['whsec_'],
};

/** `resolveSecret`, refusing a value that is not one Stripe issued (the deploy's placeholder). */
export async function resolveStripeSecret(env: Env, name: StripeSecretName): Promise<string> {
  const value = await resolveSecret(env, name);
  if (!STRIPE_PREFIXES[name].some((prefix) => value.startsWith(prefix))) {
    throw new PaymentsNotConfiguredError(name);
  }
  return value;
}
