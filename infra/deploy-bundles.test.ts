import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JSONWebKeySet } from 'jose';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CFN_LINT_MODE, requireCfnLint } from '../tests/support/cfn-lint';
import { startStripeEmulator, type RunningStripeEmulator } from '../local/stripe-emulator/server';
import { PLAN } from '../shared/plan';
import { createTestTable } from '../tests/support/test-table';
import { API_FUNCTIONS, functionLogicalId } from './api-functions';
import { REPO_ROOT } from './app-function';
import { JWT_KEYS_GENERATOR_LOGICAL_ID } from './jwt-signing-keys';
import { DEFAULT_PUBLISHABLE_KEY, ORIGIN_VERIFY_LOGICAL_ID, STACK_NAME } from './stack';
import {
  runSynth,
  SCRATCH_ASSEMBLY_DIR,
  synthesize,
  synthesizedFunctions,
  templatePath,
  type SynthesizedFunction,
} from './synthesized-functions';

/**
 * `npm run synth` exactly as a developer runs it (offline), then the synthesized template through
 * cfn-lint, then every Lambda's deploy bundle from that same assembly imported natively and its
 * handler invoked with its `events/` event against DynamoDB Local and the Stripe emulator.
 */

const OUTDIR = SCRATCH_ASSEMBLY_DIR;
/** The site the sample events come from (`origin`, redirect URLs). */
const EVENT_SITE = 'https://d111111abcdef8.cloudfront.net';

interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
}
type Handler = (event: unknown, context: unknown) => Promise<LambdaResult>;
type LambdaEvent = {
  headers: Record<string, string>;
  body?: string;
  [key: string]: unknown;
};

let functions: Map<string, SynthesizedFunction>;

const readEvent = (name: string): LambdaEvent =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'events', name), 'utf8')) as LambdaEvent;

const withHeaders = (event: LambdaEvent, headers: Record<string, string>): LambdaEvent => ({
  ...event,
  headers: { ...event.headers, ...headers },
});

const lambdaContext = (functionName: string) => ({
  functionName,
  awsRequestId: randomBytes(16).toString('hex'),
  getRemainingTimeInMillis: () => 10_000,
});

function jsonBody(result: LambdaResult): unknown {
  const text = result.isBase64Encoded
    ? Buffer.from(result.body ?? '', 'base64').toString('utf8')
    : (result.body ?? '');
  return text ? JSON.parse(text) : null;
}

beforeAll(() => {
  rmSync(OUTDIR, { recursive: true, force: true });
  synthesize(OUTDIR);
  functions = synthesizedFunctions(OUTDIR);
}, 300_000);

describe('npm run synth', () => {
  test('works offline: no context lookups, no Docker images, a bundle per function', () => {
    const manifest = JSON.parse(readFileSync(path.join(OUTDIR, 'manifest.json'), 'utf8'));
    expect(manifest.missing).toBeUndefined();
    const assets = JSON.parse(readFileSync(path.join(OUTDIR, `${STACK_NAME}.assets.json`), 'utf8'));
    expect(assets.dockerImages ?? {}).toEqual({});
    const expected = [...API_FUNCTIONS.map(functionLogicalId), ORIGIN_VERIFY_LOGICAL_ID];
    for (const id of expected) expect(functions.has(id), id).toBe(true);
    for (const fn of functions.values()) {
      const code = readFileSync(fn.bundle, 'utf8');
      // Minified: long lines (the SDK's multi-line template strings add a few line breaks).
      expect(code.length / code.split('\n').length, fn.logicalId).toBeGreaterThan(2000);
      expect(code, fn.logicalId).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
      // The AWS SDK is bundled: the runtime's copy is never loaded (no external import).
      expect(code, fn.logicalId).not.toMatch(/from\s*"@aws-sdk\//);
    }
  });

  test("without a stripePriceId, or with the emulator's, it stops at once and says why", () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'stripePriceId is not set. Create a recurring $5/month price'],
      [{ stripePriceId: PLAN.priceId }, `stripePriceId is the local Stripe emulator's`],
    ];
    for (const [context, message] of cases) {
      const result = runSynth(`${OUTDIR}-refused`, context);
      expect(result.status, result.stderr).not.toBe(0);
      expect(result.stderr).toContain(`Cannot synthesize the stack:\n- ${message}`);
      expect(result.stderr).not.toMatch(/^\s+at /m); // the message, not a stack trace
    }
    rmSync(`${OUTDIR}-refused`, { recursive: true, force: true });
    // Two `npm run synth` processes: about 15 s each on a loaded 2-core machine.
  }, 120_000);

  test.skipIf(CFN_LINT_MODE === 'skip')(
    'cfn-lint: no errors, and no warnings but those CDK generates',
    () => {
      requireCfnLint();
      const result = spawnSync('cfn-lint', ['--format', 'json', templatePath(OUTDIR)], {
        encoding: 'utf8',
      });
      // Exit status is a bit set: 2 errors, 4 warnings, 8 informational; 1 means cfn-lint failed.
      expect(result.status! & 1, result.stderr).toBe(0);
      const matches = JSON.parse(result.stdout || '[]') as Array<{
        Level: string;
        Message: string;
        Rule: { Id: string };
      }>;
      expect(matches.filter((match) => match.Level === 'Error')).toEqual([]);
      expect(result.status! & 2).toBe(0);
      // CDK makes every Lambda it builds (ours and its own handlers) DependsOn its role, which the
      // function's Role attribute already implies (W3005). Nothing else.
      const warnings = matches.filter((match) => match.Level === 'Warning');
      const cdkRoleDependsOn =
        /^'\w+(ServiceRole|Role)[0-9A-F]{8}' dependency already enforced by a 'GetAtt' at 'Resources\/\w+\/Properties\/Role'$/;
      for (const warning of warnings) {
        expect([warning.Rule.Id, warning.Message]).toEqual([
          'W3005',
          expect.stringMatching(cdkRoleDependsOn),
        ]);
      }
    },
  );
});

/** ARNs of the stack's secrets, as the functions get them in `<NAME>_SECRET_ARN`. */
const secretArn = (name: string) =>
  `arn:aws:secretsmanager:us-east-1:123456789012:secret:${name}-AbCdEf`;

/**
 * Secrets Manager's two calls the functions make (AWS JSON 1.1), held in memory: the bundles'
 * client is pointed here with `AWS_ENDPOINT_URL_SECRETS_MANAGER`.
 */
function startSecretsManager(store: Map<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        SecretId: string;
        SecretString?: string;
      };
      const action = String(request.headers['x-amz-target']).replace('secretsmanager.', '');
      const reply = (status: number, body: object) =>
        response
          .writeHead(status, { 'content-type': 'application/x-amz-json-1.1' })
          .end(JSON.stringify(body));
      if (!store.has(input.SecretId)) {
        return reply(400, {
          __type: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        });
      }
      const identity = { ARN: input.SecretId, Name: input.SecretId.split(':').at(-1) };
      if (action === 'GetSecretValue') {
        return reply(200, { ...identity, SecretString: store.get(input.SecretId), VersionId: 'v' });
      }
      if (action === 'PutSecretValue' && input.SecretString) {
        store.set(input.SecretId, input.SecretString);
        return reply(200, { ...identity, VersionId: randomBytes(8).toString('hex') });
      }
      return reply(400, { __type: 'InvalidRequestException', message: `Unsupported ${action}` });
    });
  });
  return new Promise((resolveStarted) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolveStarted({ url: `http://127.0.0.1:${port}`, server });
    }),
  );
}

describe('each bundle, invoked in-process with its events/ event', () => {
  const handlers = new Map<string, Handler>();
  const originalEnv = { ...process.env };
  const originVerifySecret = randomBytes(24).toString('hex');
  const secrets = new Map<string, string>();
  const keyEvents: Array<{ generation: string; publicJwks: JSONWebKeySet; stored: JSONWebKeySet }> =
    [];
  let stripe: RunningStripeEmulator;
  let forwarder: Server;
  let secretsManager: Server;
  let accessToken = '';

  const invoke = (spec: { id: string }, event: unknown) =>
    handlers.get(functionLogicalId(spec))!(event, lambdaContext(spec.id));

  /** Stripe's webhook deliveries, turned into the API Gateway event the webhook function gets. */
  function startWebhookForwarder(): Promise<string> {
    const template = readEvent('stripe-webhook.json');
    forwarder = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const event = withHeaders(
          { ...template, body },
          {
            'stripe-signature': String(request.headers['stripe-signature']),
            'content-length': String(Buffer.byteLength(body)),
          },
        );
        invoke({ id: 'StripeWebhook' }, event).then(
          (result) => response.writeHead(result.statusCode).end(result.body ?? ''),
          () => response.writeHead(500).end(),
        );
      });
    });
    return new Promise((resolveUrl) =>
      forwarder.listen(0, '127.0.0.1', () => {
        const address = forwarder.address() as { port: number };
        resolveUrl(`http://127.0.0.1:${address.port}/functions/v1/stripe-webhook`);
      }),
    );
  }

  /** Imports a bundle with exactly the variables the template gives it, plus local endpoints. */
  async function importBundle(
    fn: SynthesizedFunction,
    localValues: Record<string, string>,
    localOnly: Record<string, string>,
  ): Promise<Handler> {
    for (const key of Object.keys(process.env)) if (!(key in originalEnv)) delete process.env[key];
    Object.assign(process.env, localOnly);
    for (const [name, value] of Object.entries(fn.environment)) {
      if (name === 'NODE_OPTIONS') continue;
      const local = localValues[name] ?? (typeof value === 'string' ? value : undefined);
      if (local === undefined) throw new Error(`No local value for ${fn.logicalId} ${name}`);
      process.env[name] = local;
    }
    const module = (await import(/* @vite-ignore */ pathToFileURL(fn.bundle).href)) as {
      handler: Handler;
    };
    return module.handler;
  }

  beforeAll(async () => {
    const { env: tableEnv } = await createTestTable();
    stripe = await startStripeEmulator({ port: 0, webhookUrl: await startWebhookForwarder() });
    secrets.set(secretArn('JwtSigningKeys'), 'random placeholder the stack creates');
    secrets.set(secretArn('RefreshTokenSecret'), randomBytes(48).toString('base64url'));
    secrets.set(secretArn('StripeSecretKey'), stripe.secretKey);
    secrets.set(secretArn('StripeWebhookSecret'), stripe.webhookSecret);
    secrets.set(secretArn('OriginVerifySecret'), originVerifySecret);
    const started = await startSecretsManager(secrets);
    secretsManager = started.server;
    const localOnly = {
      AWS_ENDPOINT_URL_DYNAMODB: tableEnv.AWS_ENDPOINT_URL_DYNAMODB!,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: started.url,
      STRIPE_API_URL: stripe.url,
    };
    /** Local stand-ins for what the template wires by reference. */
    const localValues: Record<string, string> = {
      TABLE_NAME: tableEnv.TABLE_NAME!,
      // The emulator's plan; a deploy names the operator's own price.
      STRIPE_PRICE_ID: PLAN.priceId,
      PUBLISHABLE_KEY: DEFAULT_PUBLISHABLE_KEY,
      SITE_URL: EVENT_SITE,
      ALLOWED_ORIGINS: EVENT_SITE,
      JWT_SIGNING_KEYS_SECRET_ARN: secretArn('JwtSigningKeys'),
      REFRESH_TOKEN_SECRET_SECRET_ARN: secretArn('RefreshTokenSecret'),
      STRIPE_SECRET_KEY_SECRET_ARN: secretArn('StripeSecretKey'),
      STRIPE_WEBHOOK_SECRET_SECRET_ARN: secretArn('StripeWebhookSecret'),
      ORIGIN_VERIFY_SECRET_SECRET_ARN: secretArn('OriginVerifySecret'),
    };

    // As at deploy: the custom resource creates the signing keys, keeps them on an unrelated
    // update (a stack deployed before EmergencyGeneration existed included), rotates on a new
    // generation, drops every previous key on a new emergency generation; its public JWKS
    // becomes JWT_PUBLIC_JWKS.
    const generatorFn = functions.get(JWT_KEYS_GENERATOR_LOGICAL_ID)!;
    const generate = await importBundle(generatorFn, localValues, localOnly);
    const deploys: Array<{ Generation: string; EmergencyGeneration?: string }> = [
      { Generation: '1' },
      { Generation: '1', EmergencyGeneration: '' },
      { Generation: '2', EmergencyGeneration: '' },
      { Generation: '2', EmergencyGeneration: '1' },
    ];
    let previous: (typeof deploys)[number] | undefined;
    for (const properties of deploys) {
      const response = (await generate(
        {
          RequestType: previous ? 'Update' : 'Create',
          ResourceProperties: { SecretArn: secretArn('JwtSigningKeys'), ...properties },
          ...(previous ? { OldResourceProperties: previous } : {}),
        },
        lambdaContext('JwtSigningKeysGenerator'),
      )) as unknown as { Data: { PublicJwks: string } };
      keyEvents.push({
        generation: properties.Generation,
        publicJwks: JSON.parse(response.Data.PublicJwks) as JSONWebKeySet,
        stored: JSON.parse(secrets.get(secretArn('JwtSigningKeys'))!) as JSONWebKeySet,
      });
      previous = properties;
    }
    localValues.JWT_PUBLIC_JWKS = JSON.stringify(keyEvents.at(-1)!.publicJwks);

    // Each bundle reads its configuration at import, so a name the template lacks fails here.
    for (const fn of functions.values()) {
      if (fn !== generatorFn)
        handlers.set(fn.logicalId, await importBundle(fn, localValues, localOnly));
    }
    // Secrets are fetched on first use, after all imports, from the one shared process.env.
    Object.assign(process.env, localOnly, localValues);
  }, 120_000);

  afterAll(async () => {
    await stripe?.stop();
    await new Promise((resolveClose) => forwarder?.close(resolveClose));
    await new Promise((resolveClose) => secretsManager?.close(resolveClose));
    for (const key of Object.keys(process.env)) if (!(key in originalEnv)) delete process.env[key];
    Object.assign(process.env, originalEnv);
  });

  test('JWT signing keys: created on deploy, kept on update, rotated on a new generation', () => {
    const [created, kept, rotated, emergency] = keyEvents;
    expect(created!.stored.keys).toHaveLength(1);
    const [key] = created!.stored.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(typeof key!.d).toBe('string');
    expect(created!.publicJwks.keys).toEqual([
      expect.objectContaining({ kid: key!.kid, x: key!.x, y: key!.y }),
    ]);
    expect(JSON.stringify(created!.publicJwks)).not.toContain('"d"');
    expect(kept!.stored).toEqual(created!.stored);
    expect(kept!.publicJwks).toEqual(created!.publicJwks);
    expect(rotated!.stored.keys).toHaveLength(2);
    expect(rotated!.stored.keys[1]).toEqual(key);
    expect(rotated!.stored.keys[0]!.kid).not.toBe(key!.kid);
    expect(rotated!.publicJwks.keys.map((k) => k.kid)).toEqual(
      rotated!.stored.keys.map((k) => k.kid),
    );
    // The emergency rotation: a new key signs at once; the earlier keys stay, public only,
    // until the last token they signed expires (no one is signed out).
    const earlierKids = rotated!.stored.keys.map((k) => k.kid);
    const [signing, ...retired] = emergency!.stored.keys;
    expect(earlierKids).not.toContain(signing!.kid);
    expect(typeof signing!.d).toBe('string');
    expect(retired.map((k) => k.kid)).toEqual(earlierKids);
    for (const k of retired) {
      expect(k.d).toBeUndefined();
      expect((k as { verify_until?: unknown }).verify_until).toEqual(expect.any(Number));
    }
    expect(emergency!.publicJwks.keys.map((k) => k.kid)).toEqual([signing!.kid, ...earlierKids]);
  });

  test('the bundles are imported natively from the assembly', () => {
    expect(handlers.size).toBe(functions.size - 1); // all but the key generator, run above
    expect(functions.get(functionLogicalId({ id: 'Auth' }))!.bundle).toContain(
      `${path.sep}node_modules${path.sep}`,
    );
  });

  test('origin-verify authorizer: only the CloudFront secret is let through', async () => {
    const authorize = handlers.get(ORIGIN_VERIFY_LOGICAL_ID)!;
    const event = readEvent('origin-verify-authorizer.json');
    expect(await authorize(event, lambdaContext('OriginVerify'))).toEqual({ isAuthorized: false });
    const withSecret = withHeaders(event, { 'x-origin-verify': originVerifySecret });
    expect(await authorize(withSecret, lambdaContext('OriginVerify'))).toEqual({
      isAuthorized: true,
    });
    const { 'x-origin-verify': _, ...withoutHeader } = event.headers;
    expect(await authorize({ ...event, headers: withoutHeader }, {})).toEqual({
      isAuthorized: false,
    });
  });

  test('auth: signup, password grant and user, from the events as they are', async () => {
    const signup = await invoke({ id: 'Auth' }, readEvent('auth-signup.json'));
    expect(signup.statusCode, signup.body).toBe(200);
    expect(jsonBody(signup)).toMatchObject({ user: { email: 'ada@example.com' } });

    const token = await invoke({ id: 'Auth' }, readEvent('auth-token.json'));
    expect(token.statusCode, token.body).toBe(200);
    const session = jsonBody(token) as { access_token: string; token_type: string };
    expect(session.token_type).toBe('bearer');
    accessToken = session.access_token;

    const user = await invoke(
      { id: 'Auth' },
      withHeaders(readEvent('auth-user.json'), { authorization: `Bearer ${accessToken}` }),
    );
    expect(user.statusCode, user.body).toBe(200);
    expect(jsonBody(user)).toMatchObject({ email: 'ada@example.com' });

    // As stored, the event's bearer is a placeholder, not a JWT.
    const placeholder = await invoke({ id: 'Auth' }, readEvent('auth-user.json'));
    expect(placeholder.statusCode).toBe(401);
  });

  test('rest: the subscription view is empty before paying', async () => {
    const result = await invoke(
      { id: 'Rest' },
      withHeaders(readEvent('rest-stripe-user-subscriptions.json'), {
        authorization: `Bearer ${accessToken}`,
      }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(jsonBody(result)).toEqual([]);
  });

  test('stripe-checkout → emulator checkout → webhook deliveries → rest shows the subscription', async () => {
    const checkout = await invoke(
      { id: 'StripeCheckout' },
      withHeaders(readEvent('stripe-checkout.json'), { authorization: `Bearer ${accessToken}` }),
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { sessionId, url } = jsonBody(checkout) as { sessionId: string; url: string };
    expect(url.startsWith(stripe.url)).toBe(true);

    const outcome = await stripe.emulator.completeCheckout(sessionId, {
      number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(outcome.ok).toBe(true);
    await stripe.emulator.webhooks.settled();
    const deliveries = stripe.emulator.webhooks.deliveries;
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);

    const view = await invoke(
      { id: 'Rest' },
      withHeaders(readEvent('rest-stripe-user-subscriptions.json'), {
        authorization: `Bearer ${accessToken}`,
      }),
    );
    expect(view.statusCode, view.body).toBe(200);
    expect(jsonBody(view)).toEqual([
      expect.objectContaining({ subscription_status: 'active', payment_method_last4: '4242' }),
    ]);
  });

  test('billing-portal: opens the portal for the paying customer', async () => {
    const result = await invoke(
      { id: 'BillingPortal' },
      withHeaders(readEvent('billing-portal.json'), { authorization: `Bearer ${accessToken}` }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect((jsonBody(result) as { url: string }).url.startsWith(stripe.url)).toBe(true);
  });

  test('stripe-webhook: the sample event verifies once signed with the endpoint secret', async () => {
    const event = readEvent('stripe-webhook.json');
    const unsigned = await invoke({ id: 'StripeWebhook' }, event);
    expect(unsigned.statusCode).toBe(400);
    expect(jsonBody(unsigned)).toMatchObject({ code: 'invalid_signature' });

    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event.body!,
      secret: stripe.webhookSecret,
    });
    const signed = await invoke(
      { id: 'StripeWebhook' },
      withHeaders(event, { 'stripe-signature': signature }),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    // Its customer is not one this deployment created.
    expect(jsonBody(signed)).toMatchObject({ received: true, ignored: true });
  });
});
