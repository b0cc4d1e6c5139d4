import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime';
import { PLAN } from '../../shared/plan';
import { payOnHostedPage } from './payments-stack';

function clientFor(runtime: LocalRuntime) {
  return createClient(runtime.url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: class {} as never },
  });
}

it('npm start wires payments: emulator checkout, webhooks to the local API, state kept across restarts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payments-runtime-'));
  const email = `runtime-${Date.now()}@example.com`;
  const password = 'correct-horse-42';
  const checkoutBody = (runtime: LocalRuntime) => ({
    price_id: PLAN.priceId,
    mode: PLAN.mode,
    success_url: `${runtime.url}/success`,
    cancel_url: `${runtime.url}/payment`,
  });

  const first = await startLocalRuntime({ port: 0, dataDir, webDist: 'web/dist' });
  try {
    expect(first.stripeEmulator).not.toBeNull();
    const client = clientFor(first);
    const { error: signUpError } = await client.auth.signUp({ email, password });
    expect(signUpError).toBeNull();
    const { data } = await client.functions.invoke<{ url: string }>('stripe-checkout', {
      body: checkoutBody(first),
    });
    expect(data!.url.startsWith(`${first.stripeEmulator!.url}/c/pay/`)).toBe(true);
    const paid = await payOnHostedPage(data!.url, { cardNumber: '4242 4242 4242 4242' });
    expect(paid.location).toBe(`${first.url}/success`);
    const view = await client.from('stripe_user_subscriptions').select('*').maybeSingle();
    expect(view.data).toMatchObject({
      subscription_status: 'active',
      payment_method_last4: '4242',
    });
  } finally {
    await first.stop();
  }

  const second = await startLocalRuntime({ port: 0, dataDir, webDist: 'web/dist' });
  try {
    const client = clientFor(second);
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const view = await client.from('stripe_user_subscriptions').select('*').maybeSingle();
    expect(view.data?.subscription_status).toBe('active');
    // The emulator remembers the customer, so Stripe and the table still agree.
    const again = await client.functions.invoke('stripe-checkout', { body: checkoutBody(second) });
    expect(again.response?.status).toBe(409);
    const portal = await client.functions.invoke<{ url: string }>('billing-portal', { body: {} });
    expect(portal.data?.url.startsWith(`${second.stripeEmulator!.url}/p/session/`)).toBe(true);
  } finally {
    await second.stop();
  }
}, 120_000);
