import type { Context } from 'hono';
import {
  deleteSession,
  getUserAndSession,
  rotateRefreshToken,
  supersededAt,
} from '../identity/sessions';
import type { SessionRecord, UserRecord } from '../identity/records';
import {
  deriveRefreshToken,
  hashRefreshToken,
  parseRefreshToken,
} from '../identity/refresh-tokens';
import { claimSignInAttempt, clearSignInFailures } from '../identity/sign-in-failures';
import { findLogin, getUser } from '../identity/users';
import { RETRY, retryOnConflict } from '../platform/conflict-retry';
import { readJsonBody } from '../platform/json-body';
import { countMetric } from '../platform/metrics';
import type { AuthDeps } from './deps';
import { rememberDevice, signInClient } from './devices';
import { AuthError } from './errors';
import { passwordMatchesIfAny, passwordWeakness } from './passwords';
import { enforceRateLimit } from './rate-limits';
import { passwordGrantBody, refreshGrantBody } from './bodies';
import { EMAIL_MAX_LENGTH } from '../../shared/email-address';
import { parseAuthBody } from './request';
import { issueSession, signIn } from './sign-in';

const INVALID_CREDENTIALS = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
const REFRESH_NOT_FOUND = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/** `POST /token?grant_type=password|refresh_token`. */
export async function token(deps: AuthDeps, c: Context): Promise<Response> {
  // Counted in parallel with the grant's first read, which waits for it before any real work;
  // a request over the limit is answered 429 whatever else is wrong with it.
  const allowed = enforceRateLimit(deps, c, 'token', deps.config.rateLimits.token);
  allowed.catch(() => undefined);
  try {
    return c.json(await grant(deps, c, allowed));
  } catch (error) {
    await allowed;
    throw error;
  }
}

async function grant(deps: AuthDeps, c: Context, allowed: Promise<void>) {
  const grantType = c.req.query('grant_type');
  if (grantType === 'password') {
    const { email, phone, password } = parseAuthBody(passwordGrantBody, await readJsonBody(c));
    if (email && phone) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on login.',
      );
    }
    if (!email && !phone) throw new AuthError(400, 'validation_failed', 'missing email or phone');
    try {
      return await passwordGrant(deps, c, { email, password }, allowed);
    } catch (error) {
      if (error instanceof AuthError && error.code === 'invalid_credentials') {
        countMetric('FailedSignIns');
      }
      throw error;
    }
  }
  if (grantType === 'refresh_token') {
    const body = parseAuthBody(refreshGrantBody, await readJsonBody(c));
    return refreshGrant(deps, body.refresh_token, allowed);
  }
  throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
}

/**
 * `allowed` settles once the rate limiter has counted the request; it gates the bcrypt work.
 * Failed attempts make the next one wait, per address (known or not) and client, and per
 * address for clients it does not know; the right password clears what it counted.
 */
export async function passwordGrant(
  deps: AuthDeps,
  c: Context,
  input: { email: string; password: string },
  allowed: Promise<void>,
) {
  const { config, table } = deps;
  const email = input.email.trim().toLowerCase();
  // No longer address was ever stored, and DynamoDB refuses a key over 2 KB (a 500, not a 400).
  const lookUp = email && email.length <= EMAIL_MAX_LENGTH;
  const client = lookUp ? await signInClient(deps, c, email) : undefined;
  await allowed;
  const [turn, login] = await Promise.all([
    client ? claimSignInAttempt(table, email, client, deps.now(), config.signIn) : true,
    lookUp ? findLogin(table, email) : undefined,
  ]);
  if (!turn) {
    countMetric('RateLimitedRequests');
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
  // An unknown address costs one comparison too, so it cannot be told apart by time.
  const [user, matches] = await Promise.all([
    login && getUser(table, login.userId),
    passwordMatchesIfAny(input.password, login?.passwordHash, config.bcryptCost),
  ]);
  if (!matches || !user) throw INVALID_CREDENTIALS();
  await clearSignInFailures(table, email, client);
  if (user.emailConfirmedAt === undefined) {
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  }
  const session = await signIn(deps, user, 'password');
  await rememberDevice(deps, c, email);
  const weakness = passwordWeakness(input.password, config);
  return weakness ? { ...session, weak_password: weakness } : session;
}

export async function refreshGrant(deps: AuthDeps, refreshToken: string, allowed: Promise<void>) {
  const { config, table, now } = deps;
  if (refreshToken.length < 12) {
    throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
  }
  const parts = parseRefreshToken(refreshToken);
  if (!parts) throw REFRESH_NOT_FOUND();
  const ring = await deps.keyRing();
  // Only a token this server issued reaches the table (a forged one costs no read or write).
  if (!parts.authenticWith(ring.refreshKeys)) throw REFRESH_NOT_FOUND();
  const hash = hashRefreshToken(refreshToken);
  await allowed;

  /** Rotates if the presented token is the session's current one at `counter`. */
  const rotate = async (counter: number) => {
    const next = deriveRefreshToken(ring.refreshKeys[0]!, { ...parts, counter: counter + 1 });
    const session = await rotateRefreshToken(
      table,
      { userId: parts.userId, sessionId: parts.sessionId, counter, hash },
      { refreshHash: hashRefreshToken(next), refreshedAt: now() },
    );
    return session && { session, next };
  };
  const refreshed = async (user: UserRecord, session: SessionRecord, next: string) => {
    const issued = await issueSession(deps, user, session, next);
    countMetric('Refreshes');
    return issued;
  };

  // The usual case: the token is the session's current one. One conditional write rotates
  // it while the user is read, so the grant costs a single round trip.
  const [rotated, owner] = await Promise.all([rotate(parts.counter), getUser(table, parts.userId)]);
  if (rotated && owner) return refreshed(owner, rotated.session, rotated.next);

  // Otherwise it is an earlier token (reuse), another refresh won a race, or it is unknown.
  let { user, session } = await getUserAndSession(table, parts.userId, parts.sessionId);
  return retryOnConflict(
    { attempts: 3 },
    async () => {
      if (!session || !user) throw REFRESH_NOT_FOUND();
      if (parts.counter === session.refreshCounter) {
        if (hash !== session.refreshHash) throw REFRESH_NOT_FOUND();
        const retried = await rotate(session.refreshCounter);
        if (retried) return refreshed(user, retried.session, retried.next);
        // Another refresh rotated it first: judge the token again against what it wrote.
        ({ user, session } = await getUserAndSession(table, parts.userId, parts.sessionId));
        return RETRY;
      }
      const isParent =
        parts.counter === session.refreshCounter - 1 && hash === session.previousRefreshHash;
      if (parts.counter > session.refreshCounter) throw REFRESH_NOT_FOUND();
      // GoTrue's rule: the active token's parent is always answered (its client lost the last
      // response); an older token only within the reuse interval from when *it* was superseded.
      const superseded = supersededAt(session, parts.counter);
      if (
        isParent ||
        (superseded !== undefined &&
          now() - superseded <= config.refreshTokenReuseIntervalSeconds * 1000)
      ) {
        const current = session;
        const currentToken = ring.refreshKeys
          .map((key) => deriveRefreshToken(key, { ...parts, counter: current.refreshCounter }))
          .find((candidate) => hashRefreshToken(candidate) === current.refreshHash);
        if (currentToken) return refreshed(user, session, currentToken);
        throw REFRESH_NOT_FOUND();
      }
      await deleteSession(table, parts.userId, parts.sessionId);
      countMetric('RefreshTokenReuseDetected');
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    },
    () => {
      throw REFRESH_NOT_FOUND();
    },
  );
}
