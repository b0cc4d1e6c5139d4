import type { Env } from '../platform/env';
import { secretReader } from '../platform/secrets';
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

/**
 * `secretReader` for a Stripe secret: each read refuses a value that is not one Stripe issued
 * (the deploy's placeholder) as payments not configured yet.
 */
export function stripeSecretReader(env: Env, name: StripeSecretName): () => Promise<string> {
  const read = secretReader(env, name);
  return async () => {
    const value = await read();
    if (!STRIPE_PREFIXES[name].some((prefix) => value.startsWith(prefix))) {
      throw new PaymentsNotConfiguredError(name);
    }
    return value;
  };
}
