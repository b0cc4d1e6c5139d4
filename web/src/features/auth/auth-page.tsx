import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import toast from '@/lib/toast';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { AgreementNote } from '@/components/agreement-note';
import { FormControls, PrerenderedButton } from '@/components/form-controls';
import { SubmitButton } from '@/components/submit-button';
import { FormPage } from '@/components/form-page';
import { inputClasses, labelClasses } from '@/components/field-styles';
import { LabelledInput } from '@/components/labelled-input';
import { SessionVariants } from '@/components/session-variants';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAsBuilt } from '@/hooks/use-hydrating';
import { useAuth } from '@/lib/auth';
import { getSupabase } from '@/lib/supabase';
import { EMAIL_MAX_LENGTH } from '@shared/email-address';
import { NAME_MAX_LENGTH, nameAndEmailErrors } from './name-and-email';
import { useDestinationAfterSignIn } from './use-destination-after-sign-in';
import { useEmailEnabled } from './use-email-enabled';
import {
  credentialErrors,
  fieldOfServerError,
  PASSWORD_RULE,
  validateCredentials,
  type AuthFormValues,
  type CredentialField,
} from './validate-credentials';

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

function WhyAccount() {
  return (
    <section
      aria-labelledby="why-account"
      className="on-dark rounded-2xl bg-night p-8 text-white shadow-sm md:mt-6"
    >
      <h2 id="why-account" className="text-2xl font-bold">
        Why create an account?
      </h2>
      <ul className="mt-4 space-y-3">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-3">
            <span aria-hidden="true" className="font-bold text-brand-300">
              ✓
            </span>
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AuthPage() {
  // The mode lives in the URL (`?mode=signup`), so links can open either one.
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedMode: Mode = searchParams.get('mode') === 'signup' ? 'sign-up' : 'sign-in';
  // Prerendered in sign-in mode: hydrated as such, then shown as the URL asks.
  const mode = useAsBuilt<Mode>(requestedMode, 'sign-in');
  const setMode = (next: Mode) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'sign-up') params.set('mode', 'signup');
        else params.delete('mode');
        return params;
      },
      { replace: true },
    );
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const shownMode = useRef<Mode | null>(null);
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  /** After the first try, each field's problem shows beside it and goes once it is fixed. */
  const [tried, setTried] = useState(false);
  /** The server's last refusal, beside the field it concerns (or above the button) until edited. */
  const [serverError, setServerError] = useState<{
    field: CredentialField | null;
    message: string;
  } | null>(null);
  const { user, signIn, signUp } = useAuth();
  const emailEnabled = useEmailEnabled();
  const destination = useDestinationAfterSignIn();
  const signingUp = mode === 'sign-up';

  // When the mode switches, focus moves to its first field (not when the page opens, in
  // whichever mode its URL asks for).
  useEffect(() => {
    if (shownMode.current && shownMode.current !== requestedMode)
      (requestedMode === 'sign-up' ? nameInput : emailInput).current?.focus();
    shownMode.current = requestedMode;
  }, [requestedMode]);

  // Fetch the auth client once the visitor starts on the form (focus or pointer), so that
  // submitting does not wait for it, while the page's first paint does not compete with it.
  const loadAuthClient = () => void getSupabase();

  const update = (field: keyof AuthFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (serverError && (serverError.field === null || serverError.field === field))
      setServerError(null);
  };
  const shown = tried
    ? { ...nameAndEmailErrors(values, mode), ...credentialErrors(values, mode) }
    : {};
  const errorOf = (field: CredentialField) =>
    shown[field] ?? (serverError?.field === field ? serverError.message : null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const { name, email } = nameAndEmailErrors(values, mode);
    const problem = name ?? email ?? validateCredentials(values, mode);
    // Shown beside their fields before focus moves to one of them, so it is read with them.
    flushSync(() => {
      setTried(true);
      setServerError(null);
    });
    // Each problem shows once, beside its field (or above the button), never also as a toast.
    if (problem) {
      // As the browser's own check did: focus on the name or e-mail when it is the problem.
      (name ? nameInput : email ? emailInput : null)?.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      if (signingUp) {
        const outcome = await signUp(values.name, values.email, values.password);
        // "Check your email" only when a confirmation e-mail was sent.
        toast.success(
          outcome === 'confirmation-sent'
            ? 'Account created successfully! Please check your email to verify your account.'
            : 'Account created successfully!',
        );
        // Signed in: the redirect below takes the user on once their subscription is read.
        if (outcome === 'confirmation-sent') {
          // No session until the e-mailed link is followed: the user signs in after confirming.
          setConfirmationSentTo(values.email);
          // A new form: no problem is marked on it before its own first try.
          setTried(false);
          setValues({ ...EMPTY, email: values.email });
          setMode('sign-in');
        }
      } else {
        await signIn(values.email, values.password);
        toast.success('Welcome back!');
      }
    } catch (error) {
      const message = errorMessage(error, signingUp ? 'Signup failed' : 'Login failed');
      setServerError({ field: fieldOfServerError(message), message });
    } finally {
      setSubmitting(false);
    }
  }

  // Signed in (just now, or already when the page opened): on to where the user belongs.
  if (user) return destination ? <Navigate to={destination} replace /> : <Spinner />;

  const form = (
    <FormPage aside={<WhyAccount />}>
      <h1 className="text-3xl font-bold text-night">{signingUp ? 'Create Account' : 'Sign In'}</h1>
      <p className="mt-2 text-gray-700">
        {signingUp
          ? 'Create your account to start generating dispute letters.'
          : 'Welcome back! Sign in to access your dispute letters.'}
      </p>
      {confirmationSentTo && (
        <div role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <p className="font-semibold">Check your email</p>
          <p className="mt-1 text-gray-800">
            We sent a confirmation link to <strong>{confirmationSentTo}</strong>. Follow it to
            verify your account and continue to payment.
          </p>
        </div>
      )}
      <form
        className="mt-6"
        // The form checks the fields itself and shows each problem beside its field.
        noValidate
        onSubmit={handleSubmit}
        onFocus={loadAuthClient}
        onPointerDown={loadAuthClient}
      >
        <FormControls className="space-y-4">
          {signingUp && (
            <LabelledInput
              counted
              ref={nameInput}
              id="auth-name"
              label="Full Name"
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={NAME_MAX_LENGTH}
              value={values.name}
              onChange={update('name')}
              error={errorOf('name')}
            />
          )}
          <LabelledInput
            counted
            ref={emailInput}
            id="auth-email"
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={values.email}
            onChange={update('email')}
            error={errorOf('email')}
          />
          <div>
            <label htmlFor="auth-password" className={labelClasses}>
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
                aria-invalid={errorOf('password') ? true : undefined}
                aria-describedby={
                  [
                    errorOf('password') ? 'auth-password-error' : null,
                    signingUp ? 'auth-password-hint' : null,
                  ]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                className={`${inputClasses} pr-20`}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-controls="auth-password"
                className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
              >
                {showPassword ? 'Hide' : 'Show'}
                <span className="sr-only"> password</span>
              </button>
            </div>
            {errorOf('password') && (
              <p id="auth-password-error" className="mt-1 text-sm font-semibold text-red-700">
                {errorOf('password')}
              </p>
            )}
            {signingUp && (
              <p id="auth-password-hint" className="mt-1 text-sm text-gray-700">
                {PASSWORD_RULE}
              </p>
            )}
          </div>
          {!signingUp && emailEnabled && (
            <p className="text-right">
              <Link to={paths.forgotPassword} className="font-medium text-brand-800 underline">
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
              error={errorOf('confirmPassword')}
            />
          )}
          {serverError?.field === null && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {serverError.message}
            </p>
          )}
          <SubmitButton busy={submitting}>{signingUp ? 'Create Account' : 'Sign In'}</SubmitButton>
          {signingUp && <AgreementNote className="text-center" />}
        </FormControls>
      </form>
      <p className="mt-6 text-center text-gray-700">
        {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        {/* Like the form's controls, it works once the page is hydrated. */}
        <PrerenderedButton
          className="font-semibold text-brand-800 underline"
          onClick={() => {
            setTried(false);
            setServerError(null);
            setMode(signingUp ? 'sign-in' : 'sign-up');
          }}
        >
          {signingUp ? 'Sign in' : 'Create an account'}
        </PrerenderedButton>
      </p>
    </FormPage>
  );
  // A returning user's session is being restored: they will be sent on, not shown the form.
  return <SessionVariants signedOut={form} restoring={<Spinner />} />;
}
