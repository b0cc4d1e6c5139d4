import { AuthApiError } from '@supabase/auth-js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from '@/testing/fake-supabase';
import { pathname, renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(() => vi.restoreAllMocks());

async function openForgotPassword(fake = createFakeSupabase()) {
  renderApp('/forgot-password', fake);
  await screen.findByRole('heading', { name: 'Reset your password', level: 1 });
  return fake;
}

async function requestLink(email: string) {
  await userEvent.type(screen.getByLabelText('Email Address'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('forgot password', () => {
  it('is linked from the sign-in form only', async () => {
    renderApp('/auth', createFakeSupabase());
    await screen.findByRole('heading', { name: 'Sign In', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(
      await screen.findByRole('heading', { name: 'Reset your password', level: 1 }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/forgot-password');
  });

  it('asks for a link back to the set-new-password page and says the same for any address', async () => {
    const fake = await openForgotPassword();
    await requestLink('jane@example.com');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Check your email');
    expect(status).toHaveTextContent('If an account exists for jane@example.com');
    expect(fake.auth.resetPasswordForEmail).toHaveBeenCalledWith('jane@example.com', {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    expect(screen.queryByLabelText('Email Address')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it("shows the server's message (rate limit) as a toast and keeps the form", async () => {
    const fake = createFakeSupabase();
    const message = 'For security purposes, you can only request this after 60 seconds.';
    fake.auth.resetPasswordForEmail.mockResolvedValueOnce({
      data: {},
      error: new AuthApiError(message, 429, 'over_email_send_rate_limit'),
    });
    await openForgotPassword(fake);
    await requestLink('jane@example.com');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Check your email')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });
});
