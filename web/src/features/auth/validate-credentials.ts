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
