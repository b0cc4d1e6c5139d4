import * as v from 'valibot';
import { EMAIL_PATTERN } from './email-pattern';

/**
 * The one e-mail rule, for the API, the SPA and the local Stripe: one @, a dot after it, no
 * spaces. As loose as GoTrue's, since only a sent mail proves an address.
 */
export const emailAddress = v.pipe(v.string(), v.regex(EMAIL_PATTERN));

/** No longer address is ever stored (and DynamoDB refuses a key over 2 KB): GoTrue's limit too. */
export const EMAIL_MAX_LENGTH = 255;

/** Beside an e-mail field whose address is not one, on the site's forms. */
export const EMAIL_ADDRESS_INVALID = 'Enter an e-mail address like name@example.com.';

export function isEmailAddress(value: string): boolean {
  return v.is(emailAddress, value);
}
