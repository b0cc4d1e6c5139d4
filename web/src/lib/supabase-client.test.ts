import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSupabaseClient } from './supabase-client';

const CONFIG = { url: 'https://abc.example.com', publishableKey: 'sb_publishable_test' };

function session() {
  return {
    access_token: 'header.payload.signature',
    refresh_token: 'refresh-1',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: 'user-1',
      aud: 'authenticated',
      email: 'jane@example.com',
      app_metadata: {},
      user_metadata: {},
    },
  };
}

function recordingFetch() {
  const calls: { url: string; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push({ url, headers: new Headers(init?.headers) });
    if (url.includes('/auth/v1/token')) return Response.json(session());
    return Response.json([], { headers: { 'Content-Range': '0-0/0' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('createSupabaseClient', () => {
  it('reads the subscription view with the publishable key when signed out', async () => {
    const calls = recordingFetch();
    const client = createSupabaseClient(CONFIG);
    const { data, error } = await client
      .from('stripe_user_subscriptions')
      .select('*')
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
    const call = calls.at(-1)!;
    expect(call.url).toBe('https://abc.example.com/rest/v1/stripe_user_subscriptions?select=*');
    expect(call.headers.get('apikey')).toBe(CONFIG.publishableKey);
    expect(call.headers.get('Authorization')).toBe(`Bearer ${CONFIG.publishableKey}`);
  });

  it('signs in at /auth/v1, keeps the session under sb-<ref>-auth-token and sends its token', async () => {
    const calls = recordingFetch();
    const client = createSupabaseClient(CONFIG);
    const { error } = await client.auth.signInWithPassword({
      email: 'jane@example.com',
      password: 'secret123',
    });
    expect(error).toBeNull();
    const signIn = calls.find((call) => call.url.includes('/auth/v1/token'))!;
    expect(signIn.url).toBe('https://abc.example.com/auth/v1/token?grant_type=password');
    expect(signIn.headers.get('apikey')).toBe(CONFIG.publishableKey);
    expect(JSON.parse(localStorage.getItem('sb-abc-auth-token')!)).toMatchObject({
      access_token: 'header.payload.signature',
    });

    await client.from('stripe_user_subscriptions').select('*').maybeSingle();
    expect(calls.at(-1)!.headers.get('Authorization')).toBe('Bearer header.payload.signature');
    client.auth.stopAutoRefresh();
  });

  it('hears the session end when the server answers 401 to a call made with the session', async () => {
    recordingFetch();
    const client = createSupabaseClient(CONFIG);
    const ended = vi.fn();
    client.onSessionEnded(ended);
    const unauthorized = () =>
      vi
        .mocked(fetch)
        .mockResolvedValueOnce(
          Response.json({ code: 'PGRST301', message: 'JWT expired' }, { status: 401 }),
        );

    // Signed out: a 401 is not the end of any session.
    unauthorized();
    await client.from('stripe_user_subscriptions').select('*').maybeSingle();
    expect(ended).not.toHaveBeenCalled();

    await client.auth.signInWithPassword({ email: 'jane@example.com', password: 'secret123' });
    unauthorized();
    const { error } = await client.from('stripe_user_subscriptions').select('*').maybeSingle();
    expect(error).not.toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);

    unauthorized();
    await client.fetch(`${CONFIG.url}/functions/v1/billing-portal`, { method: 'POST' });
    expect(ended).toHaveBeenCalledTimes(2);
    client.auth.stopAutoRefresh();
  });
});
