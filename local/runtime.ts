import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { readAuthConfig } from '../lambdas/auth/config';
import { createAuthApp } from '../lambdas/auth/router';
import { createBillingPortalApp } from '../lambdas/billing-portal/app';
import { readTableConfig } from '../lambdas/platform/dynamo';
import type { Env } from '../lambdas/platform/env';
import { createRestApp } from '../lambdas/rest/app';
import { readRestConfig } from '../lambdas/rest/config';
import { createRemindersApp } from '../lambdas/reminders-api/app';
import { readRemindersApiConfig } from '../lambdas/reminders-api/config';
import { readRemindersJobConfig } from '../lambdas/reminders-job/config';
import { createReminderJob, type ReminderJob } from '../lambdas/reminders-job/job';
import { createStripeCheckoutApp } from '../lambdas/stripe-checkout/app';
import { readPaymentFunctionConfig } from '../lambdas/billing/payment-function';
import { STRIPE_WEBHOOK_PATH, createStripeWebhookApp } from '../lambdas/stripe-webhook/app';
import { readStripeWebhookConfig } from '../lambdas/stripe-webhook/config';
import { createSyncApp } from '../lambdas/sync/app';
import { readSyncConfig } from '../lambdas/sync/config';
import { SECURITY_HEADERS } from '../shared/security-headers';
import { sitemapXml } from '../shared/site-map';
import {
  LOCAL_AWS_ENV,
  LOCAL_JWT_ISSUER,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_TABLE_NAME,
} from './constants';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { createDevMailbox } from './dev-mailbox';
import { createDevReminders, scheduleLocalReminders } from './dev-reminders';
import { ensureTable } from './ensure-table';
import { requireLocalHost } from './host-check';
import { createOutbox, type Outbox } from './outbox';
import { loadLocalSigningKeys } from './signing-keys';
import { siteSettings } from './site-settings';
import { createStaticSiteHandler } from './static-site';
import { startStripeEmulator, type RunningStripeEmulator } from './stripe-emulator/server';

export interface LocalRuntimeOptions {
  port: number;
  /** The interface to listen on; loopback unless asked (`/_dev/mail` holds every code and link). */
  host?: string;
  /** Where DynamoDB Local keeps its files; null keeps everything in memory. */
  dataDir: string | null;
  webDist: string;
  /** Extra settings for the handlers (e.g. rate limits for a test); they win over the defaults. */
  env?: Env;
  /**
   * A DynamoDB Local that tests share: the runtime keeps its data in its own table there and
   * neither starts nor stops it (a Java start costs a test file about 5 CPU seconds).
   */
  sharedDynamo?: { endpoint: string; tableName: string };
}

export interface LocalRuntime {
  url: string;
  port: number;
  env: Env;
  /** The local Stripe emulator; null when real Stripe keys are configured. */
  stripeEmulator: RunningStripeEmulator | null;
  /** E-mails the auth API and the reminders sent (also shown at /_dev/mail). */
  outbox: Outbox;
  /** The reminders job: run daily, and by `POST /_dev/reminders/run?date=`. */
  reminders: ReminderJob;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(port: number) {
    super(
      `Port ${port} is already in use. Stop whatever is using it or choose another: PORT=8788 npm start`,
    );
  }
}

export const DEFAULT_HOST = '127.0.0.1';

function listen(app: Hono, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolveServer, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname });
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error),
    );
    server.once('listening', () => resolveServer(server));
  });
}

/**
 * The whole product on one port: the same Hono routers the Lambdas run, the built SPA with
 * the CloudFront security headers, and /config.json. Used by `npm start` and by tests.
 */
export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const root = new Hono();
  const host = options.host ?? DEFAULT_HOST;
  const server = await listen(root, options.port, host);
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  const url = `http://localhost:${port}`;
  root.use('*', requireLocalHost(port, host));

  let dynamo: DynamoDbLocal | undefined;
  let stripeEmulator: RunningStripeEmulator | null = null;
  try {
    const dynamoEndpoint = options.sharedDynamo
      ? options.sharedDynamo.endpoint
      : (dynamo = await startDynamoDbLocal(options.dataDir ? { dataDir: options.dataDir } : {}))
          .endpoint;
    // With a real Stripe test key configured the app talks to Stripe; otherwise to the emulator.
    if (!(options.env?.STRIPE_SECRET_KEY ?? process.env.STRIPE_SECRET_KEY)) {
      stripeEmulator = await startStripeEmulator({
        port: Number(process.env.STRIPE_EMULATOR_PORT ?? 0),
        webhookUrl: `${url}${STRIPE_WEBHOOK_PATH}`,
        stateFile: options.dataDir ? join(options.dataDir, 'stripe-emulator.json') : null,
      });
    }
    const env: Env = {
      // Every local request comes from 127.0.0.1: one client may use the whole e-mail budget.
      RATE_LIMIT_EMAIL_PER_CLIENT: process.env.RATE_LIMIT_EMAIL_SENT ?? '30',
      ...process.env,
      TABLE_NAME: options.sharedDynamo?.tableName ?? LOCAL_TABLE_NAME,
      ...LOCAL_AWS_ENV,
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
      SITE_URL: url,
      // Port-independent, so sessions survive a restart on another port (`PORT=0`).
      JWT_ISSUER: LOCAL_JWT_ISSUER,
      ...(await loadLocalSigningKeys(options.dataDir)),
      ...stripeEmulator?.lambdaEnv(),
      ...options.env,
    };
    await ensureTable(readTableConfig(env));

    root.use('*', async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    });
    root.get('/config.json', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ url, publishableKey: env.PUBLISHABLE_KEY, ...siteSettings(env) });
    });
    root.get('/sitemap.xml', (c) =>
      c.body(sitemapXml(url), 200, { 'Content-Type': 'application/xml' }),
    );
    const outbox = createOutbox(options.dataDir ? join(options.dataDir, 'outbox') : null);
    root.route('/', createAuthApp(readAuthConfig(env), { mailer: outbox }));
    root.route('/', createDevMailbox(outbox));
    // The outbox sends locally; a missing operator is named in the mail rather than blocking it.
    const reminders = createReminderJob(
      readRemindersJobConfig({
        ...env,
        OPERATOR_NAME: env.OPERATOR_NAME?.trim() || 'Operator name not set (OPERATOR_NAME)',
        OPERATOR_ADDRESS:
          env.OPERATOR_ADDRESS?.trim() || 'Postal address not set (OPERATOR_ADDRESS)',
      }),
      { mailer: outbox },
    );
    root.route('/', createDevReminders(reminders));
    root.route(
      '/',
      createRemindersApp(readRemindersApiConfig({ REMINDERS_ENABLED: 'true', ...env })),
    );
    root.route('/', createRestApp(readRestConfig(env)));
    root.route('/', createStripeCheckoutApp(readPaymentFunctionConfig(env)));
    root.route('/', createStripeWebhookApp(readStripeWebhookConfig(env)));
    root.route('/', createBillingPortalApp(readPaymentFunctionConfig(env)));
    root.route('/', createSyncApp(readSyncConfig(env)));
    root.on(['GET', 'HEAD'], '*', createStaticSiteHandler(options.webDist));
    // What API Gateway answers for a route it does not have.
    root.notFound((c) => c.json({ message: 'Not Found' }, 404));

    const reminderSchedule = scheduleLocalReminders(reminders);
    const stopDynamo = dynamo;
    const stopStripe = stripeEmulator;
    return {
      url,
      port,
      env,
      stripeEmulator,
      outbox,
      reminders,
      async stop() {
        reminderSchedule.stop();
        await reminderSchedule.first;
        await stopStripe?.stop();
        await new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await stopDynamo?.stop();
      },
    };
  } catch (error) {
    server.close();
    await stripeEmulator?.stop();
    await dynamo?.stop();
    throw error;
  }
}
