import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase, makeSubscription, signedIn } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');
vi.mock('@/features/dispute-generator', () => ({
  DisputeGenerator: ({ accountName }: { accountName?: string }) => (
    <p>letter form, signed {accountName ? `by ${accountName}` : 'by no one yet'}</p>
  ),
}));

afterEach(() => vi.clearAllMocks());

describe.each(['/tools', '/disputegenerator'])('generator gate at %s', (route) => {
  it('asks a signed-out visitor to sign in', async () => {
    renderApp(route, createFakeSupabase());
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth',
    );
  });

  it('shows the loading state while the subscription is read', async () => {
    const fake = signedIn({ subscription: null });
    fake.maybeSingle.mockImplementationOnce(() => new Promise(() => {}));
    renderApp(route, fake);
    // Once the session is restored (before, the signed-out variant is rendered beside it).
    await waitFor(() => expect(fake.maybeSingle).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent('Loading subscription details...');
    expect(screen.queryByRole('heading', { name: 'Sign In Required' })).toBeNull();
  });

  it('asks a user without an active subscription to subscribe', async () => {
    renderApp(
      route,
      signedIn({ subscription: makeSubscription({ subscription_status: 'past_due' }) }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Subscription Required' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe for $5/month' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it('treats a failed subscription read as no subscription', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(route, signedIn({ subscription: new Error('503') }));
    expect(
      await screen.findByRole('heading', { name: 'Subscription Required' }),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Error fetching subscription:', expect.any(Error));
    logged.mockRestore();
  });

  it('shows the badge and the letter form to an active subscriber', async () => {
    renderApp(route, signedIn());
    expect(await screen.findByText('Active Subscription - Unlimited Access')).toBeInTheDocument();
    expect(await screen.findByText('letter form, signed by Jane Doe')).toBeInTheDocument();
  });

  it('starts the letter from the sign-up name only, never the e-mail’s handle', async () => {
    renderApp(route, signedIn({ user: { user_metadata: {} } }));
    expect(await screen.findByText('letter form, signed by no one yet')).toBeInTheDocument();
  });
});
