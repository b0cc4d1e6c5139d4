import { describe, expect, it } from 'vitest';
import { readAuthConfig } from '../../lambdas/auth/config';
import { readStripeConfig } from '../../lambdas/billing/stripe-client';
import { readStripeWebhookConfig } from '../../lambdas/stripe-webhook/config';
import { ConfigError } from '../../lambdas/platform/env';
import { secretReader } from '../../lambdas/platform/secrets';

const BASE = {
  TABLE_NAME: 'table',
  SITE_URL: 'https://example.com',
  PUBLISHABLE_KEY: 'sb_publishable_x',
};

describe('secret settings are checked at cold start', () => {
  it('a secret set neither as a value nor as an ARN fails the config read, naming it', () => {
    expect(() => secretReader({}, 'STRIPE_SECRET_KEY')).toThrow(
      new ConfigError('Missing STRIPE_SECRET_KEY (or STRIPE_SECRET_KEY_SECRET_ARN in AWS)'),
    );
    expect(() => readAuthConfig({ ...BASE, REFRESH_TOKEN_SECRET: 'r' })).toThrow(
      /Missing JWT_SIGNING_KEYS/,
    );
    expect(() => readAuthConfig({ ...BASE, JWT_SIGNING_KEYS: 'k' })).toThrow(
      /Missing REFRESH_TOKEN_SECRET/,
    );
    expect(() => readStripeConfig(BASE)).toThrow(/Missing STRIPE_SECRET_KEY/);
    expect(() => readStripeWebhookConfig({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /Missing STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('the value itself is read on first use: a value or an ARN is enough at cold start', async () => {
    const read = secretReader({ STRIPE_SECRET_KEY: ' sk_test_1 ' }, 'STRIPE_SECRET_KEY');
    await expect(read()).resolves.toBe('sk_test_1');
    expect(() =>
      secretReader({ X_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:x' }, 'X'),
    ).not.toThrow();
  });
});
