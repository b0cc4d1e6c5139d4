import { createClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthApp } from '../../lambdas/auth/router';
import { readAuthConfig } from '../../lambdas/auth/config';
import { identityKeys } from '../../lambdas/identity/items';
import { findLogin } from '../../lambdas/identity/users';
import { createTable, readTableConfig } from '../../lambdas/platform/dynamo';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createOutbox } from '../../local/outbox';
import { createTestTable } from '../support/test-table';
import { call, createClock, startAuthServer, uniqueEmail, type AuthServer } from './auth-server';

const servers: AuthServer[] = [];
async function start(overrides: Record<string, string> = {}) {
  const server = await startAuthServer(overrides);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

describe('e-mail uniqueness', () => {
  it('creates exactly one user from 50 parallel sign-ups with one address', async () => {
    const server = await start();
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(server, 'POST', '/signup', {
          body: { email: i % 2 ? email : email.toUpperCase(), password: `password-${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(49);
    expect(new Set(results.filter((r) => r.status === 422).map((r) => r.json.code))).toEqual(
      new Set(['user_already_exists']),
    );

    const table = createTable(readTableConfig(server.env));
    const profiles = await table.doc.scan({
      TableName: table.name,
      FilterExpression: 'sk = :profile AND email = :email',
      ExpressionAttributeValues: { ':profile': 'PROFILE', ':email': email },
      ConsistentRead: true,
    });
    expect(profiles.Items).toHaveLength(1);
  }, 90_000);
});

describe('rate limits per client IP', () => {
  it('trips with 429 over_request_rate_limit and recovers in the next window', async () => {
    const server = await start({
      RATE_LIMIT_TOKEN: '3',
      RATE_LIMIT_SIGNUP: '2',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    // Fixed windows: start at the beginning of one so the test never straddles a boundary.
    server.clock.advance(60_000 - (server.clock.now() % 60_000));
    const attempt = () =>
      call(server, 'POST', '/token?grant_type=password', {
        body: { email: 'nobody@example.com', password: 'whatever' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const legacy = await call(server, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: 'x'.repeat(20) },
      versioned: false,
    });
    expect(legacy.json).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    });

    const signUp = (i: number) =>
      call(server, 'POST', '/signup', {
        body: { email: uniqueEmail(`l${i}`), password: 'long enough' },
      });
    expect((await signUp(1)).status).toBe(200);
    expect((await signUp(2)).status).toBe(200);
    expect((await signUp(3)).status).toBe(429);

    server.clock.advance(60_000);
    expect((await attempt()).status).toBe(400);
    expect((await signUp(4)).status).toBe(200);
  });

  it('counts the API Gateway source IP, not a header the caller sets', async () => {
    const { env } = await createTestTable();
    // A clock at a window's start: the two requests must not straddle a minute.
    const app = createAuthApp(readAuthConfig({ ...env, RATE_LIMIT_TOKEN: '1', BCRYPT_COST: '4' }), {
      now: createClock().now,
    });
    const request = (sourceIp: string, forwardedFor: string) =>
      app.request(
        '/auth/v1/token?grant_type=password',
        {
          method: 'POST',
          headers: {
            apikey: LOCAL_PUBLISHABLE_KEY,
            'content-type': 'application/json',
            'x-forwarded-for': forwardedFor,
          },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
        },
        { requestContext: { http: { sourceIp } } },
      );
    expect((await request('203.0.113.1', '1.1.1.1')).status).toBe(400);
    expect((await request('203.0.113.1', '2.2.2.2')).status).toBe(429);
    expect((await request('203.0.113.2', '1.1.1.1')).status).toBe(400);
  });
  it('behind CloudFront counts the viewer address CloudFront writes, when configured', async () => {
    const { env } = await createTestTable();
    const app = createAuthApp(
      readAuthConfig({
        ...env,
        RATE_LIMIT_TOKEN: '1',
        BCRYPT_COST: '4',
        CLIENT_IP_HEADER: 'CloudFront-Viewer-Address',
      }),
      { now: createClock().now },
    );
    const request = (viewer: string) =>
      app.request(
        '/auth/v1/token?grant_type=password',
        {
          method: 'POST',
          headers: {
            apikey: LOCAL_PUBLISHABLE_KEY,
            'content-type': 'application/json',
            'cloudfront-viewer-address': viewer,
          },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
        },
        { requestContext: { http: { sourceIp: '130.176.0.1' } } },
      );
    expect((await request('198.51.100.7:443')).status).toBe(400);
    expect((await request('198.51.100.7:50123')).status).toBe(429);
    expect((await request('2001:db8::7:50123')).status).toBe(400);
    expect((await request('2001:db8::7:443')).status).toBe(429);
  });
});

describe('transient database failures', () => {
  it('answers 503 with a GoTrue error body, never 500', async () => {
    const { env } = await createTestTable();
    const app = createAuthApp(
      readAuthConfig({ ...env, AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9', BCRYPT_COST: '4' }),
    );
    const response = await app.request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: {
        apikey: LOCAL_PUBLISHABLE_KEY,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever' }),
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { code: string };
    expect(body.code).toBe('service_unavailable');
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at .*\.ts/);
  });
});

describe('e-mail confirmation required (AUTH_AUTOCONFIRM=false)', () => {
  it('answers a bare user, refuses sign-in until confirmed, and hides existing accounts', async () => {
    const server = await start({ AUTH_AUTOCONFIRM: 'false' });
    const settings = await call(server, 'GET', '/settings');
    expect(settings.json.mailer_autoconfirm).toBe(false);
    const email = uniqueEmail('confirm');

    const supabase = createClient(server.url, LOCAL_PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: class {} as never },
    });
    const signUp = await supabase.auth.signUp({ email, password: 'long enough' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ email, role: 'authenticated' });
    expect(signUp.data.user?.identities).toHaveLength(1);
    expect(signUp.data.user?.user_metadata.email_verified).toBe(false);
    expect(signUp.data.user?.confirmation_sent_at).toBeTruthy();
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    const userId = signUp.data.user!.id;

    const tooSoon = await call(server, 'POST', '/signup', {
      body: { email, password: 'other pass' },
    });
    expect([tooSoon.status, tooSoon.json.code]).toEqual([429, 'over_email_send_rate_limit']);
    server.clock.advance(61_000);
    const raw = await call(server, 'POST', '/signup', { body: { email, password: 'other pass' } });
    expect(raw.status).toBe(200);
    expect((await server.outbox.list()).filter((mail) => mail.to === email)).toHaveLength(2);
    expect(raw.json).not.toHaveProperty('access_token');
    expect(raw.json.id).toBe(userId);

    const unconfirmed = await supabase.auth.signInWithPassword({ email, password: 'long enough' });
    expect(unconfirmed.error?.code).toBe('email_not_confirmed');
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'other pass' });
    expect(wrong.error?.code).toBe('invalid_credentials');

    const table = createTable(readTableConfig(server.env));
    await table.doc.update({
      TableName: table.name,
      Key: identityKeys.user(userId),
      UpdateExpression: 'SET emailConfirmedAt = :now',
      ExpressionAttributeValues: { ':now': Date.now() },
    });
    const confirmed = await supabase.auth.signInWithPassword({ email, password: 'long enough' });
    expect(confirmed.error).toBeNull();

    const again = await call(server, 'POST', '/signup', {
      body: { email, password: 'other pass', data: { name: 'X' } },
    });
    expect(again.status).toBe(200);
    expect(again.json.id).not.toBe(userId);
    expect(again.json).toMatchObject({
      email,
      role: '',
      identities: [],
      user_metadata: { name: 'X' },
    });
    expect(again.json).not.toHaveProperty('access_token');
    const stillOld = await supabase.auth.signInWithPassword({ email, password: 'long enough' });
    expect(stillOld.error).toBeNull();
  });
});

describe('sign-up with confirmation on: a known address costs what a new one does', () => {
  it('hashes the password, writes a transaction and sends a mail on every path', async () => {
    const { env } = await createTestTable();
    const table = createTable(readTableConfig(env));
    const outbox = createOutbox(null);
    const app = createAuthApp(
      readAuthConfig({ ...env, AUTH_AUTOCONFIRM: 'false', BCRYPT_COST: '4' }),
      { table, mailer: outbox },
    );
    const hashes = vi.spyOn(bcrypt, 'hashSync');
    const comparisons = vi.spyOn(bcrypt, 'compareSync');
    const transactions = vi.spyOn(table.doc, 'transactWrite');
    const signUp = async (email: string) => {
      const [hashesBefore, comparisonsBefore, transactionsBefore] = [
        hashes.mock.calls.length,
        comparisons.mock.calls.length,
        transactions.mock.calls.length,
      ];
      const mailsBefore = (await outbox.list()).length;
      const response = await app.request('/auth/v1/signup', {
        method: 'POST',
        headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'long enough' }),
      });
      expect(response.status).toBe(200);
      return {
        bcrypt: hashes.mock.calls.length - hashesBefore,
        comparisons: comparisons.mock.calls.length - comparisonsBefore,
        transactions: transactions.mock.calls.length - transactionsBefore,
        mails: (await outbox.list()).length - mailsBefore,
      };
    };
    const unconfirmed = uniqueEmail('pending');
    const confirmed = uniqueEmail('owner');
    const work = { bcrypt: 1, comparisons: 1, transactions: 1, mails: 1 };
    expect(await signUp(unconfirmed)).toEqual(work);
    expect(await signUp(confirmed)).toEqual(work);
    const owner = await findLogin(table, confirmed);
    await table.doc.update({
      TableName: table.name,
      Key: identityKeys.user(owner!.userId),
      UpdateExpression: 'SET emailConfirmedAt = :now REMOVE confirmationSentAt',
      ExpressionAttributeValues: { ':now': Date.now() },
    });
    // Known addresses, confirmed or not, past the per-address interval.
    await table.doc.update({
      TableName: table.name,
      Key: identityKeys.user((await findLogin(table, unconfirmed))!.userId),
      UpdateExpression: 'REMOVE confirmationSentAt',
    });
    expect(await signUp(confirmed)).toEqual(work);
    expect(await signUp(unconfirmed)).toEqual(work);
    hashes.mockRestore();
    comparisons.mockRestore();
    transactions.mockRestore();
  });
});

describe('pre-account takeover (confirmation on)', () => {
  async function latestCode(server: AuthServer, to: string) {
    const mail = (await server.outbox.list()).find((m) => m.to === to)!;
    return /enter this code: (\d{6})/.exec(mail.text)![1]!;
  }
  const signIn = (server: AuthServer, email: string, password: string) =>
    call(server, 'POST', '/token?grant_type=password', { body: { email, password } });

  /** Two sign-ups for one address, a minute apart; the owner confirms with the latest mail. */
  async function signUpTwiceAndConfirm(first: string, second: string) {
    const server = await start({ AUTH_AUTOCONFIRM: 'false' });
    const email = uniqueEmail('victim');
    const squat = await call(server, 'POST', '/signup', { body: { email, password: first } });
    expect(squat.status).toBe(200);
    server.clock.advance(61_000);
    await call(server, 'POST', '/signup', { body: { email, password: second } });
    const verified = await call(server, 'POST', '/verify', {
      body: { type: 'signup', email, token: await latestCode(server, email) },
    });
    expect(verified.status).toBe(200);
    const mail = (await server.outbox.list()).find((m) => m.to === email)!;
    return { server, email, session: verified.json, mail };
  }

  it('keeps no password when an attacker signed up first and the owner confirms', async () => {
    const { server, email, session, mail } = await signUpTwiceAndConfirm(
      'attacker pass',
      'owner pass',
    );
    expect((await signIn(server, email, 'attacker pass')).json.code).toBe('invalid_credentials');
    expect((await signIn(server, email, 'owner pass')).json.code).toBe('invalid_credentials');
    expect(mail.text).toContain('Forgot password?');
    // The confirmer is signed in and chooses the password.
    const chosen = await call(server, 'PUT', '/user', {
      bearer: session.access_token,
      body: { password: 'owner pass' },
    });
    expect(chosen.status).toBe(200);
    expect((await signIn(server, email, 'owner pass')).status).toBe(200);
  });

  it('keeps no password when an attacker signs up after the owner and the owner confirms', async () => {
    const { server, email } = await signUpTwiceAndConfirm('owner pass', 'attacker pass');
    expect((await signIn(server, email, 'attacker pass')).json.code).toBe('invalid_credentials');
    expect((await signIn(server, email, 'owner pass')).json.code).toBe('invalid_credentials');
  });

  // Two sign-ups with one password prove nothing about who confirms (issue 26, point 4).
  it('keeps no password even when both sign-ups chose the same one', async () => {
    const { server, email, mail } = await signUpTwiceAndConfirm('owner pass', 'owner pass');
    expect(mail.text).toContain('Forgot password?');
    expect((await signIn(server, email, 'owner pass')).json.code).toBe('invalid_credentials');
  });

  it('resends a live or an expired pending code with no password', async () => {
    const server = await start({ AUTH_AUTOCONFIRM: 'false' });
    const resendAndConfirm = async (wait: number) => {
      const email = uniqueEmail('resend');
      await call(server, 'POST', '/signup', { body: { email, password: 'owner pass' } });
      server.clock.advance(wait);
      const resent = await call(server, 'POST', '/resend', { body: { type: 'signup', email } });
      expect(resent.status).toBe(200);
      const mail = (await server.outbox.list()).find((m) => m.to === email)!;
      const verified = await call(server, 'POST', '/verify', {
        body: { type: 'signup', email, token: await latestCode(server, email) },
      });
      expect(verified.status).toBe(200);
      return { email, mail };
    };
    // Confirming keeps no password set before it (issue 26, point 4), live code or not.
    for (const wait of [61_000, 3_601_000]) {
      const { email, mail } = await resendAndConfirm(wait);
      expect(mail.text).toContain('Forgot password?');
      expect((await signIn(server, email, 'owner pass')).json.code).toBe('invalid_credentials');
    }
  });

  it('leaves no earlier registrant’s password when the owner confirms with a magic link', async () => {
    const server = await start({ AUTH_AUTOCONFIRM: 'false' });
    const email = uniqueEmail('victim');
    await call(server, 'POST', '/signup', { body: { email, password: 'attacker pass' } });
    server.clock.advance(61_000);
    await call(server, 'POST', '/otp', { body: { email } });
    const verified = await call(server, 'POST', '/verify', {
      body: { type: 'email', email, token: await latestCode(server, email) },
    });
    expect(verified.status).toBe(200);
    expect((await signIn(server, email, 'attacker pass')).json.code).toBe('invalid_credentials');
  });
});
