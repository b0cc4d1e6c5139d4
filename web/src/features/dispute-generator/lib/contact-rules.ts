import { EMAIL_ADDRESS_INVALID, isEmailAddress } from '@shared/email-address';
import type { FieldProblem, SenderDetails } from '@shared/letters';
import * as v from 'valibot';
import { CONTACT_ERRORS } from '../messages';

/** A US number has 10 digits (11 with the country code 1); no number has more than 15 (E.164). */
const PHONE_DIGITS = { min: 10, max: 15 } as const;

/** Digits with the usual separators (spaces, dashes, dots, parentheses) and a leading "+". */
const phoneNumber = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\+?[\d\s().-]+$/),
  v.check((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
  }),
);

export function isPhoneNumber(value: string): boolean {
  return v.is(phoneNumber, value);
}

/**
 * Your details' phone and e-mail, both optional: a value given that cannot be one would print in
 * the letter's identity lines, so it is marked beside its field instead. Blank is fine.
 */
export function contactProblems(details: Pick<SenderDetails, 'phone' | 'email'>): FieldProblem[] {
  const phone = details.phone.trim();
  const email = details.email.trim();
  return [
    ...(phone && !isPhoneNumber(phone)
      ? [{ field: 'sender.phone', message: CONTACT_ERRORS.phone }]
      : []),
    ...(email && !isEmailAddress(email)
      ? [{ field: 'sender.email', message: EMAIL_ADDRESS_INVALID }]
      : []),
  ];
}
