// One per data area (identity/, billing/): its item keys and partition prefixes.
/**
 * Every item key of the identity data in the single table. Each partition prefix is one IAM
 * grant (`dynamodb:LeadingKeys`): `USER#`, `EMAIL#`, `AUTH#` and `RATE#` are auth's alone;
 * `SESSION#` is read by the functions that check an access token.
 */
export const IDENTITY_PARTITIONS = {
  user: 'USER#',
  email: 'EMAIL#',
  session: 'SESSION#',
  auth: 'AUTH#',
  rate: 'RATE#',
} as const;

const { user, email, session, auth, rate } = IDENTITY_PARTITIONS;

export const identityKeys = {
  /** The user's profile (`UserRecord`): no secret, no code hash. */
  user: (userId: string) => ({ pk: `${user}${userId}`, sk: 'PROFILE' }),
  /** Uniqueness of an address, plus what a password sign-in reads (`EmailLogin`). */
  email: (address: string) => ({ pk: `${email}${address}`, sk: 'EMAIL' }),
  /**
   * One sign-in (`SessionRecord`); its existence makes an access token usable. A user's sessions
   * share `SESSION#<id>`, so "all sessions of a user" is one Query.
   */
  session: (userId: string, sessionId: string) => ({
    pk: `${session}${userId}`,
    sk: `SESSION#${sessionId}`,
  }),
  /** The keyed hashes of a user's pending one-time codes, one per slot (`PendingCodes`). */
  codes: (userId: string) => ({ pk: `${auth}${userId}`, sk: 'CODES' }),
  /** A pending one-time token, under its typed code's MAC and its link token's (`OtpRecord`, ttl). */
  otp: (mac: string) => ({ pk: `${auth}CODE#${mac}`, sk: 'OTP' }),
  /** Typed-code attempts against an address's pending code (ttl); reset when one is sent. */
  otpAttempts: (address: string) => ({ pk: `${auth}TRIES#${address}`, sk: 'TRIES' }),
  /** When an e-mail was last asked for an address, known or not (ttl): the resend interval. */
  mailInterval: (address: string) => ({ pk: `${auth}MAIL#${address}`, sk: 'MAIL' }),
  /** Failed password sign-ins for an address, known or not (`SignInFailures`, ttl). */
  signInFailures: (address: string) => ({ pk: `${auth}SIGNIN#${address}`, sk: 'FAILURES' }),
  /** A rate-limit window's counter (ttl). */
  rateWindow: (id: string, windowStart: number) => ({
    pk: `${rate}${id}`,
    sk: `WINDOW#${windowStart}`,
  }),
};

/**
 * The layout before November 2026: a user's sessions and billing items sat in `USER#<id>` under
 * the same sort keys. Read only while `LEGACY_PARTITIONS` is on (scripts/migrate-partitions.ts).
 */
export function legacyKey(userId: string, key: { sk: string }) {
  return { pk: `${user}${userId}`, sk: key.sk };
}
