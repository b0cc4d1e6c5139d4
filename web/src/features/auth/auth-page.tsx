import { useState, type FormEvent } from 'react';
import { LabelledInput } from './labelled-input';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';
import { useAuth } from './auth-context';
import { destinationAfterSignIn } from './destination-after-sign-in';
import { inputClasses } from './form-styles';
import { useEmailEnabled } from './use-email-enabled';
import { validateCredentials, type AuthFormValues } from './validate-credentials';

type Mode = 'sign-in' | 'sign-up';

const EMPTY: AuthFormValues = { name: '', email: '', password: '', confirmPassword: '' };

const BENEFITS = [
  'Generate unlimited dispute letters with an active subscription',
  'Letters for Experian, Equifax and TransUnion with the right mailing address',
  'Legal citations from the Fair Credit Reporting Act in every letter',
  'Manage your subscription and billing in one place',
  'Your letter details stay in your browser: nothing is sent to our servers',
];

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export function AuthPage() {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  const { signIn, signUp } = useAuth();
  const emailEnabled = useEmailEnabled();
  const navigate = useNavigate();
  const signingUp = mode === 'sign-up';

  // Fetch the auth client once the visitor starts on the form (focus or pointer), so that
  // submitting does not wait for it, while the page's first paint does not compete with it.
  const loadAuthClient = () => void getSupabase();

  const update = (field: keyof AuthFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateCredentials(values, mode);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSubmitting(true);
    try {
      if (signingUp) {
        const outcome = await signUp(values.name, values.email, values.password);
        toast.success(
          'Account created successfully! Please check your email to verify your account.',
        );
        if (outcome === 'signed-in') navigate(paths.payment);
        else {
          // No session until the e-mailed link is followed: the user signs in after confirming.
          setConfirmationSentTo(values.email);
          setValues({ ...EMPTY, email: values.email });
          setMode('sign-in');
        }
      } else {
        await signIn(values.email, values.password);
        toast.success('Welcome back!');
        navigate(await destinationAfterSignIn());
      }
    } catch (error) {
      toast.error(errorMessage(error, signingUp ? 'Signup failed' : 'Login failed'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 md:grid-cols-2">
      <section className="rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">{signingUp ? 'Create Account' : 'Sign In'}</h1>
        <p className="mt-2 text-gray-700">
          {signingUp
            ? 'Create your account to start generating dispute letters.'
            : 'Welcome back! Sign in to access your dispute letters.'}
        </p>
        {confirmationSentTo && (
          <div role="status" className="mt-4 rounded-lg border border-blue-200 bg-blue-50 p-4">
            <p className="font-semibold">Check your email</p>
            <p className="mt-1 text-gray-800">
              We sent a confirmation link to <strong>{confirmationSentTo}</strong>. Follow it to
              verify your account and continue to payment.
            </p>
          </div>
        )}
        <form
          className="mt-6 space-y-4"
          onSubmit={handleSubmit}
          onFocus={loadAuthClient}
          onPointerDown={loadAuthClient}
        >
          {signingUp && (
            <LabelledInput
              id="auth-name"
              label="Full Name"
              name="name"
              type="text"
              autoComplete="name"
              required
              value={values.name}
              onChange={update('name')}
            />
          )}
          <LabelledInput
            id="auth-email"
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={update('email')}
          />
          <div>
            <label htmlFor="auth-password" className="font-medium">
              Password
            </label>
            <div className="relative">
              <input
                id="auth-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete={signingUp ? 'new-password' : 'current-password'}
                required
                value={values.password}
                onChange={update('password')}
                className={`${inputClasses} pr-20`}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-controls="auth-password"
                className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-sm font-medium text-blue-800 hover:bg-blue-50"
              >
                {showPassword ? 'Hide' : 'Show'}
                <span className="sr-only"> password</span>
              </button>
            </div>
          </div>
          {!signingUp && emailEnabled && (
            <p className="text-right">
              <Link to={paths.forgotPassword} className="font-medium text-blue-800 underline">
                Forgot password?
              </Link>
            </p>
          )}
          {signingUp && (
            <LabelledInput
              id="auth-confirm-password"
              label="Confirm Password"
              name="confirmPassword"
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={update('confirmPassword')}
            />
          )}
          <button
            type="submit"
            disabled={submitting}
            className={buttonClasses('primary', 'w-full')}
          >
            {submitting ? 'Please wait...' : signingUp ? 'Create Account' : 'Sign In'}
          </button>
        </form>
        <p className="mt-6 text-center text-gray-700">
          {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
          <button
            type="button"
            className="font-semibold text-blue-800 underline"
            onClick={() => setMode(signingUp ? 'sign-in' : 'sign-up')}
          >
            {signingUp ? 'Sign in' : 'Create an account'}
          </button>
        </p>
      </section>
      <section aria-labelledby="why-account" className="self-center">
        <h2 id="why-account" className="text-xl font-bold">
          Why create an account?
        </h2>
        <ul className="mt-4 space-y-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-3">
              <span aria-hidden="true" className="font-bold text-green-700">
                ✓
              </span>
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
