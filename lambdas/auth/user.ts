import type { Context } from 'hono';
import type { VerifiedAccessToken } from '../identity/access-tokens';
import type { EmailLogin } from '../identity/records';
import { deleteSessions } from '../identity/sessions';
import { claimSignInAttempt, clearSignInFailures } from '../identity/sign-in-failures';
import {
  UserUpdateConflictError,
  findLogin,
  getUser,
  toUserJson,
  updateUser,
} from '../identity/users';
import { readJsonBody } from '../platform/json-body';
import type { AuthDeps } from './deps';
import { emailProviderDisabled } from './email-provider';
import { signInClient } from './devices';
import { AuthError } from './errors';
import { sendEmailChange } from './mail-codes';
import { chargeMailRequest } from './mail-limits';
import { assertAcceptablePassword, hashPassword, passwordMatches } from './passwords';
import { userUpdateBody } from './bodies';
import { assertUserMetadataFits, normalizeEmail, parseAuthBody } from './request';
import { requireUser } from './sign-in';

const RESERVED_METADATA = new Set(['sub', 'email', 'email_verified', 'phone_verified']);

function mergeMetadata(
  current: Record<string, unknown>,
  entries: [string, unknown][],
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of entries) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  assertUserMetadataFits(merged);
  return merged;
}

/** When the session signed in (the latest `amr` entry, epoch ms), if the token says. */
function signedInAt(token: VerifiedAccessToken): number | undefined {
  const amr = (token.claims as { amr?: { timestamp?: unknown }[] }).amr ?? [];
  const times = amr.map((entry) => entry.timestamp).filter((t) => typeof t === 'number');
  return times.length ? Math.max(...(times as number[])) * 1000 : undefined;
}

/**
 * GoTrue's secure password change: a session older than the recent-sign-in window (a stolen
 * token, a shared computer) must give the current password, which counts as a sign-in attempt.
 * A fresh session (just signed in, or just opened from a recovery link) need not.
 */
async function requireCurrentPasswordUnlessRecent(
  deps: AuthDeps,
  c: Context,
  token: VerifiedAccessToken,
  email: string,
  currentPassword: string,
  login: EmailLogin | undefined,
): Promise<void> {
  const { config } = deps;
  const at = signedInAt(token);
  if (at !== undefined && deps.now() - at <= config.passwordChangeRecentSignInSeconds * 1000)
    return;
  const required = 'Current password required when setting new password.';
  if (!currentPassword) throw new AuthError(400, 'current_password_required', required);
  const client = await signInClient(deps, c, email);
  const turn = await claimSignInAttempt(deps.table, email, client, deps.now(), config.signIn);
  if (!turn) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  if (!login || !(await passwordMatches(currentPassword, login.passwordHash))) {
    throw new AuthError(400, 'current_password_invalid', required);
  }
  await clearSignInFailures(deps.table, email, client);
}

/** `GET /user`: the caller. */
export async function getCurrentUser(deps: AuthDeps, c: Context): Promise<Response> {
  const token = await (await deps.accessTokens()).verify(c.req.header('authorization'));
  return c.json(toUserJson(await requireUser(deps, token)));
}

/** `PUT /user`: new password, new address (confirmed by e-mail), or user metadata. */
export async function updateCurrentUser(deps: AuthDeps, c: Context): Promise<Response> {
  const { config, table } = deps;
  const authorization = c.req.header('authorization');
  const body = parseAuthBody(userUpdateBody, await readJsonBody(c));
  const password = body.password ?? undefined;
  const { current_password: currentPassword, email: rawEmail, data } = body;
  const redirectTo = c.req.query('redirect_to');

  const token = await (await deps.accessTokens()).verify(authorization);
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  const user = await requireUser(deps, token);
  let passwordHash: string | undefined;
  if (password !== undefined) {
    assertAcceptablePassword(password, config);
    const login = await findLogin(table, user.email);
    await requireCurrentPasswordUnlessRecent(deps, c, token, user.email, currentPassword, login);
    if (login && (await passwordMatches(password, login.passwordHash))) {
      throw new AuthError(
        422,
        'same_password',
        'New password should be different from the old password.',
      );
    }
    passwordHash = await hashPassword(password, config.bcryptCost);
  }
  const newEmail = rawEmail ? normalizeEmail(rawEmail) : undefined;
  const movesEmail = newEmail !== undefined && newEmail !== user.email;
  // Without a sender nobody could confirm the change: refused before anything is written.
  if (movesEmail && !deps.emailEnabled) throw emailProviderDisabled(400);
  const refund = movesEmail
    ? await chargeMailRequest(deps, c, [newEmail, user.email], { interval: false })
    : undefined;
  if (movesEmail && (await findLogin(table, newEmail))) {
    await refund?.();
    throw new AuthError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  }
  const entries = Object.entries(data ?? {}).filter(([key]) => !RESERVED_METADATA.has(key));
  // Nothing to change (e.g. `{password: null}`): answer the user and leave the stored item alone.
  if (!passwordHash && !movesEmail && entries.length === 0) return c.json(toUserJson(user));
  let updated;
  try {
    updated = await updateUser(table, user, {
      now: deps.now(),
      // GoTrue's shallow merge: each key set, or deleted when null.
      metadata: entries.length ? (current) => mergeMetadata(current, entries) : undefined,
      passwordHash,
    });
  } catch (error) {
    if (error instanceof UserUpdateConflictError) {
      throw new AuthError(409, 'conflict', 'The user was changed concurrently, please retry');
    }
    throw error;
  }
  if (!updated) {
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  }
  if (passwordHash) await deleteSessions(table, user.id, token.sessionId);
  // After the password: a new password clears pending e-mail-change tokens.
  if (movesEmail) {
    await sendEmailChange(deps, updated, newEmail, redirectTo);
    return c.json(toUserJson((await getUser(table, user.id)) ?? updated));
  }
  return c.json(toUserJson(updated));
}
