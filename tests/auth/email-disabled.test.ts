import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { readAuthConfig } from '../../lambdas/auth/config';
import { createAuthApp } from '../../lambdas/auth/router';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createTestTable } from '../support/test-table';

/**
 * A deployment without `mailFrom` (no `MAIL_FROM`, no mailer): the e-mail-only endpoints answer
 * GoTrue's `email_provider_disabled` instead of failing in SES, `/settings` says e-mail is off,
 * and password sign-up and sign-in still work.
 */
async function appWithoutSender() {
  const { env } = await createTestTable();
  return createAuthApp(readAuthConfig({ ...env, BCRYPT_COST: '4' }));
}

const post = (app: Awaited<ReturnType<typeof appWithoutSender>>, path: string, body: unknown) =>
  app.request(`/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('auth without an e-mail sender', () => {
  it('/recover and /resend answer 400, /otp 422 email_provider_disabled, for known and unknown users', async () => {
    const app = await appWithoutSender();
    const email = `no-mail-${Date.now()}@example.com`;
    const signUp = await post(app, '/signup', { email, password: 'correct-horse-42' });
    expect(signUp.status).toBe(200);
    for (const address of [email, 'unknown@example.com']) {
      const cases: Array<[string, unknown, number]> = [
        ['/recover', { email: address }, 400],
        ['/resend', { email: address, type: 'signup' }, 400],
        ['/otp', { email: address, create_user: true, data: {} }, 422],
      ];
      for (const [path, body, status] of cases) {
        const response = await post(app, path, body);
        expect([path, response.status]).toEqual([path, status]);
        expect(await response.json()).toMatchObject({
          code: status,
          error_code: 'email_provider_disabled',
          msg: 'Email logins are disabled',
        });
      }
    }
    // /otp with create_user did not create the unknown address.
    const signIn = await post(app, '/token?grant_type=password', {
      email: 'unknown@example.com',
      password: 'whatever-it-is',
    });
    expect(signIn.status).toBe(400);
  });

  it('auth-js gets an AuthApiError with that code; password sign-in still works', async () => {
    const app = await appWithoutSender();
    const client = createClient('http://auth.test', LOCAL_PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: class {} as never },
      global: { fetch: async (input, init) => app.request(new Request(input, init)) },
    });
    const email = `no-mail-client-${Date.now()}@example.com`;
    expect((await client.auth.signUp({ email, password: 'correct-horse-42' })).error).toBeNull();
    const reset = await client.auth.resetPasswordForEmail(email);
    expect(reset.error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
    const magic = await client.auth.signInWithOtp({ email });
    expect(magic.error).toMatchObject({ status: 422, code: 'email_provider_disabled' });
    const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse-42' });
    expect(signIn.error).toBeNull();
  });

  it('refuses an e-mail change with 400 email_provider_disabled before writing anything', async () => {
    const app = await appWithoutSender();
    const email = `no-mail-change-${Date.now()}@example.com`;
    const session = (await (
      await post(app, '/signup', { email, password: 'correct-horse-42' })
    ).json()) as { access_token: string };
    const withToken = (method: string, body?: unknown) =>
      app.request('/auth/v1/user', {
        method,
        headers: {
          apikey: LOCAL_PUBLISHABLE_KEY,
          'content-type': 'application/json',
          authorization: `Bearer ${session.access_token}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const before = (await (await withToken('GET')).json()) as Record<string, unknown>;
    const refused = await withToken('PUT', {
      email: `elsewhere-${Date.now()}@example.com`,
      password: 'another-horse-43',
      data: { changed: true },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error_code: 'email_provider_disabled',
      msg: 'Email logins are disabled',
    });
    expect(await (await withToken('GET')).json()).toEqual(before);
    const signIn = await post(app, '/token?grant_type=password', {
      email,
      password: 'correct-horse-42',
    });
    expect(signIn.status).toBe(200);
  });

  it('GET /settings says e-mail sending is off; with a sender it is on', async () => {
    const app = await appWithoutSender();
    const settings = (await (
      await app.request('/auth/v1/settings', { headers: { apikey: LOCAL_PUBLISHABLE_KEY } })
    ).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({
      mailer_enabled: false,
      mailer_autoconfirm: true,
      external: { email: true },
    });

    const { env } = await createTestTable();
    const withSender = createAuthApp(
      readAuthConfig({ ...env, MAIL_FROM: 'App <no-reply@example.com>' }),
    );
    const on = (await (
      await withSender.request('/auth/v1/settings', { headers: { apikey: LOCAL_PUBLISHABLE_KEY } })
    ).json()) as Record<string, unknown>;
    expect(on.mailer_enabled).toBe(true);
  });

  it('refuses to start with confirmations required but no sender', async () => {
    const { env } = await createTestTable();
    expect(() => createAuthApp(readAuthConfig({ ...env, AUTH_AUTOCONFIRM: 'false' }))).toThrow(
      'AUTH_AUTOCONFIRM=false needs MAIL_FROM',
    );
  });
});
