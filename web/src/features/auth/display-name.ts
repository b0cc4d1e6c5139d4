import type { User } from '@supabase/auth-js';

/** The name given at sign-up, else the part of the e-mail before the @. */
export function displayName(user: Pick<User, 'email' | 'user_metadata'>): string {
  const name: unknown = user.user_metadata?.name;
  if (typeof name === 'string' && name.trim() !== '') return name.trim();
  return (user.email ?? '').split('@')[0] ?? '';
}
