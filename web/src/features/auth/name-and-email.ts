import { EMAIL_ADDRESS_INVALID, isEmailAddress } from '@shared/email-address';
import type { AuthFormValues, CredentialField } from './validate-credentials';

/** The most a sign-up name takes: enough for any real name (as the generator's "Full Name"). */
export const NAME_MAX_LENGTH = 120;

export const NAME_MISSING = 'Enter your full name.';

/**
 * The name's and the e-mail's problems, beside their fields: the form checks them itself (the
 * browser's own bubbles are off), by the server's one e-mail rule. The name only in sign-up.
 */
export function nameAndEmailErrors(
  values: AuthFormValues,
  mode: 'sign-in' | 'sign-up',
): Partial<Record<CredentialField, string>> {
  const errors: Partial<Record<CredentialField, string>> = {};
  if (mode === 'sign-up' && values.name.trim() === '') errors.name = NAME_MISSING;
  if (!isEmailAddress(values.email.trim())) errors.email = EMAIL_ADDRESS_INVALID;
  return errors;
}
