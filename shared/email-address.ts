import * as v from 'valibot';

/**
 * The one e-mail rule, for the API, the SPA and the local Stripe: one @, a dot after it, no
 * spaces. As loose as GoTrue's, since only a sent mail proves an address.
 */
export const emailAddress = v.pipe(v.string(), v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/));

export function isEmailAddress(value: string): boolean {
  return v.is(emailAddress, value);
}
