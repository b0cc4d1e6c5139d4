import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSupabase, sessionStorageKey } from '@/lib/supabase';
import { createFakeSupabase, makeSession } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(() => vi.clearAllMocks());

describe('auth state', () => {
  it('restores a stored session at start', async () => {
    const fake = createFakeSupabase({ session: makeSession() });
    renderApp('/faq', fake);
    expect(await screen.findByRole('button', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(fake.auth.getSession).toHaveBeenCalled();
  });

  it('does not download the client for a visitor who cannot be signed in', async () => {
    // Effects of the previous test flush when it unmounts, after the afterEach mock reset.
    vi.mocked(getSupabase).mockClear();
    renderApp('/', createFakeSupabase());
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(getSupabase).not.toHaveBeenCalled();
  });

  it('picks up a sign-in made in another tab', async () => {
    vi.mocked(sessionStorageKey).mockReturnValue('sb-test-auth-token');
    const fake = createFakeSupabase();
    renderApp('/faq', fake);
    await screen.findByRole('link', { name: 'Sign In' });
    fake.emit('SIGNED_IN', makeSession());
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sb-test-auth-token' }));
    });
    expect(await screen.findByRole('button', { name: /Jane Doe/ })).toBeInTheDocument();
    await waitFor(() => expect(fake.auth.onAuthStateChange).toHaveBeenCalledTimes(1));
  });
});
