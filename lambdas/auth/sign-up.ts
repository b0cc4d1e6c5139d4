import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import {
  emailIdentityData,
  findLogin,
  getUser,
  obfuscatedUserJson,
  toUserJson,
} from '../identity/users';
import { readJsonBody } from '../platform/json-body';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { NO_PASSWORD_KEPT } from './emails';
import { sendOtp } from './mail-codes';
import { chargeMailRequest } from './mail-limits';
import { createUser } from './new-users';
import { assertAcceptablePassword, hashPassword, passwordMatchesIfAny } from './passwords';
import { signUpBody } from './bodies';
import { assertUserMetadataFits, normalizeEmail, parseAuthBody } from './request';
import { issueSession } from './sign-in';

/** `POST /signup`: a session (autoconfirm) or a bare user (confirmation required). */
export async function signUp(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps;
  if (config.disableSignup) {
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  }
  const body = parseAuthBody(signUpBody, await readJsonBody(c));
  const { email: rawEmail, phone, password } = body;
  const data = body.data ?? {};
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
  assertUserMetadataFits(emailIdentityData(data, { id: randomUUID(), email, confirmed: false }));
  // A sign-up mails only when confirmation is on; its interval is the per-kind one.
  if (!config.autoconfirm) await chargeMailRequest(deps, c, [email], { interval: false });
  // Hashed before the address is looked up: a known address costs what a new one does.
  const passwordHash = await hashPassword(password, config.bcryptCost);
  const existingResponse = async (userId: string) => {
    if (config.autoconfirm) {
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    }
    const existing = await getUser(deps.table, userId);
    if (!existing || existing.emailConfirmedAt !== undefined) {
      // The same work as a new sign-up (a hash and a comparison, a code written in a
      // transaction, an e-mail sent, the same 429 for a repeat within the interval): the owner
      // gets a sign-in link, and neither the answer nor its timing tells the account exists.
      await passwordMatchesIfAny(password, undefined, config.bcryptCost);
      if (existing) await sendOtp(deps, existing, 'magiclink', redirectTo);
      return obfuscatedUserJson(randomUUID(), email, data, deps.now());
    }
    // The new code replaces the pending one and goes to the owner's inbox; confirming keeps no
    // password (`verifyCode`), so whoever confirms is signed in and chooses one then.
    await passwordMatchesIfAny(password, undefined, config.bcryptCost);
    await sendOtp(deps, existing, 'signup', redirectTo, { notice: NO_PASSWORD_KEPT });
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
  if (!config.autoconfirm) await passwordMatchesIfAny(password, undefined, config.bcryptCost);
  if (!created.started) return c.json(toUserJson(created.user));
  const { session, refreshToken } = created.started;
  return c.json(await issueSession(deps, created.user, session, refreshToken));
}
