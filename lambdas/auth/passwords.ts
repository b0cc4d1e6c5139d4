import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { AuthError } from './errors';

export interface PasswordPolicyConfig {
  passwordMinLength: number;
  passwordRequiredCharacters: string[];
}

export interface PasswordWeakness {
  message: string;
  reasons: ('length' | 'characters')[];
}

/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than truncating. */
const BCRYPT_MAX_BYTES = 72;

/** The policy GoTrue applies, lengths in UTF-8 bytes like Go's `len`. */
export function passwordWeakness(
  password: string,
  policy: PasswordPolicyConfig,
): PasswordWeakness | undefined {
  const messages: string[] = [];
  const reasons: PasswordWeakness['reasons'] = [];
  if (Buffer.byteLength(password, 'utf8') < policy.passwordMinLength) {
    messages.push(`Password should be at least ${policy.passwordMinLength} characters.`);
    reasons.push('length');
  }
  const sets = policy.passwordRequiredCharacters;
  if (sets.some((set) => ![...set].some((char) => password.includes(char)))) {
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
    reasons.push('characters');
  }
  return reasons.length ? { message: messages.join(' '), reasons } : undefined;
}

/** Throws `validation_failed` (over 72 bytes) or `weak_password` (policy) for a new password. */
export function assertAcceptablePassword(password: string, policy: PasswordPolicyConfig): void {
  if (Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES) {
    throw new AuthError(
      400,
      'validation_failed',
      `Password cannot be longer than ${BCRYPT_MAX_BYTES} characters`,
    );
  }
  const weakness = passwordWeakness(password, policy);
  if (weakness) {
    throw new AuthError(422, 'weak_password', weakness.message, {
      weak_password: { reasons: weakness.reasons },
    });
  }
}

/**
 * bcrypt runs in one piece on the calling thread. A Lambda serves one request at a time, so
 * yielding gains nothing there, and bcryptjs's async form, which yields every 100 ms, re-enters
 * its loop unoptimised: measured, a compare that crossed 100 ms took 5-16 ms longer. It starts a
 * turn of the event loop later, so requests issued just before it (the user read the password
 * grant needs next) go out first and run meanwhile.
 */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function hashPassword(password: string, cost: number): Promise<string> {
  await afterPendingIo();
  return bcrypt.hashSync(password, cost);
}

export async function passwordMatches(password: string, hash: string): Promise<boolean> {
  await afterPendingIo();
  return bcrypt.compareSync(password, hash);
}

let decoyHash: Promise<string> | undefined;

/**
 * Compares the password with `hash`, or with a hash no password matches when there is none:
 * either way it costs one real comparison, so the answer's timing cannot tell which it was.
 */
export async function passwordMatchesIfAny(
  password: string,
  hash: string | undefined,
  cost: number,
): Promise<boolean> {
  decoyHash ??= hashPassword(randomUUID(), cost);
  const decoy = await decoyHash;
  return (await passwordMatches(password, hash ?? decoy)) && hash !== undefined;
}
