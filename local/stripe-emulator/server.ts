import { randomBytes } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { PLAN } from '../../shared/plan';
import { createStripeApiRoutes } from './api-routes';
import { createControlRoutes } from './control-routes';
import { StripeEmulator } from './emulator';
import { createHostedPageRoutes } from './hosted-pages';
import { WebhookEmitter } from './webhook-emitter';

export interface StripeEmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where signed events go; null sends none. */
  webhookUrl: string | null;
  /** Defaults to fresh random test-mode values. */
  secretKey?: string;
  webhookSecret?: string;
  /** Where to keep the emulated account between runs; null keeps it in memory only. */
  stateFile?: string | null;
}

export interface RunningStripeEmulator {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  emulator: StripeEmulator;
  /** The environment the payment Lambdas need to talk to this emulator. */
  lambdaEnv(): Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A local stand-in for Stripe on its own port: the real API paths (the SDK is pointed here with
 * host/port/protocol), hosted Checkout and billing-portal pages, signed webhooks and test controls.
 */
export async function startStripeEmulator(
  options: StripeEmulatorOptions,
): Promise<RunningStripeEmulator> {
  const secretKey = options.secretKey ?? `sk_test_emulator_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const app = new Hono();
  let publicUrl = '';
  const server = await new Promise<ServerType>((resolveServer, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: '127.0.0.1' });
    started.once('error', reject);
    started.once('listening', () => resolveServer(started));
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  publicUrl = `http://localhost:${port}`;

  const emulator = new StripeEmulator(
    publicUrl,
    new WebhookEmitter(options.webhookUrl, webhookSecret),
    options.stateFile ?? null,
  );
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') emulator.save();
  });
  app.route('/', createStripeApiRoutes(emulator, secretKey));
  app.route('/', createHostedPageRoutes(emulator));
  app.route('/', createControlRoutes(emulator));

  return {
    url: publicUrl,
    port,
    secretKey,
    webhookSecret,
    emulator,
    lambdaEnv: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: publicUrl,
      STRIPE_PRICE_ID: PLAN.priceId,
    }),
    async stop() {
      await emulator.webhooks.settled();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
}
