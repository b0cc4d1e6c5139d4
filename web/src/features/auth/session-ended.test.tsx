import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeSupabase,
  makeSession,
  makeSubscription,
  type FakeSupabase,
} from '@/testing/fake-supabase';
import { pathname, renderApp, search } from '@/testing/render-app';
import { SESSION_ENDED_MESSAGE } from './session-ended-redirect';

vi.mock('@/lib/supabase');
vi.mock('@/lib/navigation');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The view answers 401, as the rest API does for a session revoked on the server. */
function viewRefusesTheSession(fake: FakeSupabase) {
  fake.maybeSingle.mockImplementation(async () => {
    fake.endSession();
    return { data: null, error: Object.assign(new Error('JWT expired'), { status: 401 }) };
  });
}

describe('a session the server no longer accepts', () => {
  it('signs out, says the session ended and opens sign-in with the way back, not "Subscription Required"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = createFakeSupabase({ session: makeSession() });
    viewRefusesTheSession(fake);
    renderApp('/tools', fake);

    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/auth'));
    expect(search()).toBe(`?next=${encodeURIComponent('/tools')}`);
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(screen.queryByText('Subscription Required')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Jane Doe/ })).not.toBeInTheDocument();
  });

  it('ends the session when a function answers 401 (Subscribe on /payment)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Invalid JWT' }, { status: 401 })),
    );
    const fake = createFakeSupabase({
      session: makeSession(),
      subscription: makeSubscription({ subscription_status: 'not_started' }),
    });
    renderApp('/payment', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe for $5/month' }));

    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/auth'));
    expect(search()).toBe(`?next=${encodeURIComponent('/payment')}`);
  });

  it('takes the user back to where they were after signing in again', async () => {
    renderApp(
      `/auth?next=${encodeURIComponent('/faq')}`,
      createFakeSupabase({ subscription: makeSubscription() }),
    );
    await userEvent.type(await screen.findByLabelText('Email Address'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(pathname()).toBe('/faq'));
  });

  it('never follows a return path to another site', async () => {
    renderApp(
      '/auth?next=//evil.example/x',
      createFakeSupabase({ subscription: makeSubscription() }),
    );
    await userEvent.type(await screen.findByLabelText('Email Address'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(pathname()).toBe('/tools'));
  });
});
