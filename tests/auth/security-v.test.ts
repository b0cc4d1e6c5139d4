import { describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { CHECKOUT_BODY, startPaymentsStack } from '../payments/payments-stack';
import { call, startAuthServer, uniqueEmail } from './auth-server';

/** The red-team review's reproductions (issue 38), one block per point. */

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

describe('High: a stranger cannot lock the owner out', () => {
  it('lets the right password in from another client after 5 wrong ones from one client', async () => {
    const server = await manyClients();
    try {
      const email = uniqueEmail('owner');
      await call(server, 'POST', '/signup', { body: { email, password: 'the right one' } });
      for (let i = 0; i < 5; i += 1) {
        const wrong = await call(server, 'POST', '/token?grant_type=password', {
          body: { email, password: `wrong ${i}` },
          headers: from('203.0.113.66'),
        });
        expect(wrong.status).toBe(400);
      }
      const owner = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password: 'the right one' },
        headers: from('198.51.100.20'),
      });
      expect(owner.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('keeps guessing slow from many clients, yet a browser that signed in before gets in', async () => {
    const server = await manyClients();
    server.clock.freeze();
    try {
      const email = uniqueEmail('besieged');
      const password = 'the right one';
      await call(server, 'POST', '/signup', { body: { email, password } });
      // The owner's browser signed in before: it holds the account's device cookie.
      const before = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password },
        headers: from('198.51.100.20'),
      });
      const cookie = before.headers.get('set-cookie')!.split(';')[0]!;
      expect(cookie).toMatch(/^cdl-device=/);
      expect(before.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      let client = 0;
      const guess = (pass: string, headers: Record<string, string> = {}) =>
        call(server, 'POST', '/token?grant_type=password', {
          body: { email, password: pass },
          headers: { ...from(`2001:db8:${(client += 1).toString(16)}::1`), ...headers },
        });
      // 1,000 clients: 20 failures are free for the account, then each one waits.
      for (let i = 0; i < 20; i += 1) expect((await guess(`wrong ${i}`)).status).toBe(400);
      const refused = await guess('wrong again');
      expect([refused.status, refused.json.code]).toEqual([429, 'over_request_rate_limit']);
      // A client the account does not know waits too, the right password included...
      expect((await guess(password)).status).toBe(429);
      // ...but the owner's browser does not.
      const owner = await guess(password, { cookie });
      expect(owner.status).toBe(200);
      // Its own failures count apart: five free, then it waits as well.
      for (let i = 0; i < 5; i += 1)
        expect((await guess(`typo ${i}`, { cookie })).status).toBe(400);
      expect((await guess(password, { cookie })).status).toBe(429);
      // The wait strangers built up is still there for strangers.
      expect((await guess('wrong later')).status).toBe(429);
      server.clock.advance(1000);
      expect((await guess(password, { cookie })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('slows one client after 5 failures, and a device cookie of another account does not help', async () => {
    const server = await manyClients();
    server.clock.freeze();
    try {
      const email = uniqueEmail('target');
      const other = uniqueEmail('attacker');
      await call(server, 'POST', '/signup', { body: { email, password: 'the right one' } });
      await call(server, 'POST', '/signup', { body: { email: other, password: 'mine, long' } });
      const own = await call(server, 'POST', '/token?grant_type=password', {
        body: { email: other, password: 'mine, long' },
      });
      const cookie = own.headers.get('set-cookie')!.split(';')[0]!;
      const attempt = (password: string) =>
        call(server, 'POST', '/token?grant_type=password', {
          body: { email, password },
          headers: { ...from('203.0.113.9'), cookie },
        });
      for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong ${i}`)).status).toBe(400);
      expect((await attempt('wrong 5')).status).toBe(429);
      // The client's wait holds the right password too (else a wait would not slow guessing).
      expect((await attempt('the right one')).status).toBe(429);
      server.clock.advance(1000);
      expect((await attempt('the right one')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('still mails a recovery link after 3 signup resends to a confirmed address', async () => {
    const server = await manyClients();
    try {
      const email = uniqueEmail('confirmed');
      await call(server, 'POST', '/signup', { body: { email, password: 'long enough' } });
      for (let i = 0; i < 3; i += 1) {
        const resend = await call(server, 'POST', '/resend', {
          body: { type: 'signup', email },
          headers: from(`192.0.2.${i + 1}`),
        });
        expect(resend.status).toBe(200);
        server.clock.advance(61_000);
      }
      const recover = await call(server, 'POST', '/recover', {
        body: { email },
        headers: from('198.51.100.20'),
      });
      expect(recover.status).toBe(200);
      expect((await server.outbox.list()).filter((mail) => mail.to === email)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe('2. mail only the owner can spend', () => {
  it('counts an IPv4 /24 and an IPv6 /48 as one client of the project-wide budget', async () => {
    const server = await manyClients({ RATE_LIMIT_EMAIL_SENT: '100' });
    try {
      for (const client of [(i: number) => `203.0.113.${i}`, (i: number) => `2001:db8:5:${i}::1`]) {
        const statuses = [];
        for (let i = 1; i <= 6; i += 1) {
          const otp = await call(server, 'POST', '/recover', {
            body: { email: uniqueEmail('neighbour') },
            headers: from(client(i)),
          });
          statuses.push(otp.status);
        }
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      }
    } finally {
      await server.stop();
    }
  });

  it('spends nothing on a resend that sends nothing, from the client or the address', async () => {
    const server = await manyClients();
    try {
      const email = uniqueEmail('confirmed');
      await call(server, 'POST', '/signup', { body: { email, password: 'long enough' } });
      for (let i = 0; i < 8; i += 1) {
        for (const target of [email, uniqueEmail('nobody')]) {
          const resend = await call(server, 'POST', '/resend', {
            body: { type: 'signup', email: target },
            headers: from('192.0.2.77'),
          });
          expect(resend.status).toBe(200);
        }
        server.clock.advance(61_000);
      }
      // The same client still has its whole share, and the address its recovery.
      const recover = await call(server, 'POST', '/recover', {
        body: { email },
        headers: from('192.0.2.77'),
      });
      expect(recover.status).toBe(200);
      expect((await server.outbox.list()).map((mail) => mail.to)).toEqual([email]);
    } finally {
      await server.stop();
    }
  });

  it('keeps a reserve for confirmed accounts’ recovery that sign-ups and unknown addresses cannot spend', async () => {
    const server = await manyClients({
      AUTH_AUTOCONFIRM: 'false',
      RATE_LIMIT_EMAIL_SENT: '10',
      RATE_LIMIT_EMAIL_RECOVERY_RESERVE: '2',
    });
    try {
      // The owner confirmed an account earlier.
      const email = uniqueEmail('owner');
      await call(server, 'POST', '/signup', { body: { email, password: 'long enough' } });
      const mail = (await server.outbox.list()).find((m) => m.to === email)!;
      const token = new URL(/(http\S+\/verify\?\S+)/.exec(mail.text)![1]!).searchParams.get(
        'token',
      )!;
      expect(
        (await call(server, 'POST', '/verify', { body: { type: 'signup', token_hash: token } }))
          .status,
      ).toBe(200);
      // Strangers from many networks spend the hour's budget on sign-ups.
      let network = 0;
      const stranger = () => from(`198.18.${(network += 1)}.1`);
      const signUps = [];
      for (let i = 0; i < 12; i += 1) {
        const signUp = await call(server, 'POST', '/signup', {
          body: { email: uniqueEmail('flood'), password: 'long enough' },
          headers: stranger(),
        });
        signUps.push(signUp.status);
      }
      expect(signUps.filter((status) => status === 429)).toHaveLength(3);
      // Unknown addresses are answered like the owner's, but cannot reach the reserve.
      for (let i = 0; i < 4; i += 1) {
        const unknown = await call(server, 'POST', '/recover', {
          body: { email: uniqueEmail('unknown') },
          headers: stranger(),
        });
        expect(unknown.status).toBe(200);
      }
      const sent = (await server.outbox.list()).length;
      const recover = await call(server, 'POST', '/recover', {
        body: { email },
        headers: stranger(),
      });
      expect(recover.status).toBe(200);
      expect((await server.outbox.list()).length).toBe(sent + 1);
      expect((await server.outbox.list())[0]!.to).toBe(email);
    } finally {
      await server.stop();
    }
  });
});

describe('3. nothing a stranger set survives confirmation', () => {
  const identityKeys = ['email', 'email_verified', 'phone_verified', 'sub'];

  it('drops the first sign-up’s metadata and name when the owner confirms', async () => {
    const server = await manyClients({ AUTH_AUTOCONFIRM: 'false' });
    try {
      const email = uniqueEmail('squatted');
      // A stranger registers the address first, with a name of their choosing.
      const squat = await call(server, 'POST', '/signup', {
        body: { email, password: 'attacker pass', data: { name: 'Mallory Stranger', plan: 'x' } },
        headers: from('203.0.113.5'),
      });
      expect(squat.json.user_metadata.name).toBe('Mallory Stranger');
      // The owner signs up later and confirms from the inbox.
      server.clock.advance(61_000);
      await call(server, 'POST', '/signup', {
        body: { email, password: 'owner pass', data: { name: 'Ana Ruiz' } },
        headers: from('198.51.100.20'),
      });
      // The outbox lists the newest first.
      const mail = (await server.outbox.list()).find((m) => m.to === email)!;
      const code = /enter this code: (\d{6})/.exec(mail.text)![1]!;
      const verified = await call(server, 'POST', '/verify', {
        body: { type: 'signup', email, token: code },
      });
      expect(verified.status).toBe(200);
      const claims = JSON.parse(
        Buffer.from(String(verified.json.access_token).split('.')[1]!, 'base64url').toString(),
      );
      for (const metadata of [
        verified.json.user.user_metadata,
        verified.json.user.identities[0].identity_data,
        claims.user_metadata,
      ]) {
        expect(Object.keys(metadata).sort()).toEqual(identityKeys);
        expect(metadata).toMatchObject({ email, email_verified: true });
      }
      // Neither password works; the one signed in by the code chooses one.
      for (const password of ['attacker pass', 'owner pass']) {
        const signIn = await call(server, 'POST', '/token?grant_type=password', {
          body: { email, password },
        });
        expect(signIn.json.code).toBe('invalid_credentials');
      }
    } finally {
      await server.stop();
    }
  });

  it('caps user_metadata at 4 KB with a 422, and the largest token fits an HTTP API header', async () => {
    const server = await startAuthServer();
    try {
      // The longest address the one e-mail rule allows (255), in both the claim and the metadata.
      const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
      expect(email).toHaveLength(255);
      const identity = {
        sub: '00000000-0000-4000-8000-000000000000',
        email,
        email_verified: false,
        phone_verified: false,
      };
      const base = Buffer.byteLength(JSON.stringify({ pad: '', ...identity }));
      const data = { pad: 'x'.repeat(4096 - base) };
      const tooBig = await call(server, 'POST', '/signup', {
        body: { email, password: 'long enough', data: { pad: `${data.pad}x` } },
      });
      expect([tooBig.status, tooBig.json.code]).toEqual([422, 'validation_failed']);
      expect(tooBig.json.message).toContain('4 KB');
      const largest = await call(server, 'POST', '/signup', {
        body: { email, password: 'long enough', data },
      });
      expect(largest.status).toBe(200);
      const header = `Authorization: Bearer ${largest.json.access_token}`;
      // Under 8 KB, and so inside API Gateway HTTP API's 10,240-byte limit on headers.
      expect(Buffer.byteLength(header)).toBeLessThan(8 * 1024);
      console.info(`largest access token: ${String(largest.json.access_token).length} bytes`);
      // PUT /user cannot grow it past the cap either.
      const grown = await call(server, 'PUT', '/user', {
        bearer: largest.json.access_token,
        body: { data: { more: 'y' } },
      });
      expect([grown.status, grown.json.code]).toEqual([422, 'validation_failed']);
      expect(
        (await call(server, 'GET', '/user', { bearer: largest.json.access_token })).status,
      ).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('6. enumeration by time', () => {
  it('answers /recover and /otp at the same floor for known and unknown addresses', async () => {
    const slept: number[] = [];
    let clockMoved = 0;
    const server = await startAuthServer(
      { MAIL_ANSWER_FLOOR_MS: '500', CLIENT_IP_HEADER: 'x-client' },
      {
        sleep: async (ms) => {
          slept.push(ms);
        },
        // Sending takes 300 ms of the server's clock (frozen otherwise).
        onMail: () => {
          clockMoved += 300;
          server.clock.advance(300);
        },
      },
    );
    server.clock.freeze();
    try {
      const known = uniqueEmail('known');
      await call(server, 'POST', '/signup', { body: { email: known, password: 'long enough' } });
      const time = async (path: string, email: string) => {
        slept.length = 0;
        clockMoved = 0;
        const response = await call(server, 'POST', path, {
          body: { email, create_user: false },
          headers: from(`192.0.2.${(slept.length % 200) + 1}`),
        });
        expect(response.status).toBe(200);
        server.clock.advance(61_000);
        return clockMoved + slept.reduce((sum, ms) => sum + ms, 0);
      };
      for (const path of ['/recover', '/otp']) {
        const sends = (await server.outbox.list()).length;
        const knownTime = await time(path, known);
        expect((await server.outbox.list()).length).toBe(sends + 1);
        expect(knownTime).toBe(500);
        expect(await time(path, uniqueEmail('unknown'))).toBe(500);
      }
    } finally {
      await server.stop();
    }
  });
});

describe('4. per-user limits on the paid paths', () => {
  it('answers 429 with Retry-After past 10 calls a minute to checkout or the portal, per user', async () => {
    // The functions' clock stands at the start of a minute: no window ends mid-test.
    const minute = Math.ceil(Date.now() / 60_000) * 60_000;
    const stack = await startPaymentsStack({}, { now: () => minute });
    try {
      const user = await stack.signUp();
      const post = (name: string, who = user, body: object = {}) =>
        fetch(`${stack.apiUrl}/functions/v1/${name}`, {
          method: 'POST',
          headers: {
            apikey: LOCAL_PUBLISHABLE_KEY,
            authorization: `Bearer ${who.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        });
      const statuses = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push((await post('stripe-checkout', user, CHECKOUT_BODY)).status);
      }
      // Checkout expires the open sessions first, so one per minute reaches Stripe at most ten times.
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      expect(stack.stripe.emulator.checkoutSessions.size).toBe(10);
      const refused = await post('stripe-checkout', user, CHECKOUT_BODY);
      expect(await refused.json()).toMatchObject({ code: 'over_request_rate_limit' });
      expect(refused.headers.get('retry-after')).toBe('60');
      // The portal counts apart; another user is not slowed.
      const portal = [];
      for (let i = 0; i < 11; i += 1) portal.push((await post('billing-portal')).status);
      expect(portal).toEqual([...Array(10).fill(200), 429]);
      const other = await stack.signUp();
      expect((await post('stripe-checkout', other, CHECKOUT_BODY)).status).toBe(200);
      // Counted in the table, in the user's own billing partition.
      const counted = await stack.table.doc.query({
        TableName: stack.table.name,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rate)',
        ExpressionAttributeValues: { ':pk': `BILLING#${user.userId}`, ':rate': 'RATE#' },
      });
      expect(counted.Items?.map((item) => String(item.sk).split('#')[1]).sort()).toEqual([
        'billing-portal',
        'stripe-checkout',
      ]);
    } finally {
      await stack.stop();
    }
  });
});

describe('2. the owner’s browser can always ask for a recovery link', () => {
  it('counts its own recovery mails, apart from what strangers spent on the address', async () => {
    const server = await manyClients();
    try {
      const email = uniqueEmail('owner');
      await call(server, 'POST', '/signup', { body: { email, password: 'forgotten soon' } });
      const signedIn = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password: 'forgotten soon' },
        headers: from('198.51.100.20'),
      });
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      // A stranger spends the address's 3 recovery mails an hour.
      const strangers = [];
      for (let i = 0; i < 4; i += 1) {
        server.clock.advance(61_000);
        const recover = await call(server, 'POST', '/recover', {
          body: { email },
          headers: from(`203.0.113.${i + 1}`),
        });
        strangers.push(recover.status);
      }
      expect(strangers).toEqual([200, 200, 200, 429]);
      server.clock.advance(61_000);
      const sent = (await server.outbox.list()).length;
      const owner = await call(server, 'POST', '/recover', {
        body: { email },
        headers: { ...from('203.0.113.9'), cookie },
      });
      expect(owner.status).toBe(200);
      expect((await server.outbox.list()).length).toBe(sent + 1);
    } finally {
      await server.stop();
    }
  });
});
