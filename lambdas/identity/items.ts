/**
 * Every item key of the identity data in the single table. A user's profile and sessions share
 * the partition `USER#<id>`, so "all sessions of a user" is one Query.
 */
export const SESSION_SORT_PREFIX = 'SESSION#';

/**
 * The partition-key prefix of each kind of identity item. IAM grants each function the
 * prefixes it may touch (`dynamodb:LeadingKeys`, `infra/api-functions.ts`) from these.
 */
export const IDENTITY_PARTITIONS = {
  user: 'USER#',
  email: 'EMAIL#',
  otp: 'OTP#',
  otpAttempts: 'OTPTRY#',
  rateWindow: 'RATE#',
} as const;
const P = IDENTITY_PARTITIONS;

export const identityKeys = {
  /** The user's profile (`UserRecord`). */
  user: (userId: string) => ({ pk: `${P.user}${userId}`, sk: 'PROFILE' }),
  /** Uniqueness of an address, plus what a password sign-in reads (`EmailLogin`). */
  email: (email: string) => ({ pk: `${P.email}${email}`, sk: 'EMAIL' }),
  /** One sign-in (`SessionRecord`); its existence makes an access token usable. */
  session: (userId: string, sessionId: string) => ({
    pk: `${P.user}${userId}`,
    sk: `${SESSION_SORT_PREFIX}${sessionId}`,
  }),
  /** A pending one-time token, under its typed code's hash and its link token's (`OtpRecord`, ttl). */
  otp: (hash: string) => ({ pk: `${P.otp}${hash}`, sk: 'OTP' }),
  /** Typed-code attempts against an address's pending code (ttl); reset when one is sent. */
  otpAttempts: (email: string) => ({ pk: `${P.otpAttempts}${email}`, sk: 'OTPTRY' }),
  /** A rate-limit window's counter (ttl). */
  rateWindow: (id: string, windowStart: number) => ({
    pk: `${P.rateWindow}${id}`,
    sk: `WINDOW#${windowStart}`,
  }),
};
