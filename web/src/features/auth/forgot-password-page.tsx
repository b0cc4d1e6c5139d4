import { useState, type FormEvent } from 'react';
import { LabelledInput } from '@/components/labelled-input';
import toast from '@/lib/toast';
import { Link } from 'react-router-dom';
import { FormControls } from '@/components/form-controls';
import { SubmitButton } from '@/components/submit-button';
import { FormPage } from '@/components/form-page';
import { paths } from '@/config/paths';
import { requestPasswordReset } from './password-recovery';

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Could not send the reset link';
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <FormPage>
      <h1 className="text-3xl font-bold text-night">Reset your password</h1>
      {sentTo ? (
        <div role="status" className="mt-4 space-y-3 text-gray-800">
          <p className="font-semibold">Check your email</p>
          <p>
            If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a
            new password. The link can be used once.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-2 text-gray-700">
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </p>
          <form className="mt-6" onSubmit={handleSubmit}>
            <FormControls className="space-y-4">
              <LabelledInput
                id="forgot-email"
                label="Email Address"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <SubmitButton busy={submitting}>Send Reset Link</SubmitButton>
            </FormControls>
          </form>
        </>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.auth} className="font-semibold text-brand-800 underline">
          Back to sign in
        </Link>
      </p>
    </FormPage>
  );
}
