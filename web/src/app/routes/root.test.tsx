import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeSupabase,
  makeSession,
  makeSubscription,
  makeUser,
  TEST_CONFIG,
} from '@/testing/fake-supabase';
import { pathname, renderApp } from '@/testing/render-app';
import { redirectTo } from '@/lib/navigation';

vi.mock('@/lib/supabase');
vi.mock('@/lib/navigation');

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('layout', () => {
  it('signed out: Home, FAQ, Testimonials; Sign In goes to /auth, Subscribe to sign-up', async () => {
    renderApp('/faq', createFakeSupabase());
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    expect(
      within(nav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'FAQ', 'Testimonials']);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
  });

  it('has the footer texts and the landmarks', async () => {
    renderApp('/', createFakeSupabase());
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Monthly Subscription: $5')).toBeInTheDocument();
    expect(within(footer).getByText('SSL Secured')).toBeInTheDocument();
    expect(within(footer).getByText(/© 2024/)).toBeInTheDocument();
    expect(within(footer).getByText(/not a credit repair organization/)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Credit Dispute Letters');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('toggles the mobile menu', async () => {
    renderApp('/', createFakeSupabase());
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('signed in and subscribed: Dispute Generator link, name, Active Subscription, plan line', async () => {
    renderApp(
      '/',
      createFakeSupabase({ session: makeSession(), subscription: makeSubscription() }),
    );
    const menuButton = await screen.findByRole('button', { name: /Jane Doe/ });
    expect(within(nav()).getByRole('link', { name: 'Dispute Generator' })).toHaveAttribute(
      'href',
      '/tools',
    );
    await waitFor(() => expect(menuButton).toHaveTextContent('Active Subscription'));
    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    expect(within(menu).getAllByRole('listitem')[0]).toHaveTextContent(
      'Credit Dispute Letters / Active',
    );
    expect(within(menu).queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('signed in without a plan: e-mail prefix as name, Loading... then No Active Plan, Subscribe link', async () => {
    const fake = createFakeSupabase({
      session: makeSession(makeUser({ email: 'sam.smith@example.com', user_metadata: {} })),
      subscription: null,
    });
    let answer!: (value: { data: null; error: null }) => void;
    fake.maybeSingle.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/', fake);
    const menuButton = await screen.findByRole('button', { name: /sam\.smith/ });
    expect(menuButton).toHaveTextContent('Loading...');
    // The view is read once its client module has loaded, which can follow the first paint.
    await waitFor(() => expect(fake.maybeSingle).toHaveBeenCalled());
    answer({ data: null, error: null });
    await waitFor(() => expect(menuButton).toHaveTextContent('No Active Plan'));
    await userEvent.click(menuButton);
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/payment');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('Sign Out signs out and returns home, clearing the user area', async () => {
    const fake = createFakeSupabase({ session: makeSession(), subscription: makeSubscription() });
    renderApp('/faq', fake);
    await userEvent.click(await screen.findByRole('button', { name: /Jane Doe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(fake.auth.signOut).toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(
      within(nav()).queryByRole('link', { name: 'Dispute Generator' }),
    ).not.toBeInTheDocument();
  });

  it("logs 'Logout error:' when sign-out fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = createFakeSupabase({ session: makeSession(), subscription: null });
    fake.auth.signOut.mockResolvedValueOnce({ error: new Error('network down') });
    renderApp('/', fake);
    await userEvent.click(await screen.findByRole('button', { name: /Jane Doe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Logout error:', expect.any(Error)));
    expect(await screen.findByText('Sign out failed. Please try again.')).toBeInTheDocument();
  });

  it('Manage billing opens the billing portal as the signed-in user', async () => {
    const fetchMock = vi.fn(async () => Response.json({ url: 'https://billing.example/session' }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(
      '/',
      createFakeSupabase({ session: makeSession(), subscription: makeSubscription() }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Jane Doe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.example/session'));
    expect(fetchMock).toHaveBeenCalledWith(
      `${TEST_CONFIG.url}/functions/v1/billing-portal`,
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({
          Authorization: 'Bearer access-token-1',
          apikey: TEST_CONFIG.publishableKey,
        }),
      }),
    );
  });

  it('Manage billing shows the error when the portal cannot open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'No Stripe customer' }, { status: 400 })),
    );
    renderApp(
      '/',
      createFakeSupabase({ session: makeSession(), subscription: makeSubscription() }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Jane Doe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText('No Stripe customer')).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/nope', createFakeSupabase());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('clears the user and the subscription when the session ends elsewhere', async () => {
    const fake = createFakeSupabase({ session: makeSession(), subscription: makeSubscription() });
    renderApp('/tools', fake);
    expect(await screen.findByText('Active Subscription - Unlimited Access')).toBeInTheDocument();
    act(() => fake.emit('SIGNED_OUT', null));
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Jane Doe/ })).not.toBeInTheDocument();
  });

  it('fetches the subscription again when another user signs in', async () => {
    const fake = createFakeSupabase({ session: makeSession(), subscription: makeSubscription() });
    renderApp('/tools', fake);
    expect(await screen.findByText('Active Subscription - Unlimited Access')).toBeInTheDocument();
    fake.answerSubscription(null);
    act(() =>
      fake.emit(
        'SIGNED_IN',
        makeSession(makeUser({ id: 'user-2', email: 'bob@example.com', user_metadata: {} })),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Subscription Required' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /bob/ })).toHaveTextContent('No Active Plan');
    expect(fake.maybeSingle).toHaveBeenCalledTimes(2);
  });

  it('names each page in the document title', async () => {
    renderApp('/faq', createFakeSupabase());
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    await waitFor(() => expect(document.title).toBe('FAQ | Credit Dispute Letters'));
  });
});
