import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  configureSupabase,
  fetchAuthSettings,
  mayHaveSession,
  sessionStorageKey,
} from './supabase';

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('mayHaveSession', () => {
  configureSupabase({ url: 'https://xyz.example.com', publishableKey: 'pk' });

  it('names the storage key like supabase-js does', () => {
    expect(sessionStorageKey()).toBe('sb-xyz-auth-token');
  });

  it('is false for a fresh browser', () => {
    expect(mayHaveSession()).toBe(false);
  });

  it('is true when a session is stored', () => {
    localStorage.setItem('sb-xyz-auth-token', '{}');
    expect(mayHaveSession()).toBe(true);
  });

  it('is true when an e-mail link brings tokens or a code in the URL', () => {
    window.history.replaceState(null, '', '/#access_token=abc&refresh_token=def');
    expect(mayHaveSession()).toBe(true);
    window.history.replaceState(null, '', '/?code=123');
    expect(mayHaveSession()).toBe(true);
  });
});

describe('fetchAuthSettings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads /auth/v1/settings once however many parts of the page ask', async () => {
    configureSupabase({ url: 'https://xyz.example.com', publishableKey: 'pk' });
    const fetchMock = vi.fn(async () => Response.json({ mailer_enabled: false }));
    vi.stubGlobal('fetch', fetchMock);
    const [first, second] = await Promise.all([fetchAuthSettings(), fetchAuthSettings()]);
    expect(await fetchAuthSettings()).toEqual({ mailer_enabled: false });
    expect(first).toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('https://xyz.example.com/auth/v1/settings', {
      headers: { apikey: 'pk' },
    });
  });

  it('asks again after a failed read', async () => {
    configureSupabase({ url: 'https://xyz.example.com', publishableKey: 'pk' });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(Response.json({ mailer_enabled: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchAuthSettings()).rejects.toThrow('/auth/v1/settings answered 503');
    expect(await fetchAuthSettings()).toEqual({ mailer_enabled: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
