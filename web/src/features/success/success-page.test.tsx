import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase, makeSession, makeSubscription } from '@/testing/fake-supabase';
import { pathname, renderApp, search } from '@/testing/render-app';
import { POLL_ATTEMPTS } from '@/lib/subscription';

vi.mock('@/lib/supabase');
vi.mock('@/features/dispute-generator', () => ({ DisputeGenerator: () => <p>letter form</p> }));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
// 2026-02-01 12:00 UTC: the same calendar day in every US time zone.
const PERIOD_END = 1_769_947_200;
/** Where Stripe Checkout sends the browser back (its session id in the URL). */
const RETURNING = '/success?session_id=cs_test_1';

describe('success page', () => {
  it('counts down from 5 with a progress bar, then goes to /tools', async () => {
    renderApp(
      '/success',
      createFakeSupabase({ session: makeSession(), subscription: makeSubscription() }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText(/in 5 seconds/)).toBeInTheDocument();
    const progress = screen.getByRole('progressbar');
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    await advance(1000);
    expect(screen.getByText(/in 4 seconds/)).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '20');
    for (const second of [3, 2]) {
      await advance(1000);
      expect(
        screen.getByText(`Redirecting to the Dispute Generator in ${second} seconds...`),
      ).toBeInTheDocument();
    }
    await advance(1000);
    expect(screen.getByText(/in 1 second\.\.\./)).toBeInTheDocument();
    expect(pathname()).toBe('/success');
    await advance(1000);
    await waitFor(() => expect(pathname()).toBe('/tools'));
    expect(await screen.findByText('Active Subscription - Unlimited Access')).toBeInTheDocument();
  });

  it('Continue Now goes to /tools at once', async () => {
    renderApp(
      '/success',
      createFakeSupabase({ session: makeSession(), subscription: makeSubscription() }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Continue Now' }));
    await waitFor(() => expect(pathname()).toBe('/tools'));
  });

  it('stops counting down on any interaction, and links AnnualCreditReport.com', async () => {
    renderApp(
      '/success',
      createFakeSupabase({ session: makeSession(), subscription: makeSubscription() }),
    );
    const link = await screen.findByRole('link', { name: /AnnualCreditReport\.com/ });
    expect(link).toHaveAttribute('href', 'https://www.annualcreditreport.com');
    await advance(1000);
    expect(screen.getByText(/in 4 seconds/)).toBeInTheDocument();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.keyboard('{Tab}');
    await advance(10_000);
    expect(pathname()).toBe('/success');
    expect(
      screen.getByText('Take your time: continue to the Dispute Generator when you are ready.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue Now' }));
    await waitFor(() => expect(pathname()).toBe('/tools'));
  });

  it('shows plan, status, next billing date and card', async () => {
    renderApp(
      '/success',
      createFakeSupabase({
        session: makeSession(),
        subscription: makeSubscription({ current_period_end: PERIOD_END }),
      }),
    );
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('February 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('VISA ending in 4242')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick-Start Guide' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'See Success Stories' })).toHaveAttribute(
      'href',
      '/testimonials',
    );
  });

  it('re-reads the view until the webhook has landed instead of showing a stale status', async () => {
    const fake = createFakeSupabase({ session: makeSession() });
    fake.answerSubscription(null, null, null, makeSubscription({ current_period_end: PERIOD_END }));
    renderApp(RETURNING, fake);
    expect(await screen.findByText('Confirming payment...')).toBeInTheDocument();
    for (let tick = 0; tick < 4 && !screen.queryByText('Active'); tick += 1) await advance(1000);
    expect(screen.getByText('Active')).toBeInTheDocument();
    const reads = fake.maybeSingle.mock.calls.length;
    await advance(3000);
    expect(fake.maybeSingle).toHaveBeenCalledTimes(reads);
  });

  it('keeps confirming after the redirect: /tools waits instead of saying Subscription Required', async () => {
    const fake = createFakeSupabase({ session: makeSession() });
    fake.answerSubscription(...Array<null>(7).fill(null), makeSubscription());
    renderApp(RETURNING, fake);
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    for (let tick = 0; tick < 6 && pathname() !== '/tools'; tick += 1) await advance(1000);
    expect(pathname()).toBe('/tools');
    expect(screen.getByText('Loading subscription details...')).toBeInTheDocument();
    expect(screen.queryByText('Subscription Required')).not.toBeInTheDocument();
    for (let tick = 0; tick < 5 && !screen.queryByText(/Unlimited Access/); tick += 1)
      await advance(1000);
    expect(screen.getByText('Active Subscription - Unlimited Access')).toBeInTheDocument();
  });

  it('gives up after a bounded number of reads', async () => {
    const fake = createFakeSupabase({ session: makeSession(), subscription: null });
    renderApp(RETURNING, fake);
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    for (let tick = 0; tick < POLL_ATTEMPTS + 5; tick += 1) await advance(1000);
    // One read when the user is known, then the confirmation reads.
    expect(fake.maybeSingle).toHaveBeenCalledTimes(POLL_ATTEMPTS + 1);
    expect(
      await screen.findByRole('heading', { name: 'Subscription Required' }),
    ).toBeInTheDocument();
  });

  it('shows a settled non-active status as raw text', async () => {
    renderApp(
      RETURNING,
      createFakeSupabase({
        session: makeSession(),
        subscription: makeSubscription({ subscription_status: 'past_due' }),
      }),
    );
    expect(await screen.findByText('past_due')).toBeInTheDocument();
  });

  it('does not say "Payment Successful!" to a signed-out visitor: sign-in first, then back', async () => {
    renderApp(RETURNING, createFakeSupabase({ subscription: makeSubscription() }));
    await waitFor(() => expect(pathname()).toBe('/auth'));
    expect(search()).toBe(`?next=${encodeURIComponent(RETURNING)}`);
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
  });

  it('sends a user without a plan who did not come back from checkout to /payment', async () => {
    renderApp(
      '/success',
      createFakeSupabase({
        session: makeSession(),
        subscription: makeSubscription({ subscription_status: 'not_started' }),
      }),
    );
    await waitFor(() => expect(pathname()).toBe('/payment'));
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
  });
});
