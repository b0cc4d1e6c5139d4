/** A user as stored in `USER#<id>` / `PROFILE` (timestamps in epoch milliseconds). */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  createdAt: number;
  updatedAt: number;
  emailConfirmedAt?: number;
  confirmationSentAt?: number;
  recoverySentAt?: number;
  newEmail?: string;
  emailChangeSentAt?: number;
  lastSignInAt?: number;
  /** Hashes of the pending one-time tokens (only the latest of each kind is valid). */
  confirmationTokenHash?: string;
  recoveryTokenHash?: string;
  emailChangeTokenHash?: string;
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

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/** RFC 3339 UTC with microseconds, as Go prints a Postgres `timestamptz`. */
export function rfc3339(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('Z', '000Z');
}

function optionalTime(epochMs: number | undefined): string | undefined {
  return epochMs === undefined ? undefined : rfc3339(epochMs);
}

/** The upstream `models.User` JSON, members in upstream order; never the password hash. */
export function toUserJson(user: UserRecord) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: optionalTime(user.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: optionalTime(user.confirmationSentAt),
    confirmed_at: optionalTime(user.emailConfirmedAt),
    recovery_sent_at: optionalTime(user.recoverySentAt),
    new_email: user.newEmail,
    email_change_sent_at: optionalTime(user.emailChangeSentAt),
    last_sign_in_at: optionalTime(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: [
      {
        identity_id: user.identity.id,
        id: user.id,
        user_id: user.id,
        identity_data: user.identity.identityData,
        provider: 'email',
        last_sign_in_at: optionalTime(user.identity.lastSignInAt),
        created_at: rfc3339(user.identity.createdAt),
        updated_at: rfc3339(user.identity.updatedAt),
        email: user.email,
      },
    ],
    created_at: rfc3339(user.createdAt),
    updated_at: rfc3339(user.updatedAt),
    is_anonymous: false,
  };
}

export type UserJson = ReturnType<typeof toUserJson>;

/**
 * What sign-up answers for an already-registered address when confirmation is on, so the
 * answer does not reveal the account: a random id, the request's data only, no identities.
 */
export function obfuscatedUserJson(
  id: string,
  email: string,
  data: Record<string, unknown>,
  now: number,
) {
  return {
    id,
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: rfc3339(now),
    app_metadata: EMAIL_APP_METADATA,
    user_metadata: data,
    identities: [],
    created_at: rfc3339(now),
    updated_at: rfc3339(now),
    is_anonymous: false,
  };
}
