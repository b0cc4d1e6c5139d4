import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadLocalSigningKeys } from '../local/signing-keys';
import { startStripeEmulator, type RunningStripeEmulator } from '../local/stripe-emulator/server';
import { createTestTable } from '../tests/support/test-table';
import { API_FUNCTIONS, functionLogicalId } from './api-functions';
import { REPO_ROOT } from './app-function';
import { JWT_KEYS_GENERATOR_LOGICAL_ID } from './jwt-signing-keys';
import { STRIPE_RECONCILE_LOGICAL_ID } from './reconciliation';
import {
  deployedValues,
  envVarsFor,
  EVENTS_SITE_URL,
  LOCAL_ORIGIN_VERIFY_SECRET,
  localValues,
  samTemplateEnvironment,
  templateFunctions,
  type Template,
} from './sam-env';
import { ORIGIN_VERIFY_LOGICAL_ID } from './stack';
import {
  runSynth,
  SCRATCH_ASSEMBLY_DIR,
  SYNTH_CHECK_CONTEXT,
  synthesizedFunctions,
  templatePath,
} from './synthesized-functions';

/**
 * `sam local invoke` without Docker: the template synthesized for SAM (`-c samLocal=true`),
 * each function's environment built as SAM builds it (only declared variables; `Ref` → logical
 * id, other intrinsics → ''; then `npm run sam:env`'s `--env-vars` entry on top; SAM's own
 * AWS_* variables), its deploy bundle imported with exactly that, and its `events/` events
 * invoked against DynamoDB Local and the Stripe emulator.
 */
const OUTDIR = `${SCRATCH_ASSEMBLY_DIR}-sam-local`;

interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}
type Handler = (event: unknown, context: unknown) => Promise<LambdaResult>;
type LambdaEvent = { headers: Record<string, string>; body?: string; [key: string]: unknown };

const readEvent = (name: string) =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'events', name), 'utf8')) as LambdaEvent;
const withHeaders = (event: LambdaEvent, headers: Record<string, string>): LambdaEvent => ({
  ...event,
  headers: { ...event.headers, ...headers },
});
const withBody = (event: LambdaEvent, body: string): LambdaEvent => ({
  ...withHeaders(event, { 'content-length': String(Buffer.byteLength(body)) }),
  body,
});
const json = (result: LambdaResult) => JSON.parse(result.body || 'null') as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const handlers = new Map<string, Handler>();
const environments = new Map<string, Record<string, string>>();
const originalEnv = { ...process.env };
let stripe: RunningStripeEmulator;

const invoke = (logicalId: string, event: unknown) =>
  handlers.get(logicalId)!(event, {
    functionName: logicalId,
    awsRequestId: randomBytes(16).toString('hex'),
    getRemainingTimeInMillis: () => 10_000,
  });

beforeAll(async () => {
  rmSync(OUTDIR, { recursive: true, force: true });
  const synth = runSynth(OUTDIR, { ...SYNTH_CHECK_CONTEXT, samLocal: 'true' });
  if (synth.status !== 0) throw new Error(`synth failed:\n${synth.stdout}\n${synth.stderr}`);
  const template = JSON.parse(readFileSync(templatePath(OUTDIR), 'utf8')) as Template;

  const { env: tableEnv } = await createTestTable();
  const stripeSecretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const stripeWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  stripe = await startStripeEmulator({
    port: 0,
    webhookUrl: null,
    secretKey: stripeSecretKey,
    webhookSecret: stripeWebhookSecret,
  });
  const values = {
    ...localValues({
      dynamodbUrl: tableEnv.AWS_ENDPOINT_URL_DYNAMODB!,
      stripeUrl: stripe.url,
      stripeSecretKey,
      stripeWebhookSecret,
      keys: await loadLocalSigningKeys(null),
      siteUrl: EVENTS_SITE_URL,
      originVerifySecret: LOCAL_ORIGIN_VERIFY_SECRET,
    }),
    // This test's own table in the shared DynamoDB Local (the local stack's is LOCAL_TABLE_NAME).
    TABLE_NAME: tableEnv.TABLE_NAME!,
  };
  const envVars = envVarsFor(template, values);
  // What SAM itself adds: the region and credentials of the profile, the function's name.
  const samAws = {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };

  const bundles = synthesizedFunctions(OUTDIR);
  for (const [id, declared] of templateFunctions(template)) {
    const bundle = bundles.get(id);
    // The key generator is CloudFormation's custom resource: it runs at deploy, not from SAM.
    if (!bundle || id === JWT_KEYS_GENERATOR_LOGICAL_ID) continue;
    const environment: Record<string, string> = {
      ...samTemplateEnvironment(declared),
      ...envVars[id],
      ...samAws,
      AWS_LAMBDA_FUNCTION_NAME: id,
    };
    delete environment.NODE_OPTIONS;
    for (const key of Object.keys(process.env)) if (!(key in originalEnv)) delete process.env[key];
    for (const key of Object.keys(process.env)) if (key.startsWith('AWS_')) delete process.env[key];
    Object.assign(process.env, environment);
    environments.set(id, environment);
    const module = (await import(/* @vite-ignore */ pathToFileURL(bundle.bundle).href)) as {
      handler: Handler;
    };
    handlers.set(id, module.handler);
  }
  // Secrets and keys are read on first use from the one process.env: every function's values
  // (one value per name across functions) stay set.
  for (const environment of environments.values()) Object.assign(process.env, environment);
}, 300_000);

afterAll(async () => {
  await stripe?.stop();
  for (const key of Object.keys(process.env)) if (!(key in originalEnv)) delete process.env[key];
  Object.assign(process.env, originalEnv);
  rmSync(OUTDIR, { recursive: true, force: true });
});

describe('npm run sam:env -- --stack NAME', () => {
  test("a deployed stack's outputs give every variable SAM would leave wrong", () => {
    const template = JSON.parse(readFileSync(templatePath(OUTDIR), 'utf8')) as Template & {
      Outputs: Record<string, unknown>;
    };
    const outputNames = Object.keys(template.Outputs);
    const outputs = Object.fromEntries(outputNames.map((name) => [name, `<${name}>`]));
    const values = deployedValues(outputs);
    const files = envVarsFor(template, values);
    for (const [id, declared] of templateFunctions(template)) {
      for (const [name, value] of Object.entries(declared)) {
        // Intrinsics (a Ref's logical id, '' otherwise) are replaced; literals SAM keeps.
        if (typeof value !== 'string') expect(files[id]![name], `${id} ${name}`).toMatch(/^<\w+>$/);
      }
    }
    expect(() => deployedValues({})).toThrow('The stack has no output TableName');
  });
});

describe('sam local invoke, as SAM builds the environment', () => {
  test('every route and method a function serves has a sample event', () => {
    for (const spec of API_FUNCTIONS) {
      const served = spec.events.map((name) => {
        const event = readEvent(name) as LambdaEvent & {
          rawPath: string;
          requestContext: { http: { method: string } };
        };
        return { method: event.requestContext.http.method, path: event.rawPath };
      });
      for (const route of spec.routes) {
        for (const method of route.methods) {
          const pattern = new RegExp(`^${route.path.replace(/\{proxy\+\}$/, '.+')}$`);
          const covered = served.some(
            (event) => pattern.test(event.path) && (method === 'ANY' || event.method === method),
          );
          expect(covered, `${spec.id}: ${method} ${route.path}`).toBe(true);
        }
      }
    }
  });

  test('every function of ours is loaded, with no variable left as SAM leaves it', () => {
    const expected = [
      ...API_FUNCTIONS.map(functionLogicalId),
      ORIGIN_VERIFY_LOGICAL_ID,
      STRIPE_RECONCILE_LOGICAL_ID,
    ];
    expect([...handlers.keys()].sort()).toEqual(expected.sort());
    for (const [id, environment] of environments) {
      for (const [name, value] of Object.entries(environment)) {
        if (name.endsWith('_SECRET_ARN')) continue; // the value itself is set instead
        expect(value, `${id} ${name}`).not.toBe('');
      }
    }
  });

  test('auth: signup, password grant, user, refresh, settings, logout', async () => {
    const id = functionLogicalId({ id: 'Auth' });
    const signup = await invoke(id, readEvent('auth-signup.json'));
    expect(signup.statusCode, signup.body).toBe(200);
    const token = await invoke(id, readEvent('auth-token.json'));
    expect(token.statusCode, token.body).toBe(200);
    const session = json(token);
    const bearer = { authorization: `Bearer ${session.access_token}` };
    const user = await invoke(id, withHeaders(readEvent('auth-user.json'), bearer));
    expect([user.statusCode, json(user).email]).toEqual([200, 'ada@example.com']);

    const refreshed = await invoke(
      id,
      withBody(
        readEvent('auth-token-refresh.json'),
        JSON.stringify({ refresh_token: session.refresh_token }),
      ),
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(json(refreshed).refresh_token).not.toBe(session.refresh_token);

    const settings = await invoke(id, readEvent('auth-settings.json'));
    expect(settings.statusCode).toBe(200);
    expect(json(settings).mailer_enabled).toBe(false); // no MAIL_FROM in this synth

    const updated = await invoke(id, withHeaders(readEvent('auth-user-update.json'), bearer));
    expect([updated.statusCode, json(updated).user_metadata?.full_name]).toEqual([
      200,
      'Ada Lovelace',
    ]);
    // This synth has no MAIL_FROM: the e-mail routes answer that e-mail is off, as GoTrue does.
    for (const name of ['auth-otp.json', 'auth-recover.json', 'auth-resend.json']) {
      const answer = await invoke(id, readEvent(name));
      expect([name, json(answer).code]).toEqual([name, 'email_provider_disabled']);
    }
    const verify = await invoke(id, readEvent('auth-verify.json'));
    expect([verify.statusCode, json(verify).code]).toEqual([403, 'otp_expired']);
    const link = await invoke(id, readEvent('auth-verify-link.json'));
    expect(link.statusCode).toBe(303);
    expect(link.headers?.location).toMatch(/#.*error_code=otp_expired/);
    expect((await invoke(id, readEvent('auth-health.json'))).statusCode).toBe(200);
    const jwks = await invoke(id, readEvent('auth-jwks.json'));
    expect(json(jwks).keys.length).toBeGreaterThan(0);
    const preflight = await invoke(id, readEvent('auth-preflight.json'));
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers?.['access-control-allow-origin']).toBe(EVENTS_SITE_URL);

    const newBearer = { authorization: `Bearer ${json(refreshed).access_token}` };
    const logout = await invoke(id, withHeaders(readEvent('auth-logout.json'), newBearer));
    expect(logout.statusCode, logout.body).toBe(204);
    const after = await invoke(id, withHeaders(readEvent('auth-user.json'), newBearer));
    expect(after.statusCode).toBe(403);
  });

  test('checkout (and its CORS preflight), rest, portal, webhook, authorizer, reconciliation', async () => {
    const token = json(
      await invoke(functionLogicalId({ id: 'Auth' }), readEvent('auth-token.json')),
    );
    const bearer = { authorization: `Bearer ${token.access_token}` };

    const preflight = await invoke(
      functionLogicalId({ id: 'StripeCheckout' }),
      readEvent('stripe-checkout-preflight.json'),
    );
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers?.['access-control-allow-origin']).toBe(EVENTS_SITE_URL);

    const checkout = await invoke(
      functionLogicalId({ id: 'StripeCheckout' }),
      withHeaders(readEvent('stripe-checkout.json'), bearer),
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(json(checkout).url.startsWith(stripe.url)).toBe(true);

    const head = await invoke(
      functionLogicalId({ id: 'Rest' }),
      withHeaders(readEvent('rest-head.json'), bearer),
    );
    expect([head.statusCode, head.body ?? '']).toEqual([200, '']);
    for (const [functionId, event] of [
      ['Rest', 'rest-preflight.json'],
      ['BillingPortal', 'billing-portal-preflight.json'],
    ] as const) {
      const answer = await invoke(functionLogicalId({ id: functionId }), readEvent(event));
      expect([event, answer.statusCode]).toEqual([event, 204]);
      expect(answer.headers?.['access-control-allow-origin']).toBe(EVENTS_SITE_URL);
    }

    const view = await invoke(
      functionLogicalId({ id: 'Rest' }),
      withHeaders(readEvent('rest-stripe-user-subscriptions.json'), bearer),
    );
    expect(view.statusCode, view.body).toBe(200);

    const portal = await invoke(
      functionLogicalId({ id: 'BillingPortal' }),
      withHeaders(readEvent('billing-portal.json'), bearer),
    );
    expect(portal.statusCode, portal.body).toBe(200);

    const webhookEvent = readEvent('stripe-webhook.json');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: webhookEvent.body!,
      secret: environments.get(functionLogicalId({ id: 'StripeWebhook' }))!.STRIPE_WEBHOOK_SECRET!,
    });
    const webhook = await invoke(
      functionLogicalId({ id: 'StripeWebhook' }),
      withHeaders(webhookEvent, { 'stripe-signature': signature }),
    );
    expect(webhook.statusCode, webhook.body).toBe(200);

    const authorizerEvent = readEvent('origin-verify-authorizer.json');
    expect(await invoke(ORIGIN_VERIFY_LOGICAL_ID, authorizerEvent)).toEqual({
      isAuthorized: false,
    });
    expect(
      await invoke(
        ORIGIN_VERIFY_LOGICAL_ID,
        withHeaders(authorizerEvent, { 'x-origin-verify': LOCAL_ORIGIN_VERIFY_SECRET }),
      ),
    ).toEqual({ isAuthorized: true });

    const reconciled = (await invoke(
      STRIPE_RECONCILE_LOGICAL_ID,
      readEvent('stripe-reconcile-scheduled.json'),
    )) as unknown as { customersChecked: number; rowsCorrected: number };
    expect(reconciled).toMatchObject({ rowsCorrected: expect.any(Number) });
  });
});
