import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  call,
  decodeJwtPart,
  signUpUser,
  startAuthServer,
  uniqueEmail,
  type AuthServer,
} from './auth-server';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.stop());

const RFC3339_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Asserts both error formats of one failing request. */
async function expectError(
  method: string,
  path: string,
  options: Parameters<typeof call>[3],
  status: number,
  code: string,
  message?: string | RegExp,
) {
  const versioned = await call(server, method, path, { ...options, versioned: true });
  expect(versioned.status).toBe(status);
  expect(versioned.headers.get('content-type')).toContain('application/json');
  expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  expect(versioned.json).toMatchObject({ code });
  expect(typeof versioned.json.message).toBe('string');
  expect(versioned.json).not.toHaveProperty('msg');
  if (message) expect(versioned.json.message).toMatch(message);

  const legacy = await call(server, method, path, { ...options, versioned: false });
  expect(legacy.status).toBe(status);
  expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
  expect(legacy.headers.get('x-sb-error-code')).toBe(code);
  expect(legacy.json).toMatchObject({
    code: status,
    error_code: code,
    msg: versioned.json.message,
  });
  expect(legacy.json).not.toHaveProperty('message');
  return { versioned, legacy };
}

describe('publishable key and CORS', () => {
  it('refuses requests without the publishable key, in both error formats', async () => {
    await expectError('GET', '/health', { headers: { apikey: '' } }, 401, 'no_authorization');
    await expectError(
      'GET',
      '/settings',
      { headers: { apikey: 'wrong' } },
      401,
      'no_authorization',
      'Invalid API key',
    );
    const viaQuery = await fetch(
      `${server.url}/auth/v1/health?apikey=${server.env.PUBLISHABLE_KEY}`,
    );
    expect(viaQuery.status).toBe(200);
  });

  it('answers preflights for the site origin and exposes the API version header', async () => {
    const origin = 'http://localhost:8787';
    const preflight = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey,authorization,x-client-info,x-supabase-api-version,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of [
      'apikey',
      'authorization',
      'x-client-info',
      'x-supabase-api-version',
      'content-type',
    ]) {
      expect(allowed).toContain(header);
    }
    const error = await call(server, 'POST', '/token?grant_type=password', {
      body: {},
      headers: { Origin: origin },
    });
    expect(error.headers.get('access-control-allow-origin')).toBe(origin);
    expect(error.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');

    const foreign = await fetch(`${server.url}/auth/v1/health`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('service endpoints', () => {
  it('serves health, settings and unknown paths as JSON', async () => {
    const health = await call(server, 'GET', '/health');
    expect(health.json).toEqual({
      version: expect.any(String),
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    });
    const settings = await call(server, 'GET', '/settings');
    expect(settings.status).toBe(200);
    expect(settings.json).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      external: { email: true, phone: false, google: false, anonymous_users: false },
    });
    await expectError('GET', '/nope', {}, 404, 'not_found');
  });

  it('publishes WebCrypto-importable public keys with a cache header', async () => {
    const jwks = await call(server, 'GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(jwks.json.keys).toHaveLength(1);
    const [key] = jwks.json.keys;
    expect(key).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
      ext: true,
    });
    expect(typeof key.kid).toBe('string');
    expect(key).not.toHaveProperty('d');
    expect(jwks.text).not.toContain('"d"');
    await webcrypto.subtle.importKey('jwk', key, { name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'verify',
    ]);
  });
});

describe('POST /signup', () => {
  it('answers a full session for a new user, with upstream token and user shapes', async () => {
    // The clock stands still, so the token's times are exact, however slow the machine.
    server.clock.freeze();
    onTestFinished(() => server.clock.resume());
    const email = uniqueEmail();
    const response = await call(server, 'POST', '/signup', {
      body: {
        email: ` ${email.toUpperCase()} `,
        password: 'long enough',
        data: { name: 'Ann', sub: 'spoofed' },
        gotrue_meta_security: {},
        code_challenge: null,
        code_challenge_method: null,
        unknown_key: 1,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    const session = response.json;
    expect(Object.keys(session)).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'expires_at',
      'refresh_token',
      'user',
    ]);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(12);
    const header = decodeJwtPart(session.access_token, 0);
    const claims = decodeJwtPart(session.access_token, 1);
    const jwks = await call(server, 'GET', '/.well-known/jwks.json');
    expect(header).toEqual({ alg: 'ES256', kid: jwks.json.keys[0].kid, typ: 'JWT' });
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      exp: session.expires_at,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    // Signed in and signed at the server's one instant (its clock stood still meanwhile).
    expect(claims.iat).toBe(Math.floor(server.clock.now() / 1000));
    expect(claims.amr[0].timestamp).toBe(claims.iat);

    const user = session.user;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        name: 'Ann',
        sub: user.id,
        email,
        email_verified: true,
        phone_verified: false,
      },
      is_anonymous: false,
    });
    for (const field of [
      'email_confirmed_at',
      'confirmed_at',
      'last_sign_in_at',
      'created_at',
      'updated_at',
    ]) {
      expect(user[field]).toMatch(RFC3339_MICROS);
    }
    expect(user).not.toHaveProperty('factors');
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
    expect(user.identities).toEqual([
      {
        identity_id: expect.any(String),
        id: user.id,
        user_id: user.id,
        identity_data: user.user_metadata,
        provider: 'email',
        last_sign_in_at: expect.stringMatching(RFC3339_MICROS),
        created_at: expect.stringMatching(RFC3339_MICROS),
        updated_at: expect.stringMatching(RFC3339_MICROS),
        email,
      },
    ]);
  });

  it('rejects bad input with GoTrue codes', async () => {
    const email = uniqueEmail();
    const weak = await expectError(
      'POST',
      '/signup',
      { body: { email, password: '12345' } },
      422,
      'weak_password',
      'Password should be at least 6 characters.',
    );
    expect(weak.versioned.json.weak_password).toEqual({ reasons: ['length'] });
    expect(weak.legacy.json.weak_password).toEqual({ reasons: ['length'] });
    await expectError(
      'POST',
      '/signup',
      { body: { email, password: 'é'.repeat(37) } },
      400,
      'validation_failed',
      'Password cannot be longer than 72 characters',
    );
    await expectError(
      'POST',
      '/signup',
      { body: { email, password: null } },
      400,
      'validation_failed',
      'Signup requires a valid password',
    );
    await expectError(
      'POST',
      '/signup',
      { body: { email: 'not-an-email', password: 'long enough' } },
      400,
      'validation_failed',
      /invalid format/,
    );
    await expectError(
      'POST',
      '/signup',
      { body: { password: 'long enough' } },
      422,
      'anonymous_provider_disabled',
    );
    await expectError(
      'POST',
      '/signup',
      { body: { email, phone: '+15550100', password: 'long enough' } },
      400,
      'validation_failed',
    );
    await expectError('POST', '/signup', { body: '{"email":' }, 400, 'bad_json');
    await expectError('POST', '/signup', { body: '[1]' }, 400, 'bad_json');
    await expectError(
      'POST',
      '/signup',
      { body: { email: 5, password: 'long enough' } },
      400,
      'bad_json',
    );
    await expectError(
      'POST',
      '/signup',
      { body: { email, password: 'x'.repeat(10), pad: 'y'.repeat(1024 * 1024) } },
      413,
      'request_entity_too_large',
    );

    await signUpUser(server, email);
    await expectError(
      'POST',
      '/signup',
      { body: { email: email.toUpperCase(), password: 'other one' } },
      422,
      'user_already_exists',
      'User already registered',
    );
  });
});

describe('POST /token?grant_type=password', () => {
  it('signs in and creates a new session each time', async () => {
    const { email, password, session: first } = await signUpUser(server);
    const response = await call(server, 'POST', '/token?grant_type=password', {
      body: { email: email.toUpperCase(), password, gotrue_meta_security: {} },
    });
    expect(response.status).toBe(200);
    expect(response.json.user.id).toBe(first.user.id);
    expect(decodeJwtPart(response.json.access_token, 1).session_id).not.toBe(
      decodeJwtPart(first.access_token, 1).session_id,
    );
    expect(response.json).not.toHaveProperty('weak_password');
  });

  it('answers a wrong password and an unknown e-mail byte for byte the same', async () => {
    const { email } = await signUpUser(server);
    for (const versioned of [true, false]) {
      const wrong = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password: 'not it!' },
        versioned,
      });
      const unknown = await call(server, 'POST', '/token?grant_type=password', {
        body: { email: uniqueEmail(), password: 'not it!' },
        versioned,
      });
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(unknown.text).toBe(wrong.text);
      const headersOf = (r: typeof wrong) =>
        [...r.headers.entries()].filter(([name]) => name !== 'date');
      expect(headersOf(unknown)).toEqual(headersOf(wrong));
    }
    await expectError(
      'POST',
      '/token?grant_type=password',
      { body: { email, password: 'not it!' } },
      400,
      'invalid_credentials',
      'Invalid login credentials',
    );
  });

  it('rejects incomplete requests and unknown grants', async () => {
    await expectError(
      'POST',
      '/token?grant_type=password',
      { body: { password: 'x' } },
      400,
      'validation_failed',
      'missing email or phone',
    );
    await expectError(
      'POST',
      '/token?grant_type=password',
      { body: { email: 'a@b.co', phone: '1', password: 'x' } },
      400,
      'validation_failed',
    );
    await expectError(
      'POST',
      '/token?grant_type=magic',
      { body: {} },
      400,
      'invalid_credentials',
      'unsupported_grant_type',
    );
    await expectError('POST', '/token', { body: {} }, 400, 'invalid_credentials');
  });
});

describe('POST /token?grant_type=refresh_token', () => {
  it('rotates the refresh token and keeps the session', async () => {
    const { session } = await signUpUser(server);
    const response = await call(server, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(response.status).toBe(200);
    expect(response.json.refresh_token).not.toBe(session.refresh_token);
    expect(response.json.user.id).toBe(session.user.id);
    expect(decodeJwtPart(response.json.access_token, 1).session_id).toBe(
      decodeJwtPart(session.access_token, 1).session_id,
    );
  });

  it('rejects unknown and malformed refresh tokens', async () => {
    await expectError(
      'POST',
      '/token?grant_type=refresh_token',
      { body: { refresh_token: 'short' } },
      400,
      'validation_failed',
      'Refresh token is not valid',
    );
    await expectError(
      'POST',
      '/token?grant_type=refresh_token',
      { body: { refresh_token: 'abcdefghijkl' } },
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  });
});

describe('POST /logout', () => {
  it('answers 204 without a body, accepts an empty JSON request and ends the session', async () => {
    const { session } = await signUpUser(server);
    const response = await fetch(`${server.url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: {
        apikey: server.env.PUBLISHABLE_KEY!,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json;charset=UTF-8',
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    await expectError(
      'GET',
      '/user',
      { bearer: session.access_token },
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
    await expectError(
      'POST',
      '/logout',
      { bearer: session.access_token },
      403,
      'session_not_found',
    );
    await expectError(
      'POST',
      '/token?grant_type=refresh_token',
      { body: { refresh_token: session.refresh_token } },
      400,
      'refresh_token_not_found',
    );
  });

  it('requires a bearer token and a known scope', async () => {
    await expectError(
      'POST',
      '/logout',
      {},
      401,
      'no_authorization',
      'This endpoint requires a valid Bearer token',
    );
    await expectError('POST', '/logout', { bearer: 'garbage' }, 403, 'bad_jwt');
    const { session } = await signUpUser(server);
    await expectError(
      'POST',
      '/logout?scope=everyone',
      { bearer: session.access_token },
      400,
      'validation_failed',
      'Unsupported logout scope "everyone"',
    );
  });
});

describe('GET and PUT /user', () => {
  it('answers the top-level user and refuses missing or bad tokens', async () => {
    const { session } = await signUpUser(server);
    const response = await call(server, 'GET', '/user', { bearer: session.access_token });
    expect(response.status).toBe(200);
    expect(response.json.id).toBe(session.user.id);
    expect(response.json).not.toHaveProperty('user');
    await expectError('GET', '/user', {}, 401, 'no_authorization');
    await expectError('GET', '/user', { bearer: 'a.b.c' }, 403, 'bad_jwt');
  });

  it('merges data, refuses app_metadata, and on a password change keeps only this session', async () => {
    const { email, password, session } = await signUpUser(server);
    const other = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password },
    });

    const merged = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { data: { a: 1, b: 2 }, code_challenge: null, code_challenge_method: null },
    });
    expect(merged.status).toBe(200);
    const removed = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { data: { a: null } },
    });
    expect(removed.json.user_metadata).toMatchObject({ b: 2, email });
    expect(removed.json.user_metadata).not.toHaveProperty('a');
    // Nothing to change: the same user back, and not even `updated_at` moves.
    for (const body of [{}, { password: null }, { data: {} }, { email: email.toUpperCase() }]) {
      const unchanged = await call(server, 'PUT', '/user', { bearer: session.access_token, body });
      expect(unchanged.status).toBe(200);
      expect(unchanged.json.updated_at).toBe(removed.json.updated_at);
    }

    await expectError(
      'PUT',
      '/user',
      { bearer: session.access_token, body: { app_metadata: { role: 'admin' } } },
      403,
      'not_admin',
    );
    await expectError(
      'PUT',
      '/user',
      { bearer: session.access_token, body: { password } },
      422,
      'same_password',
      'New password should be different from the old password.',
    );
    const weak = await expectError(
      'PUT',
      '/user',
      { bearer: session.access_token, body: { password: '123' } },
      422,
      'weak_password',
    );
    expect(weak.versioned.json.weak_password.reasons).toEqual(['length']);

    const changed = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { password: 'brand new one' },
    });
    expect(changed.status).toBe(200);
    expect((await call(server, 'GET', '/user', { bearer: session.access_token })).status).toBe(200);
    await expectError(
      'GET',
      '/user',
      { bearer: other.json.access_token },
      403,
      'session_not_found',
    );
    const oldLogin = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password },
    });
    expect(oldLogin.status).toBe(400);
    const newLogin = await call(server, 'POST', '/token?grant_type=password', {
      body: { email, password: 'brand new one' },
    });
    expect(newLogin.status).toBe(200);
  });
});

describe('user metadata (data) the table could not store', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { n: nested(depth - 1) });
  // Past the 4 KB cap is 422 (issue 38); what the table could not store at all is 400.
  const refusals: [string, Record<string, unknown>, number][] = [
    ['over 4 KB', { big: 'x'.repeat(4 * 1024) }, 422],
    ['over 400 KB', { big: 'x'.repeat(420 * 1024) }, 422],
    ['nested 40 deep', nested(40) as Record<string, unknown>, 400],
    ['an empty key', { '': 'empty' }, 400],
    ['an empty nested key', { a: { '': 1 } }, 400],
    ['a number past the safe integers', { n: 2 ** 60 }, 400],
    ['a number too small to store', { n: 1e-200 }, 400],
  ];

  it('is refused with validation_failed on sign-up, /otp and PUT /user, storing nothing', async () => {
    const { session } = await signUpUser(server);
    for (const [what, data, status] of refusals) {
      const email = uniqueEmail('meta');
      for (const [method, path, options] of [
        ['POST', '/signup', { body: { email, password: 'long enough', data } }],
        ['POST', '/otp', { body: { email, data } }],
        ['PUT', '/user', { bearer: session.access_token, body: { data } }],
      ] as const) {
        const refused = await call(server, method, path, options);
        expect([what, path, refused.status, refused.json.code]).toEqual([
          what,
          path,
          status,
          'validation_failed',
        ]);
        expect(refused.json.message).toMatch(/^Invalid user metadata \(data\): /);
      }
      const signIn = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password: 'long enough' },
      });
      expect(signIn.json.code).toBe('invalid_credentials');
    }
  });

  it('stores any number of keys in one PUT (one attribute, not one expression path per key)', async () => {
    const { email, session } = await signUpUser(server, uniqueEmail(), 'long enough');
    const data = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`key_${i}`, i]));
    const stored = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { data },
    });
    expect(stored.status).toBe(200);
    expect(stored.json.user_metadata).toMatchObject({ ...data, email });
    const removed = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { data: { key_0: null, key_249: null, extra: { nested: [1, 'two'] } } },
    });
    expect(Object.keys(removed.json.user_metadata)).toHaveLength(
      Object.keys(stored.json.user_metadata).length - 1,
    );
    expect(removed.json.user_metadata).not.toHaveProperty('key_0');
    expect(removed.json.user_metadata.extra).toEqual({ nested: [1, 'two'] });
  });

  it('refuses a PUT whose merge would grow user_metadata past the limit', async () => {
    const { session } = await signUpUser(server);
    const half = (prefix: string) => ({ [prefix]: 'x'.repeat(2500) });
    const first = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { data: half('a') },
    });
    expect(first.status).toBe(200);
    const second = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { data: half('b') },
    });
    expect([second.status, second.json.code]).toEqual([422, 'validation_failed']);
    const replaced = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { data: half('a') },
    });
    expect(replaced.status).toBe(200);
  });
});
