import { serve, type ServerType } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { createAuthApp } from '../../lambdas/auth/router';
import { readAuthConfig } from '../../lambdas/auth/config';
import { createBillingPortalApp } from '../../lambdas/billing-portal/app';
import type { Table } from '../../lambdas/platform/dynamo';
import type { Env } from '../../lambdas/platform/env';
import { createRestApp } from '../../lambdas/rest/app';
import { readRestConfig } from '../../lambdas/rest/config';
import { createStripeCheckoutApp } from '../../lambdas/stripe-checkout/app';
import { readPaymentFunctionConfig } from '../../lambdas/billing/payment-function';
import { STRIPE_WEBHOOK_PATH, createStripeWebhookApp } from '../../lambdas/stripe-webhook/app';
import { readStripeWebhookConfig } from '../../lambdas/stripe-webhook/config';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import {
  startStripeEmulator,
  type RunningStripeEmulator,
} from '../../local/stripe-emulator/server';
import { PLAN } from '../../shared/plan';
import { createTestTable } from '../support/test-table';

export const SITE = 'http://localhost:8787';

export interface PaymentsStack {
  apiUrl: string;
  env: Env;
  table: Table;
  stripe: RunningStripeEmulator;
  /** A new user signed up through the auth API with the official client. */
  signUp(): Promise<TestUser>;
  stop(): Promise<void>;
}

export interface TestUser {
  email: string;
  userId: string;
  accessToken: string;
  client: SupabaseClient;
}

/**
 * The payment functions and the auth API on one local port, on a fresh table, with the Stripe
 * emulator sending its webhooks to them: the same routers the Lambdas and `npm start` run.
 */
export async function startPaymentsStack(overrides: Env = {}): Promise<PaymentsStack> {
  const { env: tableEnv, table } = await createTestTable();
  const stripe = await startStripeEmulator({ port: 0, webhookUrl: null });
  const root = new Hono();
  const server = await new Promise<ServerType>((resolveServer) => {
    const started = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolveServer(started),
    );
  });
  const address = server.address();
  const apiUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  const env: Env = {
    ...tableEnv,
    ...stripe.lambdaEnv(),
    STRIPE_PRICE_ID: PLAN.priceId,
    ...overrides,
  };
  root.route('/', createAuthApp(readAuthConfig(env)));
  root.route('/', createRestApp(readRestConfig(env)));
  root.route('/', createStripeCheckoutApp(readPaymentFunctionConfig(env)));
  root.route('/', createStripeWebhookApp(readStripeWebhookConfig(env)));
  root.route('/', createBillingPortalApp(readPaymentFunctionConfig(env)));
  stripe.emulator.webhooks.url = `${apiUrl}${STRIPE_WEBHOOK_PATH}`;

  let users = 0;
  return {
    apiUrl,
    env,
    table,
    stripe,
    async signUp() {
      const client = createClient(apiUrl, LOCAL_PUBLISHABLE_KEY, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        // Node 20 has no global WebSocket; these tests never open a realtime channel.
        realtime: { transport: class {} as never },
      });
      const email = `payer-${Date.now()}-${++users}@example.com`;
      const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-42' });
      if (error || !data.session || !data.user) {
        throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
      }
      return { email, userId: data.user.id, accessToken: data.session.access_token, client };
    },
    async stop() {
      await stripe.stop();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
}

export const CHECKOUT_BODY = {
  price_id: PLAN.priceId,
  mode: PLAN.mode,
  success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${SITE}/payment`,
};

/** The SPA's call: the official client's `functions.invoke` with the user's bearer token. */
export async function startCheckout(user: TestUser, body: Record<string, unknown> = CHECKOUT_BODY) {
  const { data, error, response } = await user.client.functions.invoke<{
    sessionId: string;
    url: string;
  }>('stripe-checkout', { body });
  const status = response?.status ?? 0;
  const errorBody =
    error && response ? ((await response.clone().json()) as { error: string; code: string }) : null;
  return { data, status, errorBody };
}

export interface CardForm {
  email?: string;
  cardNumber: string;
  cardExpiry?: string;
  cardCvc?: string;
  billingName?: string;
}

/** Fills the hosted checkout page over HTTP: reads the page, then submits its form. */
export async function payOnHostedPage(url: string, card: CardForm) {
  const page = await fetch(url);
  const html = await page.text();
  const prefilledEmail = /id="email"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? '';
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: card.email ?? prefilledEmail,
      cardNumber: card.cardNumber,
      cardExpiry: card.cardExpiry ?? '12 / 34',
      cardCvc: card.cardCvc ?? '123',
      billingName: card.billingName ?? 'Pat Payer',
    }),
  });
  return {
    page: html,
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  };
}

/** The SPA's read of the view. */
export async function readView(user: TestUser) {
  return user.client.from('stripe_user_subscriptions').select('*').maybeSingle();
}

/** Signs the user up for the plan with a card that works; returns the hosted page's redirect. */
export async function subscribe(user: TestUser, cardNumber = '4242 4242 4242 4242') {
  const checkout = await startCheckout(user);
  if (!checkout.data) throw new Error(`checkout failed: ${JSON.stringify(checkout.errorBody)}`);
  return {
    checkout: checkout.data,
    paid: await payOnHostedPage(checkout.data.url, { cardNumber }),
  };
}

/** Calls one of the emulator's test controls over HTTP. */
export async function emulatorControl(
  stack: PaymentsStack,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${stack.stripe.url}/__emulator${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/**
 * A second checkout session for the customer of `sessionId`, made straight on the emulator, as a
 * second checkout call that listed the open sessions before the first existed would get.
 */
export function secondCheckoutSession(stack: PaymentsStack, sessionId: string) {
  const first = stack.stripe.emulator.checkoutSessions.get(sessionId)!;
  const customer = first.customer as string;
  const session = stack.stripe.emulator.createCheckoutSession({
    mode: 'subscription',
    customer,
    metadata: {},
    subscriptionMetadata: {},
    lineItems: [{ price: PLAN.priceId }],
    successUrl: first.success_url!,
    cancelUrl: first.cancel_url ?? undefined,
  });
  return { customer, session };
}
