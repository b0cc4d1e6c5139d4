import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { startAuthServer, uniqueEmail, type AuthServer } from './auth-server';

let server: AuthServer;
const requests: string[] = [];

function client(): SupabaseClient {
  return createClient(server.url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket and supabase-js checks for one when it is built; these
    // tests never open a realtime channel, so an inert constructor satisfies the check.
    realtime: { transport: class {} as never },
    global: {
      fetch: (input, init) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    },
  });
}

beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.stop());

describe('the official supabase-js client', () => {
  it('signs up, signs in, reads the session, user and claims, refreshes, updates and signs out', async () => {
    const supabase = client();
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    const email = uniqueEmail();

    const signUp = await supabase.auth.signUp({
      email: email.toUpperCase(),
      password: 'correct horse',
      options: { data: { name: 'Alice' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    expect(signUp.data.user).toMatchObject({
      email,
      phone: '',
      user_metadata: { name: 'Alice', email, email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(signUp.data.user?.identities).toHaveLength(1);
    expect(signUp.data.session!.expires_in).toBe(3600);

    const signIn = await supabase.auth.signInWithPassword({ email, password: 'correct horse' });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.user.id).toBe(signUp.data.user!.id);
    expect(session.expires_at).toBe(
      JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).exp,
    );

    const current = await supabase.auth.getSession();
    expect(current.data.session?.access_token).toBe(session.access_token);

    const user = await supabase.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(email);

    requests.length = 0;
    const claims = await supabase.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      is_anonymous: false,
    });
    expect(requests).toEqual(['GET /auth/v1/.well-known/jwks.json']);

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    const sessionIdOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id;
    expect(sessionIdOf(refreshed.data.session!.access_token)).toBe(
      sessionIdOf(session.access_token),
    );

    const updated = await supabase.auth.updateUser({ data: { name: 'Alicia', plan: 'x' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Alicia', plan: 'x' });
    const removed = await supabase.auth.updateUser({ data: { plan: null } });
    expect(removed.data.user?.user_metadata).not.toHaveProperty('plan');
    expect(removed.data.user?.user_metadata.name).toBe('Alicia');

    const signOut = await supabase.auth.signOut();
    expect(signOut.error).toBeNull();
    expect((await supabase.auth.getSession()).data.session).toBeNull();

    expect(events).toEqual([
      'INITIAL_SESSION',
      'SIGNED_IN',
      'SIGNED_IN',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'USER_UPDATED',
      'SIGNED_OUT',
    ]);
  });

  it('reports invalid credentials, weak passwords and existing users by error code', async () => {
    const supabase = client();
    const email = uniqueEmail();
    const weak = await supabase.auth.signUp({ email, password: '12345' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    expect((await supabase.auth.signUp({ email, password: 'long enough' })).error).toBeNull();
    const again = await client().auth.signUp({ email, password: 'long enough' });
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.status).toBe(422);

    const wrong = await client().auth.signInWithPassword({ email, password: 'not it' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    const unknown = await client().auth.signInWithPassword({
      email: uniqueEmail(),
      password: 'not it',
    });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('ends the chosen sessions with each sign-out scope', async () => {
    const email = uniqueEmail();
    await client().auth.signUp({ email, password: 'long enough' });
    const signedIn = async () => {
      const c = client();
      const { error } = await c.auth.signInWithPassword({ email, password: 'long enough' });
      expect(error).toBeNull();
      return c;
    };

    const [a, b, c] = [await signedIn(), await signedIn(), await signedIn()];
    expect((await b.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await b.auth.getUser()).error).toBeNull();
    const missing = await a.auth.getUser();
    expect(missing.error?.name).toBe('AuthSessionMissingError');
    expect((await a.auth.getSession()).data.session).toBeNull();
    expect((await c.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

    const d = await signedIn();
    const bToken = (await b.auth.getSession()).data.session!.access_token;
    expect((await b.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await d.auth.getUser()).error).toBeNull();
    expect((await client().auth.getUser(bToken)).error?.name).toBe('AuthSessionMissingError');

    const e = await signedIn();
    expect((await d.auth.signOut({ scope: 'global' })).error).toBeNull();
    const afterGlobal = await e.auth.getUser();
    expect(afterGlobal.error?.name).toBe('AuthSessionMissingError');
    const refreshAfterGlobal = await e.auth.refreshSession();
    expect(refreshAfterGlobal.error).not.toBeNull();
  });
});
