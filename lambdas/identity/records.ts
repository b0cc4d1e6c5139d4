// The identity items as stored; sync/records.ts is the sync partition's own, apart from these.
/**
 * The identity items as stored (timestamps in epoch milliseconds). The stores (`users.ts`,
 * `sessions.ts`, `code-store.ts`) share these types, so none imports another's.
 */

/**
 * A user as stored in `USER#<id>` / `PROFILE`. Never the password hash (only on the e-mail item,
 * `EmailLogin`) nor a code's hash (only on `AUTH#` items): auth alone reads either.
 */
export interface UserRecord {
  id: string;
  email: string;
  createdAt: number;
  updatedAt: number;
  emailConfirmedAt?: number;
  confirmationSentAt?: number;
  recoverySentAt?: number;
  newEmail?: string;
  emailChangeSentAt?: number;
  emailChangeCurrentSentAt?: number;
  lastSignInAt?: number;
  /** The halves of the pending e-mail change already used (each a code of its own address). */
  emailChangeNewConfirmed?: boolean;
  emailChangeCurrentConfirmed?: boolean;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  identity: {
    id: string;
    createdAt: number;
    updatedAt: number;
    lastSignInAt?: number;
    identityData: Record<string, unknown>;
  };
}

export type EmailChangeConfirmation = 'emailChangeNewConfirmed' | 'emailChangeCurrentConfirmed';

/** What a new e-mail change, a password change or a completed change clears. */
export const EMAIL_CHANGE_CONFIRMATIONS: EmailChangeConfirmation[] = [
  'emailChangeNewConfirmed',
  'emailChangeCurrentConfirmed',
];

/**
 * `EMAIL#<email>` / `EMAIL`: uniqueness of the address, plus what password sign-in needs, so a
 * sign-in reads one item before the bcrypt comparison (the profile is read during it).
 */
export interface EmailLogin {
  userId: string;
  passwordHash: string;
  emailConfirmedAt?: number;
}

/**
 * When the session's recent refresh tokens were issued, in a ring: `rot<k % ROTATION_RING>` is
 * the issue time of token k, i.e. when token k − 1 was superseded.
 */
export type RotationTimes = Partial<Record<`rot${number}`, number>>;

/** A session as stored in `SESSION#<id>` / `SESSION#<sid>`; one per sign-in. */
export interface SessionRecord extends RotationTimes {
  userId: string;
  sessionId: string;
  createdAt: number;
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  /** Rotation step of the session's current refresh token, and the hashes of it and its parent. */
  refreshCounter: number;
  refreshHash: string;
  previousRefreshHash?: string;
  refreshedAt: number;
}

/**
 * What a one-time token proves; `recovery` and `magiclink` share the user's recovery slot.
 * A secure e-mail change sends two: `email_change` to the new address and
 * `email_change_current` to the current one; the address moves once both are used.
 */
export type OtpKind = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'email_change_current';

/** `AUTH#CODE#<code or link MAC>` / `OTP`: a pending one-time token, stored under both its keys. */
export interface OtpRecord {
  userId: string;
  kind: OtpKind;
  /** The address the token was sent to (the new one for an e-mail change). */
  email: string;
  expiresAt: number;
  codeHash: string;
  linkHash: string;
}

/** `AUTH#<id>` / `CODES`: the MAC of each slot's pending code (only the latest is valid). */
export interface PendingCodes {
  signup?: string;
  recovery?: string;
  emailChange?: string;
  emailChangeCurrent?: string;
}
