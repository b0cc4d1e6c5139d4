import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable, readTableConfig } from '../../lambdas/platform/dynamo';
import { call, startAuthServer, uniqueEmail, type AuthServer } from './auth-server';

/** The red-team review's reproductions (issue 26), one block per point. */
let confirming: AuthServer;
beforeAll(async () => {
  confirming = await startAuthServer({ AUTH_AUTOCONFIRM: 'false' });
});
afterAll(() => confirming.stop());

async function mailTo(on: AuthServer, to: string) {
  const mail = (await on.outbox.list()).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return {
    code: /enter this code: (\d{6})/.exec(mail.text)![1]!,
    token: new URL(/(http\S+\/verify\?\S+)/.exec(mail.text)![1]!).searchParams.get('token')!,
  };
}

async function scan(on: AuthServer) {
  const table = createTable(readTableConfig(on.env));
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.scan({ TableName: table.name, ExclusiveStartKey });
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

describe('1. codes out of reach', () => {
  it('keeps a pending code only as a keyed MAC on AUTH# items, never on the profile', async () => {
    const email = uniqueEmail('pending');
    await call(confirming, 'POST', '/signup', { body: { email, password: 'long enough' } });
    const { code, token } = await mailTo(confirming, email);
    const items = await scan(confirming);
    const text = JSON.stringify(items);
    // The unkeyed hashes an offline search would test: found nowhere.
    for (const unkeyed of [
      createHash('sha224').update(`${email}${code}`).digest('hex'),
      createHash('sha256').update(token).digest('hex'),
    ]) {
      expect(text).not.toContain(unkeyed);
    }
    const userId = items.find((item) => item.email === email && item.sk === 'PROFILE')!.id;
    const profile = items.find((item) => item.pk === `USER#${userId}`)!;
    const codes = items.find((item) => item.pk === `AUTH#${userId}`)!;
    expect(codes).toMatchObject({ sk: 'CODES', signup: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(profile)).not.toContain(String(codes.signup));
    expect(Object.keys(profile).filter((key) => /hash/i.test(key))).toEqual([]);
    expect(items.filter((item) => String(item.pk).startsWith(`AUTH#CODE#`))).toHaveLength(2);
  });

  it('refuses a code that is not six digits before any lookup, without spending an attempt', async () => {
    const email = uniqueEmail('format');
    await call(confirming, 'POST', '/signup', { body: { email, password: 'long enough' } });
    const { code } = await mailTo(confirming, email);
    for (const token of ['12345', '1234567', 'abcdef', `${code} `, '１２３４５６', '000000\n']) {
      const refused = await call(confirming, 'POST', '/verify', {
        body: { type: 'signup', email, token },
      });
      expect([refused.status, refused.json.code], token).toEqual([403, 'otp_expired']);
    }
    const verified = await call(confirming, 'POST', '/verify', {
      body: { type: 'signup', email, token: code },
    });
    expect(verified.status).toBe(200);
  });
});

describe('6. prototype keys in user metadata', () => {
  it('answers 400 for __proto__, constructor and prototype at any depth, on sign-up and PUT /user', async () => {
    const server = await startAuthServer();
    try {
      const signedUp = await call(server, 'POST', '/signup', {
        body: { email: uniqueEmail('meta'), password: 'long enough' },
      });
      const bearer = signedUp.json.access_token as string;
      for (const key of ['__proto__', 'constructor', 'prototype']) {
        for (const data of [
          `{"${key}":{"isAdmin":true}}`,
          `{"a":{"b":[{"${key}":1}]}}`,
          `{"${key}":null}`,
        ]) {
          const signUp = await call(server, 'POST', '/signup', {
            body: `{"email":"${uniqueEmail('meta')}","password":"long enough","data":${data}}`,
          });
          expect([signUp.status, signUp.json.code], data).toEqual([400, 'validation_failed']);
          const update = await call(server, 'PUT', '/user', { bearer, body: `{"data":${data}}` });
          expect([update.status, update.json.code], data).toEqual([400, 'validation_failed']);
          expect(update.json.message).toContain(`"${key}"`);
        }
      }
      const user = await call(server, 'GET', '/user', { bearer });
      expect(Object.keys(user.json.user_metadata).sort()).toEqual(
        ['email', 'email_verified', 'phone_verified', 'sub'].sort(),
      );
    } finally {
      await server.stop();
    }
  });
});

/** A server that trusts `x-client` for the client address, so one test can be many clients. */
const manyClients = (env: Record<string, string> = {}) =>
  startAuthServer({
    CLIENT_IP_HEADER: 'x-client',
    RATE_LIMIT_EMAIL_SENT: '30',
    RATE_LIMIT_EMAIL_PER_CLIENT: '5',
    RATE_LIMIT_EMAIL_PER_ADDRESS: '3',
    ...env,
  });
const from = (ip: string) => ({ 'x-client': ip });

describe('2. the e-mail budget cannot be spent by one client', () => {
  it('lets one IPv4 address or IPv6 /64 ask for 5 of the 30 hourly e-mails; sign-ups still confirm', async () => {
    const server = await manyClients({ AUTH_AUTOCONFIRM: 'false' });
    try {
      const answers = [];
      for (let i = 0; i < 29; i += 1) {
        const otp = await call(server, 'POST', '/otp', {
          body: { email: uniqueEmail('flood') },
          headers: from('203.0.113.7'),
        });
        answers.push(otp.status);
      }
      expect(answers.filter((status) => status === 200)).toHaveLength(5);
      expect(answers.slice(5).every((status) => status === 429)).toBe(true);
      // Rotating through one /64 is one client.
      const v6 = [];
      for (let i = 1; i <= 6; i += 1) {
        const otp = await call(server, 'POST', '/otp', {
          body: { email: uniqueEmail('flood6') },
          headers: from(`2001:db8:1:2::${i.toString(16)}`),
        });
        v6.push(otp.status);
      }
      expect(v6).toEqual([200, 200, 200, 200, 200, 429]);

      const email = uniqueEmail('victim');
      const signUp = await call(server, 'POST', '/signup', {
        body: { email, password: 'long enough' },
        headers: from('198.51.100.9'),
      });
      expect(signUp.status).toBe(200);
      expect((await server.outbox.list()).some((mail) => mail.to === email)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('sends one address at most 3 recovery or OTP e-mails an hour, from any number of clients', async () => {
    const server = await manyClients();
    try {
      const email = uniqueEmail('target');
      await call(server, 'POST', '/signup', { body: { email, password: 'long enough' } });
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        const path = i % 2 ? '/otp' : '/recover';
        statuses.push(
          (await call(server, 'POST', path, { body: { email }, headers: from(`192.0.2.${i + 1}`) }))
            .status,
        );
        server.clock.advance(61_000);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect((await server.outbox.list()).filter((mail) => mail.to === email)).toHaveLength(3);
      server.clock.advance(3_600_000);
      expect(
        (await call(server, 'POST', '/recover', { body: { email }, headers: from('192.0.2.9') }))
          .status,
      ).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('2. an e-mail change', () => {
  it('costs the client one unit of its share per e-mail it sends (two)', async () => {
    const server = await manyClients({ RATE_LIMIT_EMAIL_PER_CLIENT: '3' });
    try {
      const signedUp = await call(server, 'POST', '/signup', {
        body: { email: uniqueEmail('mover'), password: 'long enough' },
      });
      const change = () =>
        call(server, 'PUT', '/user', {
          bearer: signedUp.json.access_token,
          body: { email: uniqueEmail('moved') },
          headers: from('203.0.113.50'),
        });
      expect((await change()).status).toBe(200);
      server.clock.advance(61_000);
      const second = await change();
      expect([second.status, second.json.code]).toEqual([429, 'over_email_send_rate_limit']);
      expect(await server.outbox.list()).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });
});

describe('3. per-account sign-in limit', () => {
  // Clients the account does not know share its count (issue 38 made the ceiling 20 by default).
  it('makes failed sign-ins for one account wait, whatever the client, and a recovery link clears it', async () => {
    const server = await manyClients({ SIGN_IN_ACCOUNT_FREE_FAILURES: '5' });
    // Waits are counted to the second: a slow machine's own time must not run them out.
    server.clock.freeze();
    try {
      const email = uniqueEmail('account');
      const password = 'the right one';
      await call(server, 'POST', '/signup', { body: { email, password } });
      let client = 0;
      const attempt = (pass: string) =>
        call(server, 'POST', '/token?grant_type=password', {
          body: { email, password: pass },
          // Every guess from a new IPv6 /64 of one /48: no per-address bucket ever fills.
          headers: from(`2001:db8:7:${(client += 1).toString(16)}::1`),
        });
      // Five free failures, then each waits twice as long as the last, up to 15 minutes: the
      // wait before failure n + 1, in seconds, refused a second early and admitted on time.
      const waits = [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900, 900];
      for (const [failures, wait] of waits.entries()) {
        if (wait > 0) {
          const early = await attempt(`wrong ${failures}`);
          expect([early.status, early.json.code]).toEqual([429, 'over_request_rate_limit']);
          server.clock.advance((wait - 1) * 1000);
          expect((await attempt(`wrong ${failures}`)).status, `wait ${wait}`).toBe(429);
          server.clock.advance(1000);
        }
        expect((await attempt(`wrong ${failures}`)).status, `failure ${failures + 1}`).toBe(400);
      }
      // After 20 failures: 900 s (15 minutes) before the next attempt, the right password too.
      server.clock.advance(899_000);
      expect((await attempt(password)).status).toBe(429);
      // The owner's way back at any time: a recovery link signs in and clears the wait.
      await call(server, 'POST', '/recover', { body: { email } });
      const { token } = await mailTo(server, email);
      const link = await call(server, 'POST', '/verify', {
        body: { type: 'recovery', token_hash: token },
      });
      expect(link.status).toBe(200);
      expect((await attempt(password)).status).toBe(200);
      expect((await attempt('wrong again')).status).toBe(400);
    } finally {
      await server.stop();
    }
  });

  it('counts attempts made at the same moment one by one: none is refused while none owes a wait', async () => {
    const server = await startAuthServer({ SIGN_IN_FREE_FAILURES: '5' });
    server.clock.freeze();
    try {
      const email = uniqueEmail('devices');
      const password = 'the right one';
      await call(server, 'POST', '/signup', { body: { email, password } });
      // One household's devices behind one address, signing in at once: each takes its own turn.
      const signIns = await Promise.all(
        Array.from({ length: 4 }, () =>
          call(server, 'POST', '/token?grant_type=password', { body: { email, password } }),
        ),
      );
      expect(signIns.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      // Guesses at once are each counted too: the five free ones reach the password, not a sixth.
      const guesses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call(server, 'POST', '/token?grant_type=password', {
            body: { email, password: `wrong ${i}` },
          }),
        ),
      );
      expect(guesses.map((answer) => answer.status).sort()).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await server.stop();
    }
  });

  it('admits an attempt stamped a moment before one already counted, while no wait is owed', async () => {
    const server = await startAuthServer({ SIGN_IN_FREE_FAILURES: '5' });
    server.clock.freeze();
    try {
      const email = uniqueEmail('stamped');
      const password = 'the right one';
      await call(server, 'POST', '/signup', { body: { email, password } });
      const attempt = (pass: string) =>
        call(server, 'POST', '/token?grant_type=password', { body: { email, password: pass } });
      expect((await attempt('wrong')).status).toBe(400);
      // Two requests at once: the one that read the clock first reaches the table second.
      server.clock.advance(-50);
      expect((await attempt(password)).status).toBe(200);
      // Once a wait is owed, it is: five free failures, then none before a second has passed.
      for (let failures = 0; failures < 5; failures += 1)
        expect((await attempt('wrong')).status).toBe(400);
      server.clock.advance(-50);
      expect((await attempt(password)).status).toBe(429);
    } finally {
      await server.stop();
    }
  });

  it('counts an unknown address the same way, so the wait tells nothing', async () => {
    const server = await manyClients({ SIGN_IN_ACCOUNT_FREE_FAILURES: '5' });
    try {
      const email = uniqueEmail('nobody');
      const statuses = [];
      for (let i = 0; i < 7; i += 1) {
        statuses.push(
          (
            await call(server, 'POST', '/token?grant_type=password', {
              body: { email, password: 'guess' },
              headers: from(`192.0.2.${i + 1}`),
            })
          ).status,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    } finally {
      await server.stop();
    }
  });
});

describe('7. enumeration', () => {
  it('answers /recover and /otp alike for known and unknown addresses, in the interval and with create_user:false', async () => {
    const server = await manyClients({
      RATE_LIMIT_EMAIL_PER_CLIENT: '100',
      RATE_LIMIT_EMAIL_PER_ADDRESS: '100',
    });
    try {
      const known = uniqueEmail('known');
      await call(server, 'POST', '/signup', { body: { email: known, password: 'long enough' } });
      const unknown = uniqueEmail('unknown');
      const answer = async (path: string, body: object) => {
        const response = await call(server, 'POST', path, { body });
        return [response.status, response.text];
      };
      const cases: [string, object][] = [
        ['/recover', {}],
        ['/otp', { create_user: false }],
      ];
      for (const [path, extra] of cases) {
        server.clock.advance(61_000);
        const first = [
          await answer(path, { email: known, ...extra }),
          await answer(path, { email: unknown, ...extra }),
        ];
        expect(first[0], `${path} ${JSON.stringify(extra)}`).toEqual(first[1]);
        // Within the resend interval: the same 429 for both.
        const again = [
          await answer(path, { email: known, ...extra }),
          await answer(path, { email: unknown, ...extra }),
        ];
        expect(again[0], `${path} again`).toEqual(again[1]);
        expect(again[0]![0]).toBe(429);
      }
      expect((await server.outbox.list()).some((mail) => mail.to === unknown)).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('answers alike once the hour’s e-mail budget is spent', async () => {
    const server = await manyClients({
      RATE_LIMIT_EMAIL_SENT: '1',
      RATE_LIMIT_EMAIL_RECOVERY_RESERVE: '0',
    });
    try {
      const known = uniqueEmail('known');
      await call(server, 'POST', '/signup', { body: { email: known, password: 'long enough' } });
      await call(server, 'POST', '/recover', { body: { email: uniqueEmail('spender') } });
      const other = uniqueEmail('someone');
      await call(server, 'POST', '/signup', { body: { email: other, password: 'long enough' } });
      expect((await call(server, 'POST', '/recover', { body: { email: other } })).status).toBe(200);
      const answers = await Promise.all(
        [known, uniqueEmail('unknown')].map(async (email) => {
          const response = await call(server, 'POST', '/recover', { body: { email } });
          return [response.status, response.text];
        }),
      );
      expect(answers[0]![0]).toBe(429);
      expect(answers[0]).toEqual(answers[1]);
    } finally {
      await server.stop();
    }
  });
});

describe('10. password change', () => {
  it('needs the current password once the session’s sign-in is older than 10 minutes, and keeps that session', async () => {
    const server = await startAuthServer({ SIGN_IN_FREE_FAILURES: '5' });
    try {
      const email = uniqueEmail('change');
      const signedUp = await call(server, 'POST', '/signup', {
        body: { email, password: 'first pass' },
      });
      const other = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password: 'first pass' },
      });
      const bearer = signedUp.json.access_token as string;
      server.clock.advance(601_000);
      const bare = await call(server, 'PUT', '/user', {
        bearer,
        body: { password: 'second pass' },
      });
      expect([bare.status, bare.json.code]).toEqual([400, 'current_password_required']);
      const wrong = await call(server, 'PUT', '/user', {
        bearer,
        body: { password: 'second pass', current_password: 'not it' },
      });
      expect([wrong.status, wrong.json.code]).toEqual([400, 'current_password_invalid']);
      const changed = await call(server, 'PUT', '/user', {
        bearer,
        body: { password: 'second pass', current_password: 'first pass' },
      });
      expect(changed.status).toBe(200);
      // The session it was made from lives on; the other one ended.
      expect((await call(server, 'GET', '/user', { bearer })).status).toBe(200);
      const ended = await call(server, 'GET', '/user', { bearer: other.json.access_token });
      expect([ended.status, ended.json.code]).toEqual([403, 'session_not_found']);
      expect(
        (
          await call(server, 'POST', '/token?grant_type=password', {
            body: { email, password: 'second pass' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('lets a session just opened from a recovery link set a password without the old one', async () => {
    const server = await startAuthServer();
    try {
      const email = uniqueEmail('forgot');
      await call(server, 'POST', '/signup', { body: { email, password: 'forgotten' } });
      server.clock.advance(3_600_000);
      await call(server, 'POST', '/recover', { body: { email } });
      const { token } = await mailTo(server, email);
      const link = await call(server, 'POST', '/verify', {
        body: { type: 'recovery', token_hash: token },
      });
      server.clock.advance(300_000);
      const reset = await call(server, 'PUT', '/user', {
        bearer: link.json.access_token,
        body: { password: 'remembered' },
      });
      expect(reset.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('4. pre-account takeover', () => {
  const signIn = (email: string, password: string) =>
    call(confirming, 'POST', '/token?grant_type=password', { body: { email, password } });

  it('confirming a sign-up signs in the holder of the link and keeps no password set before it', async () => {
    // The attacker signs up with the victim's address and a password of their choice.
    const email = uniqueEmail('squatted');
    const squat = await call(confirming, 'POST', '/signup', {
      body: { email, password: 'attacker pass' },
    });
    expect(squat.status).toBe(200);
    // The victim clicks the confirmation link in their inbox.
    const { token } = await mailTo(confirming, email);
    const link = await fetch(`${confirming.url}/auth/v1/verify?type=signup&token=${token}`, {
      redirect: 'manual',
    });
    expect(link.status).toBe(303);
    const fragment = new URLSearchParams(new URL(link.headers.get('location')!).hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    // The attacker's password does not sign in: the account has no usable password.
    expect((await signIn(email, 'attacker pass')).json.code).toBe('invalid_credentials');
    // The SPA opens "Set a new password" for it (supabase-js's PASSWORD_RECOVERY event).
    expect(fragment.get('type')).toBe('recovery');
    // The one signed in by the link chooses the password at once, without an old one.
    const chosen = await call(confirming, 'PUT', '/user', {
      bearer: fragment.get('access_token')!,
      body: { password: 'owner pass' },
    });
    expect(chosen.status).toBe(200);
    expect((await signIn(email, 'owner pass')).status).toBe(200);
  });

  it('keeps no sign-up password for a typed code either, and the mail says so', async () => {
    const email = uniqueEmail('typed');
    await call(confirming, 'POST', '/signup', { body: { email, password: 'attacker pass' } });
    const mail = (await confirming.outbox.list()).find((m) => m.to === email)!;
    expect(mail.text).toContain('does not keep the password chosen at sign-up');
    const verified = await call(confirming, 'POST', '/verify', {
      body: { type: 'signup', email, token: (await mailTo(confirming, email)).code },
    });
    expect(verified.status).toBe(200);
    expect((await signIn(email, 'attacker pass')).json.code).toBe('invalid_credentials');
  });
});
