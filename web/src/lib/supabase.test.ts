import { afterEach, describe, expect, it } from 'vitest';
import { configureSupabase, mayHaveSession, sessionStorageKey } from './supabase';

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
