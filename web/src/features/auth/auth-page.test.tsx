import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSettings, getSupabase } from '@/lib/supabase';
import { createFakeSupabase, makeSubscription, makeUser, signedIn } from '@/testing/fake-supabase';
import { pathname, renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(() => vi.restoreAllMocks());

async function openAuth(fake = createFakeSupabase()) {
  renderApp('/auth', fake);
  await screen.findByRole('heading', { name: 'Sign In', level: 1 });
  return fake;
}

async function switchToSignUp() {
  await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
  await screen.findByRole('heading', { name: 'Create Account', level: 1 });
}

async function fillSignUp(values: {
  name?: string;
  email?: string;
  password: string;
  confirm: string;
}) {
  await userEvent.type(screen.getByLabelText('Full Name'), values.name ?? 'Jane Doe');
  await userEvent.type(screen.getByLabelText('Email Address'), values.email ?? 'jane@example.com');
  await userEvent.type(screen.getByLabelText('Password'), values.password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

async function fillSignIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email Address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('auth page', () => {
  it('shows the sign-in form with an e-mail field of type email and the benefits list', async () => {
    await openAuth();
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why create an account?' })).toBeInTheDocument();
  });

  it('loads the auth client when the visitor starts on the form, not with the first paint', async () => {
    vi.mocked(getSupabase).mockClear();
    await openAuth();
    expect(getSupabase).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Email Address'));
    expect(getSupabase).toHaveBeenCalled();
  });

  it('toggles to create-account mode with name, e-mail, password and confirmation', async () => {
    await openAuth();
    await switchToSignUp();
    expect(screen.getByLabelText('Full Name')).toBeRequired();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
  });

  it('opens create-account mode from /auth?mode=signup', async () => {
    renderApp('/auth?mode=signup', createFakeSupabase());
    expect(
      await screen.findByRole('heading', { name: 'Create Account', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeRequired();
  });

  it('moves focus to the first field of the mode it switches to', async () => {
    await openAuth();
    await switchToSignUp();
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Sign In', level: 1 });
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
  });

  it.each([
    ['an active subscription', makeSubscription(), '/tools'],
    ['no plan', makeSubscription({ subscription_status: 'not_started' }), '/payment'],
  ])('sends a visitor already signed in with %s on to %s', async (_case, subscription, target) => {
    renderApp('/auth', signedIn({ subscription }));
    await waitFor(() => expect(pathname()).toBe(target));
  });

  it('shows and hides the password', async () => {
    await openAuth();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('rejects a short password on sign-in without calling the server', async () => {
    const fake = await openAuth();
    await fillSignIn('jane@example.com', '12345');
    expect(await screen.findAllByText('Password must be at least 6 characters')).not.toHaveLength(
      0,
    );
    expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('rejects mismatched passwords on sign-up', async () => {
    const fake = await openAuth();
    await switchToSignUp();
    await fillSignUp({ password: 'secret123', confirm: 'secret124' });
    expect(await screen.findAllByText('Passwords do not match')).not.toHaveLength(0);
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it('shows the password rule first, then each error beside its field until it is fixed', async () => {
    const fake = createFakeSupabase();
    fake.auth.signInWithPassword.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: new Error('Invalid login credentials'),
    } as never);
    await openAuth(fake);
    await switchToSignUp();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters.');
    await fillSignUp({ password: 'abc', confirm: 'abd' });
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'Password must be at least 6 characters At least 6 characters.',
    );
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    await userEvent.type(password, 'cdef');
    expect(password).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'abccdef');
    expect(confirm).not.toHaveAttribute('aria-invalid');

    // A server refusal sits beside the field it is about, and goes once that field is edited.
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const signInPassword = screen.getByLabelText('Password');
    await waitFor(() =>
      expect(signInPassword).toHaveAccessibleDescription('Invalid login credentials'),
    );
    await userEvent.type(signInPassword, '4');
    expect(signInPassword).not.toHaveAttribute('aria-invalid');
  });

  it('rejects a short password on sign-up', async () => {
    const fake = await openAuth();
    await switchToSignUp();
    await fillSignUp({ password: 'abc', confirm: 'abc' });
    expect(await screen.findAllByText('Password must be at least 6 characters')).not.toHaveLength(
      0,
    );
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it('signs in, welcomes back and goes to /tools when the subscription is active', async () => {
    const fake = await openAuth(createFakeSupabase({ subscription: makeSubscription() }));
    await fillSignIn('jane@example.com', 'secret123');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/tools'));
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'jane@example.com',
      password: 'secret123',
    });
  });

  it("reads the subscription once after sign-in: the provider's read decides the way on", async () => {
    const fake = await openAuth(createFakeSupabase({ subscription: makeSubscription() }));
    await fillSignIn('jane@example.com', 'secret123');
    await waitFor(() => expect(pathname()).toBe('/tools'));
    await screen.findByText('Active Subscription - Unlimited Access');
    expect(fake.maybeSingle).toHaveBeenCalledTimes(1);
  });

  it('goes to /payment after sign-in without an active subscription', async () => {
    await openAuth(
      createFakeSupabase({ subscription: makeSubscription({ subscription_status: 'canceled' }) }),
    );
    await fillSignIn('jane@example.com', 'secret123');
    await waitFor(() => expect(pathname()).toBe('/payment'));
  });

  it('goes to /payment when the subscription cannot be read, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openAuth(createFakeSupabase({ subscription: new Error('boom') }));
    await fillSignIn('jane@example.com', 'secret123');
    await waitFor(() => expect(pathname()).toBe('/payment'));
    expect(logged).toHaveBeenCalledWith('Error fetching subscription:', expect.any(Error));
  });

  it("shows the server's message when sign-in fails", async () => {
    const fake = createFakeSupabase();
    fake.auth.signInWithPassword.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: new Error('Invalid login credentials'),
    } as never);
    await openAuth(fake);
    await fillSignIn('jane@example.com', 'wrong-password');
    expect(await screen.findAllByText('Invalid login credentials')).not.toHaveLength(0);
    expect(pathname()).toBe('/auth');
  });

  it("falls back to 'Login failed' when the error has no message", async () => {
    const fake = createFakeSupabase();
    fake.auth.signInWithPassword.mockRejectedValueOnce(new Error(''));
    await openAuth(fake);
    await fillSignIn('jane@example.com', 'secret123');
    expect(await screen.findAllByText('Login failed')).not.toHaveLength(0);
  });

  it('creates the account with the name as metadata and goes to /payment', async () => {
    const fake = await openAuth();
    await switchToSignUp();
    await fillSignUp({
      name: 'Jane Doe',
      email: 'jane@example.com',
      password: 'secret123',
      confirm: 'secret123',
    });
    // Signed in at once: no e-mail was sent, so none is mentioned.
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/payment'));
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'jane@example.com',
      password: 'secret123',
      options: {
        data: { name: 'Jane Doe' },
        emailRedirectTo: `${window.location.origin}/payment`,
      },
    });
  });

  it("shows the server's message when sign-up fails, else 'Signup failed'", async () => {
    const fake = createFakeSupabase();
    fake.auth.signUp
      .mockResolvedValueOnce({
        data: { session: null, user: null },
        error: new Error('Password should contain at least one character of each: abc'),
      } as never)
      .mockRejectedValueOnce(new Error(''));
    await openAuth(fake);
    await switchToSignUp();
    await fillSignUp({ password: 'secret123', confirm: 'secret123' });
    expect(
      await screen.findAllByText('Password should contain at least one character of each: abc'),
    ).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('Signup failed')).not.toHaveLength(0);
    expect(pathname()).toBe('/auth');
  });
});

/** The toasts on screen with exactly `text` (the same words may also sit beside a field). */
const toastsSaying = (text: string) =>
  screen.queryAllByRole('status').filter((toast) => toast.textContent === text);

describe('limits, e-mail check and error toasts', () => {
  it('takes at most 120 characters of the name and 255 of the e-mail, with a live count', async () => {
    await openAuth();
    await switchToSignUp();
    const name = screen.getByLabelText('Full Name');
    expect(name).toHaveAttribute('maxLength', '120');
    expect(screen.getByText('0 / 120')).toBeInTheDocument();
    await userEvent.click(name);
    await userEvent.paste('W'.repeat(10_000));
    expect(name).toHaveValue('W'.repeat(120));
    expect(screen.getByText('120 / 120')).toBeInTheDocument();
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('maxLength', '255');
    expect(screen.getByText('0 / 255')).toBeInTheDocument();
  });

  it('shows the mismatch once, beside the field and never as a toast (issue 41)', async () => {
    await openAuth();
    await switchToSignUp();
    await fillSignUp({ password: 'secret123', confirm: 'secret124' });
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getAllByText('Passwords do not match')).toHaveLength(1);
    expect(toastsSaying('Passwords do not match')).toHaveLength(0);
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'secret123');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastsSaying('Account created successfully!')).toHaveLength(1));
    expect(toastsSaying('Passwords do not match')).toHaveLength(0);
  });

  it('shows a server refusal once, inline, and takes it away when the form is sent again', async () => {
    const fake = createFakeSupabase();
    fake.auth.signUp.mockRejectedValueOnce(new Error(''));
    await openAuth(fake);
    await switchToSignUp();
    await fillSignUp({ password: 'secret123', confirm: 'secret123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed');
    expect(screen.getAllByText('Signup failed')).toHaveLength(1);
    expect(toastsSaying('Signup failed')).toHaveLength(0);
    // Sent again unchanged: it succeeds this time, and the failure is gone at once.
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastsSaying('Account created successfully!')).toHaveLength(1));
    expect(screen.queryByText('Signup failed')).toBeNull();
  });

  it.each([
    ['sign-up', true],
    ['sign-in', false],
  ])(
    'checks the e-mail itself in %s: its message beside the field until fixed',
    async (_mode, signingUp) => {
      const fake = await openAuth();
      expect(screen.getByLabelText('Email Address').closest('form')).toHaveAttribute('novalidate');
      if (signingUp) {
        await switchToSignUp();
        await fillSignUp({ email: 'not-an-email', password: 'secret123', confirm: 'secret123' });
      } else await fillSignIn('not-an-email', 'secret123');
      const email = screen.getByLabelText('Email Address');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
      expect(email).toHaveFocus();
      expect(fake.auth.signUp).not.toHaveBeenCalled();
      expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
      await userEvent.type(email, '@example.com');
      expect(email).not.toHaveAttribute('aria-invalid');
      expect(email).not.toHaveAccessibleDescription();
      await waitFor(
        () =>
          expect(toastsSaying('Enter an e-mail address like name@example.com.')).toHaveLength(0),
        { timeout: 2500 },
      );
    },
  );

  it('marks nothing on the sign-in form that follows a sign-up awaiting confirmation', async () => {
    const fake = createFakeSupabase();
    fake.auth.signUp.mockResolvedValueOnce({
      data: { session: null, user: makeUser({ email: 'jane@example.com' }) } as never,
      error: null,
    });
    await openAuth(fake);
    await switchToSignUp();
    await fillSignUp({ password: 'secret123', confirm: 'secret123' });
    await screen.findByRole('heading', { name: 'Sign In', level: 1 });
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
  });

  it('asks for the name in sign-up, beside the field, with focus on it', async () => {
    const fake = await openAuth();
    await switchToSignUp();
    await userEvent.type(screen.getByLabelText('Email Address'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const name = screen.getByLabelText('Full Name');
    expect(name).toHaveAccessibleDescription('Enter your full name.');
    expect(name).toHaveFocus();
    expect(fake.auth.signUp).not.toHaveBeenCalled();
    await userEvent.type(name, 'Jane Doe');
    expect(name).not.toHaveAttribute('aria-invalid');
  });
});

describe('a deployment that sends no e-mail', () => {
  it('hides "Forgot password?" once /auth/v1/settings says mailer_enabled: false', async () => {
    vi.mocked(fetchAuthSettings).mockResolvedValue({ mailer_enabled: false });
    await openAuth();
    await waitFor(() => expect(fetchAuthSettings).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    ['e-mail is on', () => Promise.resolve({ mailer_enabled: true })],
    ['the settings cannot be read', () => Promise.reject(new Error('offline'))],
  ])('keeps it when %s', async (_case, settings) => {
    vi.mocked(fetchAuthSettings).mockImplementation(settings);
    await openAuth();
    await waitFor(() => expect(fetchAuthSettings).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});
