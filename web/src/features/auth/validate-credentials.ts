export interface AuthFormValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const PASSWORD_MIN_LENGTH = 6;

/** The first problem with the form as the user sees it, or null when it can be sent. */
export function validateCredentials(
  values: AuthFormValues,
  mode: 'sign-in' | 'sign-up',
): string | null {
  if (mode === 'sign-up' && values.password !== values.confirmPassword)
    return 'Passwords do not match';
  if (values.password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 6 characters';
  return null;
}

export type CredentialField = 'name' | 'email' | 'password' | 'confirmPassword';

/** Shown under the password before the first try. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** Each problem beside its field: the messages validateCredentials gives, all at once. */
export function credentialErrors(
  values: AuthFormValues,
  mode: 'sign-in' | 'sign-up',
): Partial<Record<CredentialField, string>> {
  const errors: Partial<Record<CredentialField, string>> = {};
  if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = 'Password must be at least 6 characters';
  if (mode === 'sign-up' && values.confirmPassword !== values.password)
    errors.confirmPassword = 'Passwords do not match';
  return errors;
}

/** The field a server's sign-in or sign-up error is about, or null when it is about none. */
export function fieldOfServerError(message: string): CredentialField | null {
  if (/password|invalid login credentials/i.test(message)) return 'password';
  if (/e-?mail|already registered|user already exists/i.test(message)) return 'email';
  return null;
}
