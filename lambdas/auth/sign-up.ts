import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { findLogin, getUser, obfuscatedUserJson, toUserJson } from '../identity/users';
import { readJsonBody } from '../platform/json-body';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { sendOtp } from './mail-codes';
import { createUser } from './new-users';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { normalizeEmail, optionalObject, optionalString } from './request';
import { issueSession } from './sign-in';

/** `POST /signup`: a session (autoconfirm) or a bare user (confirmation required). */
export async function signUp(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps;
  if (config.disableSignup) {
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  }
  const body = await readJsonBody(c);
  const rawEmail = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data') ?? {};
  const redirectTo = c.req.query('redirect_to');
  if (!rawEmail && !phone) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (!password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
  assertAcceptablePassword(password, config);
  if (rawEmail && phone) {
    throw new AuthError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');

  const email = normalizeEmail(rawEmail);
  // Hashed before the address is looked up: a known address costs what a new one does.
  const passwordHash = await hashPassword(password, config.bcryptCost);
  const existingResponse = async (userId: string) => {
    if (config.autoconfirm) {
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    }
    const existing = await getUser(deps.table, userId);
    if (!existing || existing.emailConfirmedAt !== undefined) {
      // The same work as a new sign-up (a code written in a transaction, an e-mail sent, the
      // same 429 for a repeat within the interval): the owner gets a sign-in link, and
      // neither the answer nor its timing tells the account exists.
      if (existing) await sendOtp(deps, existing, 'magiclink', redirectTo);
      return obfuscatedUserJson(randomUUID(), email, data, deps.now());
    }
    // A new confirmation code bound to this sign-up's password: whoever confirms sets it.
    await sendOtp(deps, existing, 'signup', redirectTo, { passwordHash });
    return toUserJson((await getUser(deps.table, userId)) ?? existing);
  };

  const owner = await findLogin(deps.table, email);
  if (owner) return c.json(await existingResponse(owner.userId));
  const created = await createUser(deps, {
    email,
    passwordHash,
    data,
    confirmed: config.autoconfirm,
    redirectTo,
  });
  if ('existingUserId' in created) return c.json(await existingResponse(created.existingUserId));
  if (!created.started) return c.json(toUserJson(created.user));
  const { session, refreshToken } = created.started;
  return c.json(await issueSession(deps, created.user, session, refreshToken));
}
