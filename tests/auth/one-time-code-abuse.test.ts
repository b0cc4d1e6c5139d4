import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAuthConfig } from '../../lambdas/auth/config';
import { rateLimitKey } from '../../lambdas/auth/rate-limits';
import { createAuthApp } from '../../lambdas/auth/router';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createTestTable } from '../support/test-table';
import {
  call,
  createClock,
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

async function latestMail(on: AuthServer, to: string) {
  const mail = (await on.outbox.list()).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = new URL(/(http\S+\/verify\?\S+)/.exec(mail.text)![1]!);
  return { code: /enter this code: (\d{6})/.exec(mail.text)![1]!, link };
}

const verifyCode = (email: string, token: string, type = 'recovery') =>
  call(server, 'POST', '/verify', { body: { type, email, token } });

describe('typed codes cannot be brute-forced', () => {
  it('burns the code after 5 wrong attempts for its address, until a new one is sent', async () => {
    const { email } = await signUpUser(server);
    await call(server, 'POST', '/recover', { body: { email } });
    const { code } = await latestMail(server, email);
    const wrong = (n: number) => ((Number(code) + n) % 1_000_000).toString().padStart(6, '0');
    for (let n = 1; n <= 5; n += 1) {
      const attempt = await verifyCode(email, wrong(n));
      expect([attempt.status, attempt.json.code]).toEqual([403, 'otp_expired']);
    }
    const burned = await verifyCode(email.toUpperCase(), code);
    expect([burned.status, burned.json.code]).toEqual([403, 'otp_expired']);

    server.clock.advance(61_000);
    await call(server, 'POST', '/recover', { body: { email } });
    const fresh = await latestMail(server, email);
    const verified = await verifyCode(email, fresh.code);
    expect(verified.status).toBe(200);
    expect(verified.json.access_token).toBeTruthy();
  });

  it('mails a link token of 256 random bits, independent of the typed code', async () => {
    const { email } = await signUpUser(server);
    await call(server, 'POST', '/recover', { body: { email } });
    const { code, link } = await latestMail(server, email);
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(token).not.toBe(createHash('sha224').update(`${email}${code}`).digest('hex'));
    // The code's own hash (all a 20-bit guess could produce) is no link.
    const guessed = await call(server, 'POST', '/verify', {
      body: {
        type: 'recovery',
        token_hash: createHash('sha224').update(`${email}${code}`).digest('hex'),
      },
    });
    expect([guessed.status, guessed.json.code]).toEqual([403, 'otp_expired']);
    const followed = await call(server, 'POST', '/verify', {
      body: { type: 'recovery', token_hash: token },
    });
    expect(followed.status).toBe(200);
  });
});

describe('/verify types', () => {
  it('refuses an unknown type with 400 before it counts against the address’s attempts', async () => {
    const { email } = await signUpUser(server);
    await call(server, 'POST', '/recover', { body: { email } });
    const { code } = await latestMail(server, email);
    for (const type of ['bogus', 'invite', 'sms', 'constructor', 'email_change_current', 'bogus']) {
      const refused = await verifyCode(email, code, type);
      expect([type, refused.status, refused.json.code, refused.json.message]).toEqual([
        type,
        400,
        'validation_failed',
        'Unsupported verification type',
      ]);
    }
    const verified = await verifyCode(email, code, 'recovery');
    expect(verified.status).toBe(200);
  });

  it('accepts the recovery/magic-link token under email, magiclink and recovery, as GoTrue does', async () => {
    for (const [send, type] of [
      ['/recover', 'email'],
      ['/recover', 'magiclink'],
      ['/otp', 'recovery'],
      ['/otp', 'email'],
    ] as const) {
      const { email } = await signUpUser(server);
      await call(server, 'POST', send, { body: { email } });
      const { code } = await latestMail(server, email);
      // The confirmation type never takes the recovery slot's token.
      expect((await verifyCode(email, code, 'signup')).status).toBe(403);
      const verified = await verifyCode(email, code, type);
      expect([send, type, verified.status]).toEqual([send, type, 200]);
    }
  });
});

describe('rate-limit buckets', () => {
  it('keys IPv6 clients by their /64 and IPv4 clients by their address', () => {
    expect(rateLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitKey('198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts every address of one IPv6 /64 in one bucket', async () => {
    const { env } = await createTestTable();
    // A clock at a window's start: the counts below must not straddle a minute.
    const app = createAuthApp(
      readAuthConfig({ ...env, RATE_LIMIT_VERIFY: '3', BCRYPT_COST: '4' }),
      { now: createClock().now },
    );
    const verifyFrom = async (sourceIp: string) =>
      (
        await app.request(
          '/auth/v1/verify',
          {
            method: 'POST',
            headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'email', email: 'nobody@example.com', token: '123456' }),
          },
          { requestContext: { http: { sourceIp } } },
        )
      ).status;
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2:a::b']) {
      expect(await verifyFrom(ip)).toBe(403);
    }
    expect(await verifyFrom('2001:db8:1:2:1234:5678:9abc:def0')).toBe(429);
    expect(await verifyFrom('2001:db8:1:3::1')).toBe(403);
    for (let i = 0; i < 3; i += 1) expect(await verifyFrom('198.51.100.1')).toBe(403);
    expect(await verifyFrom('198.51.100.1')).toBe(429);
    expect(await verifyFrom('198.51.100.2')).toBe(403);
  });
});

describe('project-wide e-mail budget (RATE_LIMIT_EMAIL_SENT)', () => {
  it('answers 429 over_email_send_rate_limit once the hour’s e-mails are sent', async () => {
    const capped = await startAuthServer({
      RATE_LIMIT_EMAIL_SENT: '2',
      RATE_LIMIT_EMAIL_RECOVERY_RESERVE: '0',
      MAIL_MIN_INTERVAL_SECONDS: '0',
    });
    try {
      const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
      for (const email of emails) await signUpUser(capped, email);
      const sent = [];
      for (const email of emails)
        sent.push(await call(capped, 'POST', '/recover', { body: { email } }));
      expect(sent.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(sent[2]!.json.code).toBe('over_email_send_rate_limit');
      expect(await capped.outbox.list()).toHaveLength(2);
      capped.clock.advance(3_600_000);
      expect((await call(capped, 'POST', '/recover', { body: { email: emails[2] } })).status).toBe(
        200,
      );
    } finally {
      await capped.stop();
    }
  });

  it('does not charge the budget for sends the per-address interval refuses', async () => {
    const capped = await startAuthServer({ RATE_LIMIT_EMAIL_SENT: '3' });
    try {
      const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
      for (const email of emails) await signUpUser(capped, email);
      expect((await call(capped, 'POST', '/recover', { body: { email: emails[0] } })).status).toBe(
        200,
      );
      for (let i = 0; i < 30; i += 1) {
        const refused = await call(capped, 'POST', '/recover', { body: { email: emails[0] } });
        expect([refused.status, refused.json.message]).toEqual([
          429,
          'For security purposes, you can only request this after 60 seconds.',
        ]);
      }
      for (const email of emails.slice(1)) {
        expect((await call(capped, 'POST', '/recover', { body: { email } })).status).toBe(200);
      }
      expect(await capped.outbox.list()).toHaveLength(3);
      const over = await call(capped, 'POST', '/otp', { body: { email: uniqueEmail() } });
      expect([over.status, over.json.message]).toEqual([429, 'Email rate limit exceeded']);
    } finally {
      await capped.stop();
    }
  });
});
