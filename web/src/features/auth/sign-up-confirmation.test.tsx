import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase, makeUser } from '@/testing/fake-supabase';
import { pathname, renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(() => vi.restoreAllMocks());

describe('sign-up with e-mail confirmation on', () => {
  it('promises the e-mail, stays signed out on /auth and offers sign-in', async () => {
    const fake = createFakeSupabase();
    fake.auth.signUp.mockResolvedValueOnce({
      data: { session: null, user: makeUser({ email: 'jane@example.com' }) } as never,
      error: null,
    });
    renderApp('/auth', fake);
    await screen.findByRole('heading', { name: 'Sign In', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Jane Doe');
    await userEvent.type(screen.getByLabelText('Email Address'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText(
        'Account created successfully! Please check your email to verify your account.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Check your email').parentElement).toHaveTextContent(
      'We sent a confirmation link to jane@example.com',
    );
    expect(screen.getByLabelText('Email Address')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(pathname()).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});
