import Stripe from 'stripe';
import { PLAN } from '../../shared/plan';
import { ConfigError, optionalString, type Env } from './env';
import { resolveSecret } from './secrets';

/** The API version this code is written against; the webhook endpoint must use the same. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeConfig {
  /** `STRIPE_SECRET_KEY` (or `STRIPE_SECRET_KEY_SECRET_ARN` in AWS), fetched on first use. */
  secretKey: () => Promise<string>;
  /** `STRIPE_API_URL`: set only to talk to the local emulator; unset means api.stripe.com. */
  apiUrl?: URL;
  /** `STRIPE_PRICE_ID`: the plan's price in this Stripe account (the emulator seeds `PLAN.priceId`). */
  priceId: string;
}

export function readStripeConfig(env: Env): StripeConfig {
  const rawApiUrl = optionalString(env, 'STRIPE_API_URL');
  let apiUrl: URL | undefined;
  if (rawApiUrl) {
    try {
      apiUrl = new URL(rawApiUrl);
    } catch {
      throw new ConfigError(`STRIPE_API_URL must be a URL, got "${rawApiUrl}"`);
    }
  }
  return {
    secretKey: () => resolveSecret(env, 'STRIPE_SECRET_KEY'),
    apiUrl,
    priceId: optionalString(env, 'STRIPE_PRICE_ID', PLAN.priceId),
  };
}

/** One client per container, created on first use (the key may come from Secrets Manager). */
export function lazyStripeClient(config: StripeConfig): () => Promise<Stripe> {
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= config.secretKey().then(
      (key) =>
        new Stripe(key, {
          apiVersion: STRIPE_API_VERSION,
          maxNetworkRetries: 2,
          timeout: 10_000,
          appInfo: { name: PLAN.name },
          ...(config.apiUrl
            ? {
                host: config.apiUrl.hostname,
                port: Number(
                  config.apiUrl.port || (config.apiUrl.protocol === 'https:' ? 443 : 80),
                ),
                protocol: config.apiUrl.protocol === 'https:' ? 'https' : 'http',
              }
            : {}),
        }),
    );
    client.catch(() => (client = undefined));
    return client;
  };
}
