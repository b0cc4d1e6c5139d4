import Stripe from 'stripe';
import { PLAN } from '../../shared/plan';
import { ConfigError, optionalString, type Env } from '../platform/env';
import { stripeSecretReader } from './stripe-secrets';

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
    secretKey: stripeSecretReader(env, 'STRIPE_SECRET_KEY'),
    apiUrl,
    priceId: optionalString(env, 'STRIPE_PRICE_ID', PLAN.priceId),
  };
}

/**
 * One client per container, created on first use, and again only when the secret key changes
 * (a key set after deploy reaches warm containers through `resolveSecret`'s cache).
 */
export function lazyStripeClient(config: StripeConfig): () => Promise<Stripe> {
  let current: { key: string; client: Stripe } | undefined;
  return async () => {
    const key = await config.secretKey();
    if (current?.key !== key) current = { key, client: createStripeClient(key, config.apiUrl) };
    return current.client;
  };
}

function createStripeClient(key: string, apiUrl: URL | undefined): Stripe {
  return new Stripe(key, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: PLAN.name },
    ...(apiUrl
      ? {
          host: apiUrl.hostname,
          port: Number(apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80)),
          protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
