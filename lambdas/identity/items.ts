/**
 * Every item key of the identity data in the single table. A user's profile and sessions share
 * the partition `USER#<id>`, so "all sessions of a user" is one Query.
 */
export const SESSION_SORT_PREFIX = 'SESSION#';

export const identityKeys = {
  /** The user's profile (`UserRecord`). */
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Uniqueness of an address, plus what a password sign-in reads (`EmailLogin`). */
  email: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  /** One sign-in (`SessionRecord`); its existence makes an access token usable. */
  session: (userId: string, sessionId: string) => ({
    pk: `USER#${userId}`,
    sk: `${SESSION_SORT_PREFIX}${sessionId}`,
  }),
  /** A pending one-time token, under its typed code's hash and its link token's (`OtpRecord`, ttl). */
  otp: (hash: string) => ({ pk: `OTP#${hash}`, sk: 'OTP' }),
  /** Typed-code attempts against an address's pending code (ttl); reset when one is sent. */
  otpAttempts: (email: string) => ({ pk: `OTPTRY#${email}`, sk: 'OTPTRY' }),
  /** A rate-limit window's counter (ttl). */
  rateWindow: (id: string, windowStart: number) => ({
    pk: `RATE#${id}`,
    sk: `WINDOW#${windowStart}`,
  }),
};
