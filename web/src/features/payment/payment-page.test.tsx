import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectTo } from '@/lib/navigation';
import {
  createFakeSupabase,
  makeSession,
  makeSubscription,
  TEST_CONFIG,
} from '@/testing/fake-supabase';
import { pathname, renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');
vi.mock('@/lib/navigation');

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const subscribeButton = () => screen.findByRole('button', { name: 'Subscribe for $5/month' });

describe('payment page', () => {
  it('prompts a signed-out visitor, then says so and sends them to /auth', async () => {
    renderApp('/payment', createFakeSupabase());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In to Continue' }));
    expect(await screen.findByText('Please sign in to continue')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/auth'));
  });

  it('shows the plan, fee, summary, security notes and terms', async () => {
    renderApp('/payment', createFakeSupabase({ session: makeSession() }));
    await subscribeButton();
    expect(screen.getByRole('heading', { name: 'Credit Dispute Letters' })).toBeInTheDocument();
    expect(screen.getByText('/month')).toBeInTheDocument();
    expect(screen.getByText('$0.00 setup fee')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.getByText('Payments are processed securely by Stripe')).toBeInTheDocument();
    expect(screen.getByText('No refunds are given for partial months.')).toBeInTheDocument();
    expect(screen.getByText(/renews automatically every month/)).toBeInTheDocument();
  });

  it('creates a checkout session, shows Processing... and goes to the returned URL', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/payment', createFakeSupabase({ session: makeSession() }));
    await userEvent.click(await subscribeButton());
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();

    expect(fetchMock).toHaveBeenCalledWith(`${TEST_CONFIG.url}/functions/v1/stripe-checkout`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer access-token-1',
        apikey: TEST_CONFIG.publishableKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        price_id: 'price_credit_dispute_letters_monthly',
        mode: 'subscription',
        success_url: `${window.location.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${window.location.origin}/payment`,
      }),
    });
    answer(Response.json({ sessionId: 'cs_1', url: 'https://checkout.example/cs_1' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/cs_1'));
  });

  it.each([
    [
      'the server answers an error',
      () => Response.json({ error: 'Price not found' }, { status: 400 }),
    ],
    ['no URL comes back', () => Response.json({ sessionId: 'cs_1' })],
    ['the server answers 500 without a body', () => new Response('oops', { status: 500 })],
  ])('shows the checkout failure toast when %s', async (_case, response) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response()),
    );
    renderApp('/payment', createFakeSupabase({ session: makeSession() }));
    await userEvent.click(await subscribeButton());
    expect(
      await screen.findByText('Failed to start checkout. Please try again or contact support.'),
    ).toBeInTheDocument();
    expect(await subscribeButton()).toBeEnabled();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows a subscriber their plan and Manage billing, never Subscribe or a total due', async () => {
    const fetchMock = vi.fn(async () => Response.json({ url: 'https://billing.example/session' }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(
      '/payment',
      createFakeSupabase({ session: makeSession(), subscription: makeSubscription() }),
    );
    expect(await screen.findByRole('heading', { name: 'Your plan', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the generator' })).toHaveAttribute(
      'href',
      '/tools',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe for $5/month' })).toBeNull();
    expect(screen.queryByText('Total due today')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.example/session'));
  });

  it('answers a refused second subscription (409) with the plan and Manage billing, not a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: 'Your subscription payment is past due; update your card in the billing portal',
            code: 'already_subscribed',
          },
          { status: 409 },
        ),
      ),
    );
    renderApp(
      '/payment',
      createFakeSupabase({
        session: makeSession(),
        subscription: makeSubscription({ subscription_status: 'past_due' }),
      }),
    );
    await userEvent.click(await subscribeButton());
    expect(
      await screen.findByText(/past due; update your card in the billing portal/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(
      screen.queryByText('Failed to start checkout. Please try again or contact support.'),
    ).toBeNull();
    expect(logged).not.toHaveBeenCalledWith('Checkout error:', expect.anything());
  });
});
