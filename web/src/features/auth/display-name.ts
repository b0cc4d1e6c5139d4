import type { User } from '@supabase/auth-js';

/** The name given at sign-up; '' when none was given. */
export function signUpName(user: Pick<User, 'user_metadata'>): string {
  const name: unknown = user.user_metadata?.name;
  return typeof name === 'string' ? name.trim() : '';
}

/** The name given at sign-up, else the part of the e-mail before the @. */
export function displayName(user: Pick<User, 'email' | 'user_metadata'>): string {
  return signUpName(user) || ((user.email ?? '').split('@')[0] ?? '');
}
