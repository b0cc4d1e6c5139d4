import { createHash, randomInt } from 'node:crypto';

/** What a one-time token proves; `recovery` and `magiclink` share the user's recovery slot. */
export type OtpKind = 'signup' | 'recovery' | 'magiclink' | 'email_change';

export const OTP_SLOTS = {
  signup: { hash: 'confirmationTokenHash', sentAt: 'confirmationSentAt' },
  recovery: { hash: 'recoveryTokenHash', sentAt: 'recoverySentAt' },
  magiclink: { hash: 'recoveryTokenHash', sentAt: 'recoverySentAt' },
  email_change: { hash: 'emailChangeTokenHash', sentAt: 'emailChangeSentAt' },
} as const;

/** GoTrue's token hash: hex(sha224(email + code)), so `token_hash` links and typed codes meet. */
export function otpHash(email: string, code: string): string {
  return createHash('sha224').update(`${email.toLowerCase()}${code}`).digest('hex');
}

export function newOtp(email: string): { code: string; hash: string } {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  return { code, hash: otpHash(email, code) };
}
