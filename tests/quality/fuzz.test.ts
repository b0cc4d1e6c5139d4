import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { SignJWT, generateKeyPair, importJWK, type JWK } from 'jose';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveRefreshToken, parseRefreshToken } from '../../lambdas/identity/refresh-tokens';
import { parseRefreshTokenSecret } from '../../lambdas/identity/signing-keys';
import type { LocalRuntime } from '../../local/runtime';
import { PLAN } from '../../shared/plan';
import {
  API_KEY,
  JSON_TYPE,
  jsonOf,
  scanTable,
  seedSubscriber,
  send,
  tableOf,
  type RawRequest,
  type RawResponse,
  type Subscriber,
} from './harness';
import { startTestRuntime } from '../support/test-runtime';

/**
 * Property-based abuse of every API route of the running product (`startLocalRuntime`, the
 * same routers as the Lambdas) and of the Lambda entry points themselves (API Gateway v2
 * events): malformed JSON, wrong types, huge strings, odd Unicode, missing and duplicated
 * headers, bad base64 bodies, bad JWTs. Every answer is a 4xx with a JSON error, and the table
 * (a subscriber's profile, e-mail, session, customer and subscription) is the same afterwards.
 */
let runtime: LocalRuntime;
let subscriber: Subscriber;
let before: Map<string, string>;
const PENDING_EMAIL = 'fuzz-pending@example.com';
let pending: { code: string; linkToken: string };

/** Runs per property: enough variety to find a crash, small enough for the CI budget. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

beforeAll(async () => {
  runtime = await startTestRuntime({
    env: {
      BCRYPT_COST: '4',
      RATE_LIMIT_SIGNUP: '1000000',
      RATE_LIMIT_TOKEN: '1000000',
      RATE_LIMIT_OTP: '1000000',
      RATE_LIMIT_VERIFY: '1000000',
      RATE_LIMIT_USER_UPDATE: '1000000',
      RATE_LIMIT_EMAIL_SENT: '1000000',
      RATE_LIMIT_EMAIL_PER_CLIENT: '1000000',
      RATE_LIMIT_EMAIL_PER_ADDRESS: '1000000',
    },
  });
  subscriber = await seedSubscriber(runtime.url, runtime.stripeEmulator!.url, 'fuzz');
  // A live, unused code (and its link) for the shapes that must not reach it.
  await send(runtime.url, {
    method: 'POST',
    path: '/auth/v1/otp',
    headers: [API_KEY, JSON_TYPE],
    body: JSON.stringify({ email: PENDING_EMAIL }),
  });
  const mail = (await runtime.outbox.list()).find((m) => m.to === PENDING_EMAIL)!;
  pending = {
    code: /enter this code: (\d{6})/.exec(mail.text)![1]!,
    linkToken: new URL(/(http\S+\/verify\?\S+)/.exec(mail.text)![1]!).searchParams.get('token')!,
  };
  before = await stableItems();
});

afterAll(async () => {
  await runtime?.stop();
});

/**
 * Rate-limit windows and the per-address counters (typed-code attempts, failed sign-ins, the
 * resend interval) count every request by design; everything else must stay as it was.
 */
const COUNTERS = ['RATE#', 'AUTH#TRIES#', 'AUTH#SIGNIN#', 'AUTH#MAIL#'];
/** The per-user windows of checkout and the billing portal: `BILLING#<id>` / `RATE#<fn>#<start>`. */
const PER_USER_WINDOW = /^BILLING#[^|]+\|RATE#/;

async function stableItems() {
  const items = await scanTable(tableOf(runtime.env));
  for (const key of items.keys()) {
    if (COUNTERS.some((prefix) => key.startsWith(prefix)) || PER_USER_WINDOW.test(key))
      items.delete(key);
  }
  return items;
}

function expectJsonError(request: RawRequest, response: RawResponse) {
  const where = `${request.method} ${request.path} → ${response.status} ${response.text.slice(0, 200)}`;
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  const json = jsonOf(response) as Record<string, unknown> | undefined;
  expect(json, where).toBeTypeOf('object');
  // GoTrue: {code, error_code, msg}; payment functions: {error, code}; PostgREST: {code, message}.
  expect(
    Object.keys(json ?? {}).some((key) => /^(error|error_code|code|msg|message)$/.test(key)),
    where,
  ).toBe(true);
  expect(response.text, where).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
}

/** The parts of the sample API Gateway v2 events in `events/` this test changes. */
type LambdaHandler = (event: never, context: never) => Promise<unknown>;

interface SampleEvent {
  rawPath: string;
  headers: Record<string, string>;
  body: string | null;
  isBase64Encoded: boolean;
  requestContext: { http: { method: string } };
}

// ---------------------------------------------------------------- generators

/** True unless JSON.parse accepts `text`. */
function isNotJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/**
 * Strings no JSON parser accepts. Every branch is filtered: a generated `{` + text can itself be
 * JSON (`{}`, `{ }`, `{"a":1}`), which a correctly signed webhook rightly accepts.
 */
const malformedJson = fc
  .oneof(
    fc.constantFrom(
      '{',
      '{"email":',
      '[1,2',
      '{"a":1,}',
      "{'email':'x'}",
      'nul',
      '{"a":"\\u12"}',
      '\u0000{}',
    ),
    fc.string({ minLength: 1, maxLength: 40 }).map((text) => `{${text}`),
    fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== ''),
  )
  .filter(isNotJson);

/** Everything that is not a string (nor absent). */
const notAString = fc.oneof(
  fc.integer(),
  // Finite only: JSON turns NaN and ±Infinity into null, which means "absent" to every endpoint.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant([] as unknown[]),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** Unicode at its oddest: astral planes, combining marks, bidi controls, lone surrogates, NULs. */
const oddUnicode = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '\u202Eadmin\u202C',
    'e\u0301\u0301\u0301',
    '\uD800',
    '\uDFFF\uD800',
    '\u0000\u0000',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '\uFEFF',
    'Ⅻ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  ),
);

/** 100 KB to 1.5 MB: around and past the 1 MB body limit. */
const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '💥', '\u0000', '"'),
    fc.integer({ min: 100_000, max: 1_500_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** A value for a field that must hold an e-mail: never one (no '@' survives). */
const notAnEmail = fc.oneof(
  notAString,
  oddUnicode.map((text) => text.replace(/@/g, '')),
  hugeString,
);

/** JSON bodies that are valid JSON but the wrong shape for every endpoint here. */
const wrongShapeJson = fc.oneof(
  fc.constantFrom('[]', '1', '"text"', 'true', '[{"email":"a@b.co"}]'),
  fc.array(fc.integer(), { maxLength: 3 }).map((value) => JSON.stringify(value)),
);

// ---------------------------------------------------------------- the routes

const ROUTES: { method: string; path: string }[] = [
  { method: 'POST', path: '/auth/v1/signup' },
  { method: 'POST', path: '/auth/v1/token?grant_type=password' },
  { method: 'POST', path: '/auth/v1/token?grant_type=refresh_token' },
  { method: 'POST', path: '/auth/v1/logout' },
  { method: 'GET', path: '/auth/v1/user' },
  { method: 'PUT', path: '/auth/v1/user' },
  { method: 'POST', path: '/auth/v1/recover' },
  { method: 'POST', path: '/auth/v1/otp' },
  { method: 'POST', path: '/auth/v1/verify' },
  { method: 'POST', path: '/auth/v1/resend' },
  { method: 'GET', path: '/auth/v1/settings' },
  { method: 'GET', path: '/auth/v1/health' },
  { method: 'GET', path: '/auth/v1/.well-known/jwks.json' },
  { method: 'GET', path: '/rest/v1/stripe_user_subscriptions?select=*' },
  { method: 'POST', path: '/functions/v1/stripe-checkout' },
  { method: 'POST', path: '/functions/v1/billing-portal' },
];

/** Routes that check the caller's access token. */
const TOKEN_ROUTES = [
  { method: 'POST', path: '/auth/v1/logout' },
  { method: 'GET', path: '/auth/v1/user' },
  { method: 'PUT', path: '/auth/v1/user' },
  { method: 'GET', path: '/rest/v1/stripe_user_subscriptions?select=*' },
  { method: 'POST', path: '/functions/v1/stripe-checkout' },
  { method: 'POST', path: '/functions/v1/billing-portal' },
];

const checkoutBody = () =>
  JSON.stringify({
    price_id: PLAN.priceId,
    mode: PLAN.mode,
    success_url: `${runtime.url}/success`,
    cancel_url: `${runtime.url}/payment`,
  });

/** A well-formed body for each token route, so only the token is wrong. */
const validBodyFor = (path: string) =>
  path.includes('stripe-checkout')
    ? checkoutBody()
    : path.endsWith('/user')
      ? JSON.stringify({ data: { full_name: 'Changed Name' } })
      : '{}';

const bearer = (): [string, string] => ['Authorization', `Bearer ${subscriber.accessToken}`];

async function expectRejected(request: RawRequest) {
  expectJsonError(request, await send(runtime.url, request));
}

describe('fuzzing every endpoint', () => {
  it('malformed JSON and wrong top-level types are 4xx JSON errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES.filter((route) => route.method !== 'GET')),
        fc.oneof(malformedJson, wrongShapeJson),
        fc.boolean(),
        async (route, body, withToken) => {
          // The subscriber's own valid token: the body alone must be what is refused. Logout
          // reads no body, so with a valid token it is a valid logout.
          const auth = withToken && !route.path.endsWith('/logout') ? [bearer()] : [];
          await expectRejected({
            method: route.method,
            path: route.path,
            headers: [API_KEY, JSON_TYPE, ...auth],
            body,
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('wrong types, odd Unicode and huge strings in each field are refused', async () => {
    const bodies: { method: string; path: string; token: boolean; body: fc.Arbitrary<object> }[] = [
      {
        method: 'POST',
        path: '/auth/v1/signup',
        token: false,
        body: fc.record(
          {
            email: notAnEmail,
            password: fc.oneof(notAString, oddUnicode, hugeString),
            data: fc.oneof(notAString, oddUnicode),
          },
          { requiredKeys: ['email'] },
        ),
      },
      {
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        token: false,
        body: fc.record(
          { email: notAnEmail, password: fc.oneof(notAString, oddUnicode, hugeString) },
          { requiredKeys: ['email'] },
        ),
      },
      {
        method: 'POST',
        path: '/auth/v1/token?grant_type=refresh_token',
        token: false,
        body: fc.record({ refresh_token: fc.oneof(notAString, oddUnicode, hugeString) }),
      },
      {
        method: 'PUT',
        path: '/auth/v1/user',
        token: true,
        body: fc.oneof(
          fc.record({ password: fc.oneof(notAString, hugeString) }),
          fc.record({
            data: fc.oneof(
              notAString.filter((value) => Array.isArray(value) || typeof value !== 'object'),
              oddUnicode,
              hugeString,
            ),
          }),
        ),
      },
      {
        method: 'POST',
        path: '/functions/v1/stripe-checkout',
        token: true,
        body: fc.record({
          price_id: fc.oneof(notAString, oddUnicode, hugeString),
          mode: fc.oneof(notAString, oddUnicode),
          success_url: fc.oneof(notAString, oddUnicode, hugeString),
          cancel_url: fc.oneof(notAString, oddUnicode),
        }),
      },
      {
        method: 'POST',
        path: '/functions/v1/billing-portal',
        token: true,
        body: fc.record({
          return_url: fc.oneof(
            notAString,
            oddUnicode.filter((text) => text !== ''),
            hugeString,
          ),
        }),
      },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodies).chain((target) => fc.tuple(fc.constant(target), target.body)),
        async ([target, body]) => {
          await expectRejected({
            method: target.method,
            path: target.path,
            headers: [API_KEY, JSON_TYPE, ...(target.token ? [bearer()] : [])],
            body: JSON.stringify(body),
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('user metadata the table cannot store (size, depth, empty keys, numbers) is refused', async () => {
    const nested = (depth: number, leaf: unknown): unknown =>
      depth === 0 ? leaf : { n: nested(depth - 1, leaf) };
    const unstorable = fc.oneof(
      // Past 16 KB as JSON, up to past DynamoDB's 400 KB item limit.
      fc
        .tuple(fc.constantFrom('a', 'é', '💥', '"'), fc.integer({ min: 17_000, max: 450_000 }))
        .map(([unit, length]) => ({ big: unit.repeat(Math.ceil(length / unit.length)) })),
      // Nested past the limit (DynamoDB stores 32 levels).
      fc.integer({ min: 17, max: 64 }).map((depth) => nested(depth, 'leaf')),
      // An empty key, at the top or further down.
      fc.integer({ min: 0, max: 10 }).map((depth) => nested(depth, { '': 'empty' })),
      // Numbers the table cannot hold exactly (or at all).
      fc
        .constantFrom(2 ** 53, -(2 ** 60), 1e300, 1e-200, -1e-131)
        .chain((n) => fc.integer({ min: 0, max: 10 }).map((depth) => nested(depth, { n }))),
    );
    const targets = fc.constantFrom(
      { method: 'POST', path: '/auth/v1/signup', token: false },
      { method: 'POST', path: '/auth/v1/otp', token: false },
      { method: 'PUT', path: '/auth/v1/user', token: true },
    );
    await fc.assert(
      fc.asyncProperty(targets, unstorable, async (target, data) => {
        await expectRejected({
          method: target.method,
          path: target.path,
          headers: [API_KEY, JSON_TYPE, ...(target.token ? [bearer()] : [])],
          body: JSON.stringify(
            target.token
              ? { data }
              : {
                  email: `fuzz-meta-${randomBytes(6).toString('hex')}@example.com`,
                  password: 'long enough',
                  data,
                },
          ),
        });
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('missing, wrong and duplicated headers are refused', async () => {
    const headerSets = fc.oneof(
      // No publishable key at all, or a wrong one (also in odd Latin-1).
      fc.constant([] as [string, string][]),
      fc
        .string({
          unit: fc
            .integer({ min: 0x20, max: 0xff })
            .filter((code) => code !== 0x7f)
            .map((code) => String.fromCharCode(code)),
          maxLength: 60,
        })
        .filter((key) => key.trim() !== API_KEY[1])
        .map((key) => [['apikey', key]] as [string, string][]),
      // The right key twice: a proxy joins repeats into one "a, b" value, which is no key.
      fc.constant([API_KEY, API_KEY]),
      fc.constant([API_KEY, ['APIKEY', 'sb_publishable_other']] as [string, string][]),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        headerSets,
        fc.boolean(),
        async (route, headers, withToken) => {
          await expectRejected({
            method: route.method,
            path: route.path,
            headers: [...headers, JSON_TYPE, ...(withToken ? [bearer()] : [])],
            body: route.method === 'GET' ? undefined : validBodyFor(route.path),
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('a duplicated Authorization or Content-Type never lets a request through', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TOKEN_ROUTES.filter((route) => route.path !== '/auth/v1/logout')),
        fc.constantFrom<[string, string][]>(
          [['Authorization', 'Bearer not-a-token'], bearer()],
          [
            ['Authorization', 'Bearer'],
            ['Authorization', 'Basic dXNlcjpwYXNz'],
          ],
          [
            ['Authorization', 'Bearer a.b.c'],
            ['authorization', 'Bearer d.e.f'],
          ],
        ),
        async (route, authorizations) => {
          await expectRejected({
            method: route.method,
            path: route.path,
            headers: [API_KEY, JSON_TYPE, ['Content-Type', 'text/plain'], ...authorizations],
            body: route.method === 'GET' ? undefined : validBodyFor(route.path),
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('bad JWTs are refused by every route that takes a token', async () => {
    const realKeys = JSON.parse(runtime.env.JWT_SIGNING_KEYS!) as { keys: JWK[] };
    const realKey = await importJWK(realKeys.keys[0]!, 'ES256');
    const realKid = realKeys.keys[0]!.kid!;
    const { privateKey: strangerKey } = await generateKeyPair('ES256');
    const claims = JSON.parse(
      Buffer.from(subscriber.accessToken.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const sign = (payload: Record<string, unknown>, key = realKey, kid = realKid) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, , signature] = subscriber.accessToken.split('.');

    const forged: string[] = [
      // Real key, but expired / wrong audience / session that does not exist / not a UUID sub.
      await sign({ ...claims, exp: now - 60, iat: now - 3600 }),
      await sign({ ...claims, aud: 'somebody-else' }),
      await sign({ ...claims, session_id: '00000000-0000-4000-8000-000000000000' }),
      await sign({ ...claims, sub: 'admin' }),
      await sign({ ...claims, session_id: 42 }),
      // Right claims, wrong key (same kid), unknown kid, alg none, HS256 with the public key.
      await sign(claims, strangerKey),
      await sign(claims, realKey, 'no-such-kid'),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      `${b64({ alg: 'HS256', typ: 'JWT', kid: realKid })}.${b64(claims)}.${Buffer.from('x'.repeat(32)).toString('base64url')}`,
      // The real signature over a tampered payload.
      `${header}.${b64({ ...claims, email: 'attacker@example.com' })}.${signature}`,
      `${header}.${b64({ ...claims, role: 'service_role' })}.${signature}`,
    ];
    const tokenish = fc.oneof(
      fc.constantFrom(...forged),
      fc.string({ maxLength: 60 }),
      fc
        .array(fc.base64String({ maxLength: 40 }), { minLength: 2, maxLength: 5 })
        .map((parts) => parts.join('.')),
      fc.constant(`${subscriber.accessToken}x`),
      fc.constant(subscriber.accessToken.slice(0, -4)),
      // Long, but under the HTTP server's 16 KB header limit (past it Node answers 431 itself).
      hugeString.map((text) => Buffer.from(text.slice(0, 3_000)).toString('base64url')),
    );
    const scheme = fc.constantFrom('Bearer ', 'bearer ', 'Bearer  ', 'Basic ', '', 'Token ');
    const latin1 = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '');

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TOKEN_ROUTES),
        scheme,
        tokenish,
        async (route, prefix, token) => {
          const value = latin1(`${prefix}${token}`);
          // An empty Authorization on the view is the anonymous read (200, no rows) by design.
          fc.pre(!(route.path.startsWith('/rest/') && value.trim() === ''));
          await expectRejected({
            method: route.method,
            path: route.path,
            headers: [API_KEY, JSON_TYPE, ['Authorization', value]],
            body: route.method === 'GET' ? undefined : validBodyFor(route.path),
          });
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });

  it('crafted refresh tokens (top counter, bad MAC, wrong lengths and versions) are 4xx', async () => {
    const real = Buffer.from(subscriber.refreshToken, 'base64url');
    const parts = parseRefreshToken(subscriber.refreshToken)!;
    const [key] = parseRefreshTokenSecret(runtime.env.REFRESH_TOKEN_SECRET!);
    const withCounter = (counter: number, mac: 'flipped' | 'random' | 'valid') => {
      if (mac === 'valid') return deriveRefreshToken(key!, { ...parts, counter });
      const bytes = Buffer.from(real);
      bytes.writeUInt32BE(counter, 33);
      if (mac === 'flipped') bytes[bytes.length - 1]! ^= 1;
      else bytes.set(randomBytes(16), bytes.length - 16);
      return bytes.toString('base64url');
    };
    const crafted = fc.oneof(
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom(0xffff_ffff, 0xffff_fffe, 0x8000_0000, parts.counter),
            fc.nat({ max: 0xffff_ffff }),
          ),
          fc.constantFrom('flipped', 'random'),
        )
        .map(([counter, mac]) => withCounter(counter, mac as 'flipped' | 'random')),
      // Correctly MACed at the top counter (a token that could have no successor).
      fc.constant(withCounter(0xffff_ffff, 'valid')),
      // Too short, too long, another version byte.
      fc.nat({ max: real.length - 1 }).map((n) => real.subarray(0, n).toString('base64url')),
      fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((extra) => Buffer.concat([real, extra]).toString('base64url')),
      fc
        .integer({ min: 0, max: 255 })
        .filter((version) => version !== real[0])
        .map((version) =>
          Buffer.concat([Buffer.from([version]), real.subarray(1)]).toString('base64url'),
        ),
    );
    await fc.assert(
      fc.asyncProperty(crafted, async (token) => {
        await expectRejected({
          method: 'POST',
          path: '/auth/v1/token?grant_type=refresh_token',
          headers: [API_KEY, JSON_TYPE],
          body: JSON.stringify({ refresh_token: token }),
        });
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('the webhook refuses unsigned, badly signed and malformed payloads', async () => {
    const secret = runtime.env.STRIPE_WEBHOOK_SECRET!;
    const signed = (payload: string) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const payloads = fc.oneof(
      malformedJson,
      oddUnicode,
      hugeString.map((text) => text.slice(0, 200_000)),
    );
    const signatures = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 80 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
      fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`),
      // Signed with our secret, but long ago (a replay).
      fc.constant('replay'),
    );
    await fc.assert(
      fc.asyncProperty(payloads, signatures, async (payload, signature) => {
        const header =
          signature === 'replay'
            ? Stripe.webhooks.generateTestHeaderString({
                payload,
                secret,
                timestamp: Math.floor(Date.now() / 1000) - 3600,
              })
            : signature;
        await expectRejected({
          method: 'POST',
          path: '/functions/v1/stripe-webhook',
          headers: [
            JSON_TYPE,
            ...(header === null ? [] : [['Stripe-Signature', header] as [string, string]]),
          ],
          body: payload,
        });
      }),
      { numRuns: RUNS * 2 },
    );
    // Correctly signed, but not JSON at all: still the caller's fault.
    await fc.assert(
      fc.asyncProperty(malformedJson, async (payload) => {
        await expectRejected({
          method: 'POST',
          path: '/functions/v1/stripe-webhook',
          headers: [JSON_TYPE, ['Stripe-Signature', signed(payload)]],
          body: payload,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('Lambda entries refuse bad base64 bodies and duplicated headers in API Gateway events', async () => {
    // The real entry modules read process.env once, when imported: give them this runtime's.
    for (const [name, value] of Object.entries(runtime.env)) {
      if (value !== undefined) process.env[name] = value;
    }
    const entry = async (name: string) =>
      ((await import(`../../lambdas/${name}/index.ts`)) as { handler: LambdaHandler }).handler;
    const auth = await entry('auth');
    const lambdas = [
      { event: 'auth-signup', handler: auth },
      { event: 'auth-token', handler: auth },
      { event: 'auth-user', handler: auth },
      { event: 'stripe-checkout', handler: await entry('stripe-checkout') },
      { event: 'billing-portal', handler: await entry('billing-portal') },
      { event: 'stripe-webhook', handler: await entry('stripe-webhook') },
      { event: 'rest-stripe-user-subscriptions', handler: await entry('rest') },
    ].map(({ event, handler }) => ({
      name: event,
      handler,
      template: JSON.parse(readFileSync(`events/${event}.json`, 'utf8')) as SampleEvent,
    }));
    const badBase64 = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('!!!!', '====', 'e30', 'eyJ', '%%%', 'ab=cd', '\u0000'),
      fc.base64String({ maxLength: 40 }).map((text) => `${text}*`),
      hugeString.map((text) => text.slice(0, 150_000)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lambdas),
        badBase64,
        fc.boolean(),
        async (lambda, body, duplicated) => {
          const headers = { ...lambda.template.headers };
          delete headers['content-length'];
          // API Gateway joins a repeated header's values with a comma.
          if (duplicated) {
            headers.apikey = `${API_KEY[1]},${API_KEY[1]}`;
            headers.authorization = `Bearer ${subscriber.accessToken},Bearer x`;
          } else {
            headers.apikey = API_KEY[1];
            headers.authorization = 'Bearer not.a.jwt';
          }
          if (lambda.name === 'stripe-webhook' && !duplicated) {
            headers['stripe-signature'] =
              `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`;
          }
          // A GET carries no body (a Request with one cannot even be built).
          const get = lambda.template.requestContext.http.method === 'GET';
          const event: SampleEvent = {
            ...lambda.template,
            headers,
            body: get ? null : body,
            isBase64Encoded: true,
          };
          const result = (await lambda.handler(event as never, {} as never)) as {
            statusCode: number;
            headers?: Record<string, string>;
            body: string;
            isBase64Encoded?: boolean;
          };
          const text = result.isBase64Encoded
            ? Buffer.from(result.body, 'base64').toString('utf8')
            : result.body;
          expectJsonError(
            { method: event.requestContext.http.method, path: event.rawPath, headers: [] },
            {
              status: result.statusCode,
              headers: Object.fromEntries(
                Object.entries(result.headers ?? {}).map(([name, value]) => [
                  name.toLowerCase(),
                  value,
                ]),
              ),
              text,
            },
          );
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('over-long strings, prototype names and bad % escapes are 4xx everywhere', async () => {
    const prototypeNames = fc.constantFrom(
      ...Object.getOwnPropertyNames(Object.prototype),
      'prototype',
    );
    // Past DynamoDB's key limits (2 KB partition, 1 KB sort key) and up to the body limit.
    const overLong = fc
      .tuple(fc.constantFrom('a', '%', 'é', '0'), fc.integer({ min: 1_025, max: 200_000 }))
      .map(([unit, length]) => unit.repeat(length));
    const badEscapes = fc.constantFrom('%', '%zz', '%E0%A4%A', '%u0041', 'a%', '%%');
    const hostile = fc.oneof(prototypeNames, overLong, badEscapes);
    // In a URL the four encoded parameters stay under Node's 16 KB header limit (past it Node
    // itself answers 431).
    const hostileQuery = fc.oneof(
      prototypeNames,
      overLong.map((text) => text.slice(0, 600)),
      badEscapes,
    );
    const q = encodeURIComponent;
    // Routes whose answer a bad query value must turn into an error (the instance endpoints
    // and the view read none of these parameters).
    const QUERY_ROUTES = ROUTES.filter(
      (route) => route.method !== 'GET' || route.path.endsWith('/verify'),
    ).concat([{ method: 'GET', path: '/auth/v1/verify' }]);

    // Every JSON route, each field hostile; the bearer token only where no shape is valid.
    const bodies: { method: string; path: string; token: boolean; fields: string[] }[] = [
      { method: 'POST', path: '/auth/v1/signup', token: false, fields: ['email', 'password'] },
      {
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        token: false,
        fields: ['email', 'password'],
      },
      {
        method: 'POST',
        path: '/auth/v1/token?grant_type=refresh_token',
        token: false,
        fields: ['refresh_token'],
      },
      { method: 'PUT', path: '/auth/v1/user', token: true, fields: ['email', 'data'] },
      { method: 'POST', path: '/auth/v1/recover', token: false, fields: ['email'] },
      { method: 'POST', path: '/auth/v1/otp', token: false, fields: ['email'] },
      { method: 'POST', path: '/auth/v1/resend', token: false, fields: ['type', 'email'] },
      { method: 'POST', path: '/auth/v1/verify', token: false, fields: ['type', 'token_hash'] },
      {
        method: 'POST',
        path: '/auth/v1/verify',
        token: false,
        fields: ['type', 'email', 'token'],
      },
      {
        method: 'POST',
        path: '/functions/v1/stripe-checkout',
        token: true,
        fields: ['price_id', 'mode', 'success_url', 'cancel_url'],
      },
      { method: 'POST', path: '/functions/v1/billing-portal', token: true, fields: ['return_url'] },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...bodies)
          .chain((target) =>
            fc.tuple(
              fc.constant(target),
              fc.record(Object.fromEntries(target.fields.map((field) => [field, hostile]))),
            ),
          ),
        async ([target, body]) => {
          await expectRejected({
            method: target.method,
            path: target.path,
            headers: [API_KEY, JSON_TYPE, ...(target.token ? [bearer()] : [])],
            body: JSON.stringify(body),
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );

    // The live code and link under a prototype-named type, and the live link grown past the
    // key limit: refused, and (last test) nothing of the code is used up.
    for (const type of [...Object.getOwnPropertyNames(Object.prototype), 'prototype']) {
      await expectRejected({
        method: 'POST',
        path: '/auth/v1/verify',
        headers: [API_KEY, JSON_TYPE],
        body: JSON.stringify({ type, token_hash: pending.linkToken }),
      });
      const link = await send(runtime.url, {
        method: 'GET',
        path: `/auth/v1/verify?type=${q(type)}&token=${q(pending.linkToken)}`,
        headers: [],
      });
      expect(link.status, type).toBe(303);
      expect(String(link.headers.location), type).toContain('error_code=validation_failed');
    }
    await expectRejected({
      method: 'POST',
      path: '/auth/v1/verify',
      headers: [API_KEY, JSON_TYPE],
      body: JSON.stringify({ type: 'email', token_hash: pending.linkToken.repeat(100) }),
    });
    await expectRejected({
      method: 'POST',
      path: '/auth/v1/verify',
      headers: [API_KEY, JSON_TYPE],
      body: JSON.stringify({ type: 'email', email: 'a'.repeat(3_000), token: pending.code }),
    });

    // Hostile query values and paths, on every route and on the static site.
    const paths = fc.oneof(
      fc
        .tuple(fc.constantFrom(...ROUTES), badEscapes)
        .map(([route, escape]) => ({ method: route.method, path: `${route.path}${escape}` })),
      fc.tuple(fc.constantFrom(...QUERY_ROUTES), hostileQuery).map(([route, value]) => ({
        method: route.method,
        path: `${route.path.split('?')[0]}?grant_type=${q(value)}&type=${q(value)}&scope=${q(value)}&redirect_to=${q(value)}`,
      })),
      badEscapes.map((escape) => ({ method: 'GET', path: `/${escape}` })),
      badEscapes.map((escape) => ({ method: 'GET', path: `/assets/${escape}.js` })),
      badEscapes.map((escape) => ({ method: 'GET', path: `/auth/v1/${escape}` })),
      badEscapes.map((escape) => ({ method: 'GET', path: `/rest/v1/${escape}` })),
      badEscapes.map((escape) => ({ method: 'POST', path: `/functions/v1/${escape}` })),
    );
    await fc.assert(
      fc.asyncProperty(paths, async (request) => {
        const response = await send(runtime.url, {
          ...request,
          headers: [API_KEY, JSON_TYPE],
          body: request.method === 'GET' ? undefined : '{}',
        });
        const where = `${request.method} ${request.path} → ${response.status}`;
        // GET /verify answers every failure with a redirect carrying the error, as GoTrue does.
        if (response.status === 303) {
          expect(String(response.headers.location), where).toContain('error');
          return;
        }
        expectJsonError({ ...request, headers: [] }, response);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it('left every stored item exactly as it was', async () => {
    const after = await stableItems();
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (key) => before.get(key) !== after.get(key),
    );
    expect(changed.map((key) => [before.get(key), after.get(key)])).toEqual([]);
    expect(before.size).toBeGreaterThanOrEqual(5);
  });
});
