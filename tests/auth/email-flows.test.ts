import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOtps, newOtp } from '../../lambdas/identity/code-store';
import { deriveCodeKey } from '../../lambdas/identity/signing-keys';
import { createTable, readTableConfig } from '../../lambdas/platform/dynamo';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import type { StoredMail } from '../../local/outbox';
import { call, signUpUser, startAuthServer, uniqueEmail, type AuthServer } from './auth-server';

let server: AuthServer;
let confirming: AuthServer;
beforeAll(async () => {
  [server, confirming] = await Promise.all([
    startAuthServer({ REDIRECT_URLS: 'https://app.example.com/**' }),
    startAuthServer({ AUTH_AUTOCONFIRM: 'false' }),
  ]);
});
afterAll(() => Promise.all([server.stop(), confirming.stop()]));

function client(on: AuthServer = server): SupabaseClient {
  return createClient(on.url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: class {} as never },
  });
}

async function latestMail(
  on: AuthServer,
  to: string,
): Promise<StoredMail & { code: string; link: string }> {
  const mail = (await on.outbox.list()).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return {
    ...mail,
    code: /enter this code: (\d{6})/.exec(mail.text)![1]!,
    link: /(http\S+\/verify\?\S+)/.exec(mail.text)![1]!,
  };
}

describe('password recovery', () => {
  it('mails a code that signs in once, emits PASSWORD_RECOVERY, and lets the user set a new password', async () => {
    const { email, password } = await signUpUser(server);
    const other = client();
    expect((await other.auth.signInWithPassword({ email, password })).error).toBeNull();

    const supabase = client();
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    const requested = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: 'https://app.example.com/reset',
    });
    expect(requested).toEqual({ data: {}, error: null });
    const mail = await latestMail(server, email);
    expect(mail.subject).toContain('Credit Dispute Letters');
    expect(mail.html).toContain('<a href=');
    const link = new URL(mail.link);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe('https://app.example.com/reset');

    const verified = await supabase.auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(events).toContain('PASSWORD_RECOVERY');

    const reused = await client().auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.error?.status).toBe(403);

    expect((await supabase.auth.updateUser({ password: 'a fresh password' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect(
      (await client().auth.signInWithPassword({ email, password: 'a fresh password' })).error,
    ).toBeNull();
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('answers an unknown address exactly like a known one, and limits sends per address', async () => {
    const { email } = await signUpUser(server);
    const known = await call(server, 'POST', '/recover', { body: { email } });
    const unknown = await call(server, 'POST', '/recover', { body: { email: uniqueEmail() } });
    expect([known.status, known.text]).toEqual([200, '{}']);
    expect([unknown.status, unknown.text]).toEqual([200, '{}']);
    const again = await call(server, 'POST', '/recover', { body: { email } });
    expect([again.status, again.json.code]).toEqual([429, 'over_email_send_rate_limit']);
    const missing = await call(server, 'POST', '/recover', { body: {} });
    expect([missing.status, missing.json.message]).toEqual([
      400,
      'Password recovery requires an email',
    ]);
  });

  it('refuses expired codes and replaced links', async () => {
    const { email } = await signUpUser(server);
    await client().auth.resetPasswordForEmail(email);
    const first = await latestMail(server, email);
    server.clock.advance(61_000);
    await client().auth.resetPasswordForEmail(email);
    const second = await latestMail(server, email);
    expect(second.code === first.code && second.link === first.link).toBe(false);

    const replaced = await client().auth.verifyOtp({
      token_hash: new URL(first.link).searchParams.get('token')!,
      type: 'recovery',
    });
    expect(replaced.error?.code).toBe('otp_expired');
    expect(replaced.error?.message).toBe('Email link is invalid or has expired');

    server.clock.advance(3_601_000);
    const expired = await client().auth.verifyOtp({ email, token: second.code, type: 'recovery' });
    expect(expired.error?.code).toBe('otp_expired');
  });
});

describe('magic link / OTP sign-in', () => {
  it('creates the user on request, sends nothing when create_user is false, and signs in with the code', async () => {
    const email = uniqueEmail('otp');
    // Answered as for an account (issue 26, point 7), but nothing is created or sent.
    const refused = await client().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    expect(refused.error).toBeNull();
    expect((await server.outbox.list()).some((mail) => mail.to === email)).toBe(false);
    server.clock.advance(61_000);

    const supabase = client();
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await latestMail(server, email);
    const verified = await supabase.auth.verifyOtp({ email, token: mail.code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect((await supabase.auth.getUser()).data.user?.email).toBe(email);
  });
});

describe('confirmation required', () => {
  it('resends after the interval, and the e-mailed link signs in through a redirect with tokens in the fragment', async () => {
    const email = uniqueEmail('confirm');
    const supabase = client(confirming);
    const signUp = await supabase.auth.signUp({
      email,
      password: 'long enough',
      options: { emailRedirectTo: `${confirming.env.SITE_URL}/payment` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const first = await latestMail(confirming, email);

    const tooSoon = await supabase.auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    confirming.clock.advance(61_000);
    const resent = await supabase.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${confirming.env.SITE_URL}/payment` },
    });
    expect(resent.error).toBeNull();
    const second = await latestMail(confirming, email);
    expect(second.id).not.toBe(first.id);
    expect((await client().auth.resend({ type: 'signup', email: uniqueEmail() })).error).toBeNull();

    const stale = await fetch(first.link, { redirect: 'manual' });
    expect(stale.status).toBe(303);
    const staleTarget = new URL(stale.headers.get('location')!);
    expect(Object.fromEntries(new URLSearchParams(staleTarget.hash.slice(1)))).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });

    const followed = await fetch(second.link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const target = new URL(followed.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(`${confirming.env.SITE_URL}/payment`);
    const fragment = Object.fromEntries(new URLSearchParams(target.hash.slice(1)));
    // `recovery`, not GoTrue's `signup`: confirming keeps no password, so the SPA asks for one.
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'recovery', expires_in: '3600' });
    expect(fragment.access_token).toBeTruthy();
    expect(fragment.refresh_token).toBeTruthy();
    const user = await call(confirming, 'GET', '/user', { bearer: fragment.access_token });
    expect(user.json.email_confirmed_at).toBeTruthy();
    expect(user.json.user_metadata.email_verified).toBe(true);
    // The sign-up's password is not kept; the link's session sets one at once.
    const signIn = () =>
      client(confirming).auth.signInWithPassword({ email, password: 'long enough' });
    expect((await signIn()).error?.code).toBe('invalid_credentials');
    const chosen = await call(confirming, 'PUT', '/user', {
      bearer: fragment.access_token,
      body: { password: 'long enough' },
    });
    expect(chosen.status).toBe(200);
    expect((await signIn()).error).toBeNull();
  });

  it('sends foreign redirect targets back to the site', async () => {
    const response = await fetch(
      `${confirming.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent('https://evil.example/x')}`,
      { redirect: 'manual' },
    );
    expect(response.headers.get('location')).toMatch(
      new RegExp(`^${confirming.env.SITE_URL}/?#error=access_denied`),
    );
  });
});

describe('e-mail change (secure: both addresses confirm)', () => {
  it('moves the address only once the current and the new address both confirm', async () => {
    const { email, password } = await signUpUser(server);
    const { email: taken } = await signUpUser(server);
    const supabase = client();
    await supabase.auth.signInWithPassword({ email, password });

    const clash = await supabase.auth.updateUser({ email: taken });
    expect(clash.error?.code).toBe('email_exists');

    const newEmail = uniqueEmail('changed');
    const requested = await supabase.auth.updateUser({ email: newEmail });
    expect(requested.error).toBeNull();
    expect(requested.data.user?.email).toBe(email);
    expect(requested.data.user?.new_email).toBe(newEmail);
    const toNew = await latestMail(server, newEmail);
    const toCurrent = await latestMail(server, email);
    expect(toCurrent.text).toContain(newEmail);
    expect(toCurrent.code).not.toBe(toNew.code);

    // The new address alone (what a stolen access token could arrange) moves nothing.
    const half = await call(server, 'POST', '/verify', {
      body: { type: 'email_change', email: newEmail, token: toNew.code },
    });
    expect(half.status).toBe(200);
    expect(half.json).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    expect((await supabase.auth.getUser()).data.user?.email).toBe(email);
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect(
      (await client().auth.signInWithPassword({ email: newEmail, password })).error?.code,
    ).toBe('invalid_credentials');

    // The current address's link completes it.
    const followed = await fetch(toCurrent.link, { redirect: 'manual' });
    const fragment = Object.fromEntries(
      new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1)),
    );
    expect(fragment.access_token).toBeTruthy();
    const user = await call(server, 'GET', '/user', { bearer: fragment.access_token! });
    expect(user.json.email).toBe(newEmail);
    expect(user.json.new_email).toBeUndefined();
    expect(
      (await client().auth.signInWithPassword({ email: newEmail, password })).error,
    ).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('moves nothing when only the current address confirms', async () => {
    const { email, password } = await signUpUser(server);
    const supabase = client();
    await supabase.auth.signInWithPassword({ email, password });
    const newEmail = uniqueEmail('changed');
    await supabase.auth.updateUser({ email: newEmail });
    const toCurrent = await latestMail(server, email);
    const half = await call(server, 'POST', '/verify', {
      body: { type: 'email_change', email, token: toCurrent.code },
    });
    expect([half.status, half.json.code]).toEqual([200, '200']);
    expect((await supabase.auth.getUser()).data.user?.email).toBe(email);
  });
});

describe('e-mail change: the new address alone never moves the account', () => {
  /** Tries every code mailed to `to` as an e-mail-change code. */
  async function verifyEveryCodeTo(on: AuthServer, to: string) {
    for (const mail of (await on.outbox.list()).filter((m) => m.to === to)) {
      const code = /enter this code: (\d{6})/.exec(mail.text)![1]!;
      await call(on, 'POST', '/verify', { body: { type: 'email_change', email: to, token: code } });
    }
  }

  it('with the e-mail budget one short, writes and sends nothing, so no code can move it', async () => {
    const capped = await startAuthServer({ RATE_LIMIT_EMAIL_SENT: '1' });
    try {
      const { email, password, session } = await signUpUser(capped);
      const newEmail = uniqueEmail('attacker');
      const refused = await call(capped, 'PUT', '/user', {
        bearer: session.access_token,
        body: { email: newEmail },
      });
      expect([refused.status, refused.json.code]).toEqual([429, 'over_email_send_rate_limit']);
      await verifyEveryCodeTo(capped, newEmail);
      expect(await capped.outbox.list()).toEqual([]);
      const user = await call(capped, 'GET', '/user', { bearer: session.access_token });
      expect([user.json.email, user.json.new_email]).toEqual([email, undefined]);
      expect((await client(capped).auth.signInWithPassword({ email, password })).error).toBeNull();
      // The budget is intact: the one e-mail it allows is still there.
      expect((await call(capped, 'POST', '/recover', { body: { email } })).status).toBe(200);
    } finally {
      await capped.stop();
    }
  });

  it('moves nothing on the new-address code when the current-address half was never written', async () => {
    const { email, password, session } = await signUpUser(server);
    const newEmail = uniqueEmail('attacker');
    // What a half-written change left behind: the new-address code and the pending address.
    const table = createTable(readTableConfig(server.env));
    const otp = newOtp(deriveCodeKey(server.env.REFRESH_TOKEN_SECRET!), newEmail);
    const now = server.clock.now();
    expect(
      await issueOtps(
        table,
        [
          {
            userId: session.user.id,
            kind: 'email_change',
            email: newEmail,
            expiresAt: now + 3_600_000,
            codeHash: otp.codeHash,
            linkHash: otp.linkHash,
          },
        ],
        { now, minIntervalMs: 60_000, newEmail },
      ),
    ).toBe(true);
    const half = await call(server, 'POST', '/verify', {
      body: { type: 'email_change', email: newEmail, token: otp.code },
    });
    expect([half.status, half.json.code]).toEqual([200, '200']);
    expect((await call(server, 'GET', '/user', { bearer: session.access_token })).json.email).toBe(
      email,
    );
    expect(
      (await client().auth.signInWithPassword({ email: newEmail, password })).error?.code,
    ).toBe('invalid_credentials');
  });
});

describe('password change', () => {
  it('clears pending recovery, magic-link and e-mail-change tokens and ends the other sessions', async () => {
    const { email, password } = await signUpUser(server);
    const other = client();
    await other.auth.signInWithPassword({ email, password });
    const supabase = client();
    await supabase.auth.signInWithPassword({ email, password });

    await supabase.auth.resetPasswordForEmail(email);
    const recovery = await latestMail(server, email);
    const newEmail = uniqueEmail('changed');
    server.clock.advance(61_000);
    await supabase.auth.updateUser({ email: newEmail });
    const toNew = await latestMail(server, newEmail);
    const toCurrent = await latestMail(server, email);
    server.clock.advance(61_000);
    await client().auth.signInWithOtp({ email });
    const magic = await latestMail(server, email);

    expect((await supabase.auth.updateUser({ password: 'a fresh password' })).error).toBeNull();

    for (const [token, type, to] of [
      [recovery.code, 'recovery', email],
      [magic.code, 'magiclink', email],
      [toNew.code, 'email_change', newEmail],
      [toCurrent.code, 'email_change', email],
    ] as const) {
      const used = await call(server, 'POST', '/verify', { body: { type, email: to, token } });
      expect([used.status, used.json.code], type).toEqual([403, 'otp_expired']);
    }
    const link = await call(server, 'POST', '/verify', {
      body: { type: 'recovery', token_hash: new URL(recovery.link).searchParams.get('token') },
    });
    expect([link.status, link.json.code]).toEqual([403, 'otp_expired']);
    expect((await supabase.auth.getUser()).data.user?.new_email).toBeUndefined();
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await supabase.auth.getUser()).error).toBeNull();
  });
});

describe('where the password hash is kept', () => {
  it('after every flow above, only e-mail items hold one: never a USER# item', async () => {
    const table = createTable(readTableConfig(server.env));
    const bcrypt = /^\$2[aby]\$\d\d\$/;
    const holders = new Set<string>();
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await table.doc.scan({ TableName: table.name, ExclusiveStartKey });
      for (const item of page.Items ?? []) {
        if (Object.values(item).some((value) => typeof value === 'string' && bcrypt.test(value))) {
          holders.add(String(item.pk).replace(/#.*/, '#'));
        }
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    // Sign-up codes carry their sign-up's hash until used (AUTH#, auth's own, like EMAIL#).
    expect([...holders].sort()).toEqual(
      ['AUTH#', 'EMAIL#'].filter((prefix) => holders.has(prefix)),
    );
    expect(holders.has('EMAIL#')).toBe(true);
  });
});
