import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_AUDIENCE,
  type AccessTokenVerifier,
  type VerifiedAccessToken,
} from '../common/access-token';
import type { AuthConfig } from './config';
import { composeEmail } from './emails';
import { AuthError } from './errors';
import type { Mailer } from './mailer';
import { OTP_SLOTS, newOtp, otpHash, type OtpKind } from './otp';
import {
  assertAcceptablePassword,
  hashPassword,
  passwordMatches,
  passwordWeakness,
} from './passwords';
import { EmailTakenError, type AuthStore, type SessionRecord } from './store';
import {
  deriveRefreshToken,
  hashRefreshToken,
  parseRefreshToken,
  signAccessToken,
  type KeyRing,
} from './tokens';
import { resolveRedirect } from './redirects';
import { EMAIL_APP_METADATA, obfuscatedUserJson, toUserJson, type UserRecord } from './users';

export type SignInMethod = 'password' | 'otp';
export type LogoutScope = 'global' | 'local' | 'others';

export interface AuthServiceDeps {
  config: AuthConfig;
  store: AuthStore;
  keyRing: () => Promise<KeyRing>;
  mailer: Mailer;
  accessTokens: () => Promise<AccessTokenVerifier>;
  now: () => number;
}

const INVALID_CREDENTIALS = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
const REFRESH_NOT_FOUND = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 255;

/** Which stored token kinds a `/verify` type accepts. */
const VERIFY_TYPES: Record<string, OtpKind[]> = {
  signup: ['signup'],
  email: ['signup', 'magiclink'],
  magiclink: ['magiclink', 'signup'],
  recovery: ['recovery'],
  email_change: ['email_change'],
};

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_FORMAT.test(email)) {
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
  return email;
}

/** Sign-up, sign-in, sessions and the current user: everything behind the auth endpoints. */
export function createAuthService(deps: AuthServiceDeps) {
  const { config, store, now } = deps;
  let dummyHash: Promise<string> | undefined;

  /** Costs what a real comparison costs, so an unknown e-mail cannot be told apart by time. */
  async function spendComparison(password: string): Promise<void> {
    dummyHash ??= hashPassword(randomUUID(), config.bcryptCost);
    await passwordMatches(password, await dummyHash);
  }

  async function issueSession(user: UserRecord, session: SessionRecord, refreshToken: string) {
    const ring = await deps.keyRing();
    const iat = Math.floor(now() / 1000);
    const exp = iat + config.jwtExpirySeconds;
    const accessToken = signAccessToken(ring, {
      iss: config.jwtIssuer,
      sub: user.id,
      aud: ACCESS_TOKEN_AUDIENCE,
      exp,
      iat,
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.sessionId,
      is_anonymous: false,
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: config.jwtExpirySeconds,
      expires_at: exp,
      refresh_token: refreshToken,
      user: toUserJson(user),
    };
  }

  async function newSession(userId: string, method: SignInMethod) {
    const ring = await deps.keyRing();
    const at = now();
    const sessionId = randomUUID();
    const refreshToken = deriveRefreshToken(ring.refreshKeys[0]!, {
      userId,
      sessionId,
      counter: 0,
    });
    const session: SessionRecord = {
      userId,
      sessionId,
      createdAt: at,
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(at / 1000) }],
      refreshCounter: 0,
      refreshHash: hashRefreshToken(refreshToken),
      refreshedAt: at,
    };
    return { session, refreshToken };
  }

  /** A new session for a user who just proved who they are. */
  async function signIn(user: UserRecord, method: SignInMethod) {
    const at = now();
    const { session, refreshToken } = await newSession(user.id, method);
    const signedIn: UserRecord = {
      ...user,
      lastSignInAt: at,
      identity: { ...user.identity, lastSignInAt: at },
    };
    // The tokens are signed while the session is written; they leave only once it is stored.
    const [issued] = await Promise.all([
      issueSession(signedIn, session, refreshToken),
      store.putSession(session),
      store.recordSignIn(user.id, at),
    ]);
    return issued;
  }

  async function requireUser(token: VerifiedAccessToken): Promise<UserRecord> {
    const user = await store.getUser(token.userId);
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return user;
  }

  const tooSoon = () =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${config.mailMinIntervalSeconds} seconds.`,
    );

  function verificationLink(hash: string, kind: OtpKind, redirectTo: string | undefined): string {
    const query = new URLSearchParams({
      token: hash,
      type: kind,
      redirect_to: resolveRedirect(config.siteUrl, config.redirectUrls, redirectTo),
    });
    return `${config.externalUrl}/verify?${query}`;
  }

  /** Issues a one-time token of a kind (at most one per address and interval) and mails it. */
  async function sendOtp(
    user: UserRecord,
    kind: OtpKind,
    redirectTo: string | undefined,
    to = user.email,
  ): Promise<void> {
    const { code, hash } = newOtp(to);
    const at = now();
    const issued = await store.issueOtp(
      hash,
      { userId: user.id, kind, email: to, expiresAt: at + config.otpExpirySeconds * 1000 },
      {
        now: at,
        minIntervalMs: config.mailMinIntervalSeconds * 1000,
        newEmail: kind === 'email_change' ? to : undefined,
      },
    );
    if (!issued) throw tooSoon();
    await deps.mailer.send(composeEmail(kind, to, verificationLink(hash, kind, redirectTo), code));
  }

  /**
   * Writes a new user with its e-mail item in one transaction: confirmed with a first session,
   * or unconfirmed with a mailed confirmation token. Losing a race for the address answers the
   * winner's id.
   */
  async function createUser(input: {
    email: string;
    passwordHash: string;
    data: Record<string, unknown>;
    confirmed: boolean;
    redirectTo?: string;
  }): Promise<
    | { existingUserId: string }
    | { user: UserRecord; started?: { session: SessionRecord; refreshToken: string } }
  > {
    const { email, confirmed } = input;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const at = now();
      const id = randomUUID();
      const identityData = {
        ...input.data,
        sub: id,
        email,
        email_verified: confirmed,
        phone_verified: false,
      };
      const otp = confirmed ? undefined : newOtp(email);
      const user: UserRecord = {
        id,
        email,
        passwordHash: input.passwordHash,
        createdAt: at,
        updatedAt: at,
        appMetadata: EMAIL_APP_METADATA,
        userMetadata: identityData,
        identity: {
          id: randomUUID(),
          createdAt: at,
          updatedAt: at,
          identityData,
          ...(confirmed ? { lastSignInAt: at } : {}),
        },
        ...(otp
          ? { confirmationSentAt: at, confirmationTokenHash: otp.hash }
          : { emailConfirmedAt: at, lastSignInAt: at }),
      };
      const started = confirmed ? await newSession(id, 'password') : undefined;
      try {
        await store.createUser(user, {
          session: started?.session,
          otp: otp && {
            hash: otp.hash,
            record: {
              userId: id,
              kind: 'signup',
              email,
              expiresAt: at + config.otpExpirySeconds * 1000,
            },
          },
        });
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        const winner = await store.findLogin(email);
        if (winner) return { existingUserId: winner.userId };
        continue;
      }
      if (otp) {
        await deps.mailer.send(
          composeEmail(
            'signup',
            email,
            verificationLink(otp.hash, 'signup', input.redirectTo),
            otp.code,
          ),
        );
      }
      return { user, started };
    }
    throw new AuthError(503, 'service_unavailable', 'Too many concurrent sign-ups, please retry');
  }

  return {
    /** The response body: a session (autoconfirm) or a bare user (confirmation required). */
    async signUp(input: {
      email: string;
      password: string;
      data: Record<string, unknown>;
      redirectTo?: string;
    }): Promise<object> {
      const email = normalizeEmail(input.email);
      const existingResponse = async (userId: string) => {
        if (config.autoconfirm) {
          throw new AuthError(422, 'user_already_exists', 'User already registered');
        }
        const existing = await store.getUser(userId);
        if (!existing || existing.emailConfirmedAt !== undefined) {
          return obfuscatedUserJson(randomUUID(), email, input.data, now());
        }
        await sendOtp(existing, 'signup', input.redirectTo);
        return toUserJson((await store.getUser(userId)) ?? existing);
      };

      const owner = await store.findLogin(email);
      if (owner) return existingResponse(owner.userId);
      const passwordHash = await hashPassword(input.password, config.bcryptCost);
      const created = await createUser({
        email,
        passwordHash,
        data: input.data,
        confirmed: config.autoconfirm,
        redirectTo: input.redirectTo,
      });
      if ('existingUserId' in created) return existingResponse(created.existingUserId);
      if (!created.started) return toUserJson(created.user);
      return issueSession(created.user, created.started.session, created.started.refreshToken);
    },

    /** `allowed` settles once the rate limiter has counted the request; it gates the bcrypt work. */
    async passwordGrant(input: { email: string; password: string }, allowed: Promise<void>) {
      const email = input.email.trim().toLowerCase();
      // No longer address was ever stored, and DynamoDB refuses a key over 2 KB (a 500, not a 400).
      const lookUp = email && email.length <= MAX_EMAIL_LENGTH;
      const [, login] = await Promise.all([allowed, lookUp ? store.findLogin(email) : undefined]);
      if (!login) {
        await spendComparison(input.password);
        throw INVALID_CREDENTIALS();
      }
      const [user, matches] = await Promise.all([
        store.getUser(login.userId),
        passwordMatches(input.password, login.passwordHash),
      ]);
      if (!matches || !user) throw INVALID_CREDENTIALS();
      if (user.emailConfirmedAt === undefined) {
        throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      }
      const session = await signIn(user, 'password');
      const weakness = passwordWeakness(input.password, config);
      return weakness ? { ...session, weak_password: weakness } : session;
    },

    async refreshGrant(refreshToken: string, allowed: Promise<void>) {
      if (refreshToken.length < 12) {
        throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
      }
      const parts = parseRefreshToken(refreshToken);
      if (!parts) throw REFRESH_NOT_FOUND();
      const ring = await deps.keyRing();
      const hash = hashRefreshToken(refreshToken);
      await allowed;

      /** Rotates if the presented token is the session's current one at `counter`. */
      const rotate = async (counter: number) => {
        const next = deriveRefreshToken(ring.refreshKeys[0]!, { ...parts, counter: counter + 1 });
        const session = await store.rotateRefreshToken(
          { userId: parts.userId, sessionId: parts.sessionId, counter, hash },
          { refreshHash: hashRefreshToken(next), refreshedAt: now() },
        );
        return session && { session, next };
      };

      // The usual case: the token is the session's current one. One conditional write rotates
      // it while the user is read, so the grant costs a single round trip.
      const [rotated, owner] = await Promise.all([
        rotate(parts.counter),
        store.getUser(parts.userId),
      ]);
      if (rotated && owner) return issueSession(owner, rotated.session, rotated.next);

      // Otherwise it is an earlier token (reuse), another refresh won a race, or it is unknown.
      let { user, session } = await store.getUserAndSession(parts.userId, parts.sessionId);
      for (let attempt = 0; attempt < 3 && session && user; attempt += 1) {
        if (parts.counter === session.refreshCounter) {
          if (hash !== session.refreshHash) throw REFRESH_NOT_FOUND();
          const retried = await rotate(session.refreshCounter);
          if (retried) return issueSession(user, retried.session, retried.next);
          ({ user, session } = await store.getUserAndSession(parts.userId, parts.sessionId));
          continue;
        }
        const isParent =
          parts.counter === session.refreshCounter - 1 && hash === session.previousRefreshHash;
        if (
          parts.counter > session.refreshCounter ||
          !(isParent || parts.authenticWith(ring.refreshKeys))
        ) {
          throw REFRESH_NOT_FOUND();
        }
        if (now() - session.refreshedAt <= config.refreshTokenReuseIntervalSeconds * 1000) {
          const current = session;
          const currentToken = ring.refreshKeys
            .map((key) => deriveRefreshToken(key, { ...parts, counter: current.refreshCounter }))
            .find((candidate) => hashRefreshToken(candidate) === current.refreshHash);
          if (currentToken) return issueSession(user, session, currentToken);
          throw REFRESH_NOT_FOUND();
        }
        await store.deleteSession(parts.userId, parts.sessionId);
        throw new AuthError(
          400,
          'refresh_token_already_used',
          'Invalid Refresh Token: Already Used',
        );
      }
      throw REFRESH_NOT_FOUND();
    },

    async recover(rawEmail: string, redirectTo: string | undefined) {
      if (!rawEmail) {
        throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
      }
      const login = await store.findLogin(normalizeEmail(rawEmail));
      const user = login && (await store.getUser(login.userId));
      if (user) await sendOtp(user, 'recovery', redirectTo);
      return {};
    },

    async otp(input: {
      email: string;
      createUser: boolean;
      data: Record<string, unknown>;
      redirectTo?: string;
    }) {
      const email = normalizeEmail(input.email);
      const login = await store.findLogin(email);
      const user = login && (await store.getUser(login.userId));
      if (user) {
        await sendOtp(
          user,
          user.emailConfirmedAt === undefined ? 'signup' : 'magiclink',
          input.redirectTo,
        );
        return {};
      }
      if (!input.createUser || config.disableSignup) {
        throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      }
      const created = await createUser({
        email,
        passwordHash: await hashPassword(randomUUID(), config.bcryptCost),
        data: input.data,
        confirmed: false,
        redirectTo: input.redirectTo,
      });
      if ('existingUserId' in created) {
        const winner = await store.getUser(created.existingUserId);
        if (winner) await sendOtp(winner, 'magiclink', input.redirectTo);
      }
      return {};
    },

    async resend(input: { email: string; type: 'signup' | 'email_change'; redirectTo?: string }) {
      const login = await store.findLogin(normalizeEmail(input.email));
      const user = login && (await store.getUser(login.userId));
      if (!user) return {};
      if (input.type === 'signup' && user.emailConfirmedAt === undefined) {
        await sendOtp(user, 'signup', input.redirectTo);
      }
      if (input.type === 'email_change' && user.newEmail) {
        await sendOtp(user, 'email_change', input.redirectTo, user.newEmail);
      }
      return {};
    },

    /** Checks and uses up a one-time token, then signs the user in. */
    async verify(input: { type: string; token?: string; tokenHash?: string; email?: string }) {
      const invalid = () =>
        input.tokenHash
          ? new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
          : new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
      const email = input.email ? input.email.trim().toLowerCase() : '';
      const hash = input.tokenHash || otpHash(email, input.token ?? '');
      const otp = await store.getOtp(hash);
      if (
        !otp ||
        otp.expiresAt < now() ||
        !(VERIFY_TYPES[input.type] ?? []).includes(otp.kind) ||
        (email && otp.email !== email)
      ) {
        throw invalid();
      }
      const user = await store.getUser(otp.userId);
      if (!user || user[OTP_SLOTS[otp.kind].hash] !== hash) throw invalid();
      try {
        if (!(await store.consumeOtp(hash, otp, user, now()))) throw invalid();
      } catch (error) {
        if (error instanceof EmailTakenError) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
        throw error;
      }
      const verified = await store.getUser(user.id);
      if (!verified) throw invalid();
      return { session: await signIn(verified, 'otp'), kind: otp.kind };
    },

    async logout(authorization: string | undefined, scope: LogoutScope) {
      const token = await (await deps.accessTokens()).verify(authorization);
      if (scope === 'local') await store.deleteSession(token.userId, token.sessionId);
      else
        await store.deleteSessions(token.userId, scope === 'others' ? token.sessionId : undefined);
    },

    async getUser(authorization: string | undefined) {
      return toUserJson(await requireUser(await (await deps.accessTokens()).verify(authorization)));
    },

    async updateUser(
      authorization: string | undefined,
      input: {
        password?: string;
        email?: string;
        data?: Record<string, unknown>;
        appMetadata: boolean;
        redirectTo?: string;
      },
    ) {
      const token = await (await deps.accessTokens()).verify(authorization);
      if (input.appMetadata) {
        throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
      }
      const user = await requireUser(token);
      let passwordHash: string | undefined;
      if (input.password !== undefined) {
        assertAcceptablePassword(input.password, config);
        if (await passwordMatches(input.password, user.passwordHash)) {
          throw new AuthError(
            422,
            'same_password',
            'New password should be different from the old password.',
          );
        }
        passwordHash = await hashPassword(input.password, config.bcryptCost);
      }
      if (input.email) {
        const newEmail = normalizeEmail(input.email);
        if (newEmail !== user.email) {
          if (await store.findLogin(newEmail)) {
            throw new AuthError(
              422,
              'email_exists',
              'A user with this email address has already been registered',
            );
          }
          await sendOtp(user, 'email_change', input.redirectTo, newEmail);
        }
      }
      const reserved = new Set(['sub', 'email', 'email_verified', 'phone_verified']);
      const entries = Object.entries(input.data ?? {}).filter(([key]) => !reserved.has(key));
      const updated = await store.updateUser(user.id, {
        now: now(),
        set: Object.fromEntries(entries.filter(([, value]) => value !== null)),
        remove: entries.filter(([, value]) => value === null).map(([key]) => key),
        passwordHash,
        email: user.email,
      });
      if (!updated)
        throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (passwordHash) await store.deleteSessions(user.id, token.sessionId);
      return toUserJson(updated);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
