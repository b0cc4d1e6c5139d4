import { AuthApiError } from '@supabase/auth-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeSupabase,
  makeSession,
  makeSubscription,
  type FakeSupabase,
} from '@/testing/fake-supabase';
import { pathname, renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** What the real client does with a recovery link: a session from the URL, then the event. */
async function arriveFromRecoveryLink(fake: FakeSupabase = recovering()) {
  renderApp('/reset-password', fake);
  fake.emit('PASSWORD_RECOVERY', makeSession());
  await screen.findByRole('heading', { name: 'Set a new password', level: 1 });
  return fake;
}

function recovering(subscription: ReturnType<typeof makeSubscription> | null = null) {
  return createFakeSupabase({ session: makeSession(), subscription });
}

async function choosePassword(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('set a new password', () => {
  it('without a session from a link, explains and offers a new link', async () => {
    renderApp('/reset-password', createFakeSupabase());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the link failed", async () => {
    window.history.replaceState(
      null,
      '',
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    renderApp('/reset-password', createFakeSupabase({ session: makeSession() }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email link is invalid or has expired',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('opens from wherever the recovery link landed, once', async () => {
    const fake = recovering();
    renderApp('/', fake);
    await screen.findByRole('heading', { level: 1 });
    expect(pathname()).toBe('/');
    fake.emit('PASSWORD_RECOVERY', makeSession());
    expect(
      await screen.findByRole('heading', { name: 'Set a new password', level: 1 }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/reset-password');
    await userEvent.click(screen.getAllByRole('link', { name: 'FAQ' })[0]!);
    await waitFor(() => expect(pathname()).toBe('/faq'));
    fake.emit('TOKEN_REFRESHED', makeSession());
    await screen.findByRole('heading', { level: 1, name: /Frequently Asked Questions/i });
    expect(pathname()).toBe('/faq');
  });

  it("names the account and checks the spec's rules before calling the server", async () => {
    const fake = await arriveFromRecoveryLink();
    expect(screen.getByText('jane.doe@example.com')).toBeInTheDocument();
    await choosePassword('12345', '12345');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await choosePassword('secret123', 'secret124');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
  });

  it('updates the password and goes to /payment without a subscription', async () => {
    const fake = await arriveFromRecoveryLink();
    await choosePassword('a fresh password', 'a fresh password');
    expect(await screen.findByText('Your password has been updated!')).toBeInTheDocument();
    expect(fake.auth.updateUser).toHaveBeenCalledWith({ password: 'a fresh password' });
    await waitFor(() => expect(pathname()).toBe('/payment'));
  });

  it('goes to /tools with an active subscription', async () => {
    await arriveFromRecoveryLink(recovering(makeSubscription()));
    await choosePassword('a fresh password', 'a fresh password');
    await waitFor(() => expect(pathname()).toBe('/tools'));
  });

  it("shows the server's message when the update fails and stays", async () => {
    const fake = recovering();
    const message = 'New password should be different from the old password.';
    fake.auth.updateUser.mockResolvedValueOnce({
      data: { user: makeSession().user },
      error: new AuthApiError(message, 422, 'same_password'),
    });
    await arriveFromRecoveryLink(fake);
    await choosePassword('secret123', 'secret123');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(pathname()).toBe('/reset-password');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled();
  });

  it('asks for a new link when the link’s sign-in is too old to change the password', async () => {
    const fake = recovering();
    fake.auth.updateUser.mockResolvedValueOnce({
      data: { user: makeSession().user },
      error: new AuthApiError(
        'Current password required when setting new password.',
        400,
        'current_password_required',
      ),
    });
    await arriveFromRecoveryLink(fake);
    await choosePassword('secret123', 'secret123');
    expect(
      await screen.findByText(/opened from the link more than 10 minutes ago/),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/reset-password');
  });
});
