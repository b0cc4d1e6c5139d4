import { useState, type FormEvent } from 'react';
import { LabelledInput } from '@/components/labelled-input';
import toast from '@/lib/toast';
import { Link, Navigate } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { SubmitButton } from '@/components/submit-button';
import { FormPage } from '@/components/form-page';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { setNewPassword } from './password-recovery';
import { useDestinationAfterSignIn } from './use-destination-after-sign-in';
import { validateCredentials } from './validate-credentials';

/** GoTrue sends a failed link back with the reason in the fragment; the client leaves it there. */
function linkErrorFromUrl(): string | null {
  if (typeof window === 'undefined') return null; // prerendered at build time
  return new URLSearchParams(window.location.hash.slice(1)).get('error_description');
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Could not update the password';
}

/**
 * The e-mailed recovery link signs the user in (the client's PASSWORD_RECOVERY event); this page
 * then lets them choose a new password.
 */
export function ResetPasswordPage() {
  const { session, loading } = useAuth();
  const [linkError] = useState(linkErrorFromUrl);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [updated, setUpdated] = useState(false);
  const destination = useDestinationAfterSignIn();

  if (updated) return destination ? <Navigate to={destination} replace /> : <Spinner />;
  if (loading && !session) return <Spinner label="Checking your link..." />;

  if (linkError || !session)
    return (
      <FormPage>
        <h1 className="text-3xl font-bold text-night">Reset link not valid</h1>
        <p role="alert" className="mt-4 text-gray-800">
          {linkError ?? 'This password reset link is invalid or has expired.'}
        </p>
        <p className="mt-6">
          <Link to={paths.forgotPassword} className={buttonClasses('primary', 'w-full')}>
            Request a new link
          </Link>
        </p>
      </FormPage>
    );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateCredentials(
      { name: '', email: '', password, confirmPassword },
      'sign-up',
    );
    if (problem) {
      toast.error(problem);
      return;
    }
    setSubmitting(true);
    try {
      await setNewPassword(password);
      toast.success('Your password has been updated!');
      setUpdated(true);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <FormPage>
      <h1 className="text-3xl font-bold text-night">Set a new password</h1>
      <p className="mt-2 text-gray-700">
        Choose a new password for <strong>{session.user.email}</strong>.
      </p>
      <form className="mt-6 space-y-4" onSubmit={handleSubmit}>
        <LabelledInput
          id="new-password"
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <LabelledInput
          id="new-password-confirm"
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <SubmitButton busy={submitting}>Update Password</SubmitButton>
      </form>
    </FormPage>
  );
}
