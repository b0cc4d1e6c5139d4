import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import {
  CODE_FORMAT,
  OTP_SLOTS,
  consumeOtp,
  countCodeAttempt,
  getOtp,
  getPendingCodes,
  linkTokenHash,
  otpHash,
} from '../identity/code-store';
import type { OtpKind } from '../identity/records';
import { EmailTakenError, emailIdentityData, findLogin, getUser } from '../identity/users';
import { readJsonBody } from '../platform/json-body';
import type { AuthDeps } from './deps';
import { NO_PASSWORD_KEPT } from './emails';
import { deviceFor, rememberDevice } from './devices';
import { AuthError } from './errors';
import { SendTooSoonError, probeEmailBudget, sendEmailChange, sendOtp } from './mail-codes';
import { chargeMailRequest } from './mail-limits';
import { createUser } from './new-users';
import { hashPassword } from './passwords';
import { enforceRateLimit } from './rate-limits';
import { resolveRedirect } from './redirects';
import {
  otpAddressBody,
  otpOptionsBody,
  phoneBody,
  recoverBody,
  resendBody,
  verifyBody,
} from './bodies';
import { EMAIL_MAX_LENGTH } from '../../shared/email-address';
import { assertUserMetadataFits, normalizeEmail, parseAuthBody } from './request';
import { signIn } from './sign-in';

/**
 * Which stored code kinds a `/verify` type accepts, as GoTrue's: `signup` the confirmation
 * token, `recovery` and `magiclink` the recovery token (which both kinds share here), `email`
 * either, `email_change` either half of a change. Any other type is refused.
 */
const VERIFY_TYPES: Record<string, OtpKind[]> = {
  signup: ['signup'],
  email: ['signup', 'recovery', 'magiclink'],
  magiclink: ['recovery', 'magiclink'],
  recovery: ['recovery', 'magiclink'],
  email_change: ['email_change', 'email_change_current'],
};

/** What a link token can be: ours are 43 characters; anything much longer is not one. */
const MAX_LINK_TOKEN_LENGTH = 256;

/** GoTrue's answer to the first half of a secure e-mail change. */
const OTHER_ADDRESS_PENDING =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

async function userByEmail(deps: AuthDeps, email: string) {
  const login = await findLogin(deps.table, email);
  return login && (await getUser(deps.table, login.userId));
}

/**
 * Mails a code to a known user, or for an unknown address only checks the budget: either way the
 * same answer. A per-kind interval refusal (only a known address has one) is answered as a send.
 */
async function sendOrPretend(
  deps: AuthDeps,
  user: Awaited<ReturnType<typeof userByEmail>>,
  send: (user: NonNullable<Awaited<ReturnType<typeof userByEmail>>>) => Promise<void>,
): Promise<void> {
  // An unknown address answers as a confirmed account's recovery would, reserve included.
  if (!user) return probeEmailBudget(deps, { recovery: true });
  try {
    await send(user);
  } catch (error) {
    if (!(error instanceof SendTooSoonError)) throw error;
  }
}

/**
 * Runs the part of a request that mails a known address and not an unknown one (a valid body's
 * lookups and send), answering no sooner than `mailAnswerFloorMs` after it started, so its time
 * tells nothing (a Lambda cannot send after
 * answering). A send slower than the floor still shows; the floor sits above SES's usual time.
 */
async function atFloor(deps: AuthDeps, work: () => Promise<Response>): Promise<Response> {
  const started = deps.now();
  try {
    return await work();
  } finally {
    const left = started + deps.config.mailAnswerFloorMs - deps.now();
    if (left > 0) await deps.sleep(left);
  }
}

/** `POST /recover`: mails a password-recovery link (the answer never tells whether it did). */
export async function recover(deps: AuthDeps, c: Context): Promise<Response> {
  const rawEmail = parseAuthBody(recoverBody, await readJsonBody(c)).email;
  if (!rawEmail) {
    throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
  }
  const email = normalizeEmail(rawEmail);
  return atFloor(deps, async () => {
    const device = await deviceFor(deps, c, email);
    await chargeMailRequest(deps, c, [email], { bucket: 'mail-recovery', device });
    const user = await userByEmail(deps, email);
    await sendOrPretend(deps, user, (known) =>
      sendOtp(deps, known, 'recovery', c.req.query('redirect_to')),
    );
    return c.json({});
  });
}

/** `POST /otp`: mails a magic link (or the confirmation), creating the user if asked to. */
export async function otp(deps: AuthDeps, c: Context): Promise<Response> {
  const body = await readJsonBody(c);
  const { email: rawEmail, phone } = parseAuthBody(otpAddressBody, body);
  if (rawEmail && phone) {
    throw new AuthError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided.',
    );
  }
  if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!rawEmail) throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
  const options = parseAuthBody(otpOptionsBody, body);
  const createIfMissing = options.create_user;
  const data = options.data ?? {};
  const redirectTo = c.req.query('redirect_to');

  const email = normalizeEmail(rawEmail);
  assertUserMetadataFits(emailIdentityData(data, { id: randomUUID(), email, confirmed: false }));
  return atFloor(deps, () => otpFor(deps, c, { email, createIfMissing, data, redirectTo }));
}

async function otpFor(
  deps: AuthDeps,
  c: Context,
  input: {
    email: string;
    createIfMissing: boolean;
    data: Record<string, unknown>;
    redirectTo: string | undefined;
  },
): Promise<Response> {
  const { config } = deps;
  const { email, createIfMissing, data, redirectTo } = input;
  await chargeMailRequest(deps, c, [email], { bucket: 'mail-recovery' });
  const user = await userByEmail(deps, email);
  // Without an account and without leave to create one, nothing is sent; the answer is the
  // same as for an account (GoTrue answers 422 `otp_disabled`, which tells the address is free).
  if (user || !createIfMissing || config.disableSignup) {
    await sendOrPretend(deps, user, (known) =>
      sendOtp(
        deps,
        known,
        known.emailConfirmedAt === undefined ? 'signup' : 'magiclink',
        redirectTo,
      ),
    );
    return c.json({});
  }
  const created = await createUser(deps, {
    email,
    passwordHash: await hashPassword(randomUUID(), config.bcryptCost),
    data,
    confirmed: false,
    redirectTo,
  });
  if ('existingUserId' in created) {
    const winner = await getUser(deps.table, created.existingUserId);
    if (winner) await sendOtp(deps, winner, 'magiclink', redirectTo);
  }
  return c.json({});
}

/** `POST /resend`: the confirmation or e-mail-change code again. */
export async function resend(deps: AuthDeps, c: Context): Promise<Response> {
  const { type, email: rawEmail } = parseAuthBody(resendBody, await readJsonBody(c));
  if (type !== 'signup' && type !== 'email_change') {
    throw new AuthError(
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (!rawEmail) throw new AuthError(400, 'validation_failed', 'An email address is required');
  const redirectTo = c.req.query('redirect_to');
  const email = normalizeEmail(rawEmail);
  const refund = await chargeMailRequest(deps, c, [email]);
  const user = await userByEmail(deps, email);
  // Nothing to send (no account, a confirmed one, no change pending) spends nothing.
  try {
    if (type === 'signup' && user && user.emailConfirmedAt === undefined) {
      await sendOtp(deps, user, 'signup', redirectTo, { notice: NO_PASSWORD_KEPT });
    } else if (type === 'email_change' && user?.newEmail) {
      await sendEmailChange(deps, user, user.newEmail, redirectTo);
    } else {
      await refund();
    }
  } catch (error) {
    await refund();
    throw error;
  }
  return c.json({});
}

/**
 * Checks and uses up a one-time code, then signs the user in (no session when it was the first
 * half of a secure e-mail change). A typed code counts against its address's attempts first,
 * so a burned address answers `otp_expired` even to the right code.
 */
async function verifyCode(
  deps: AuthDeps,
  input: { type: string; token?: string; tokenHash?: string; email?: string },
) {
  const { table, now } = deps;
  // Refused before anything is looked up or counted against the address's attempts.
  const kinds = Object.hasOwn(VERIFY_TYPES, input.type) ? VERIFY_TYPES[input.type]! : undefined;
  if (!kinds) throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
  const invalid = () =>
    input.tokenHash
      ? new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
      : new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  const { codeKey } = await deps.keyRing();
  let key: string;
  if (input.tokenHash) {
    if (input.tokenHash.length > MAX_LINK_TOKEN_LENGTH) throw invalid();
    key = linkTokenHash(codeKey, input.tokenHash);
  } else {
    const email = (input.email ?? '').trim().toLowerCase();
    if (email.length > EMAIL_MAX_LENGTH) {
      throw new AuthError(422, 'validation_failed', 'Invalid email format');
    }
    // Not six digits: no code could match, so nothing is looked up or counted.
    if (!CODE_FORMAT.test(input.token ?? '')) throw invalid();
    if (!(await countCodeAttempt(table, email))) throw invalid();
    key = otpHash(codeKey, email, input.token!);
  }
  const code = await getOtp(table, key);
  if (!code || code.expiresAt < now() || !kinds.includes(code.kind)) throw invalid();
  const [user, pending] = await Promise.all([
    getUser(table, code.userId),
    getPendingCodes(table, code.userId),
  ]);
  if (!user || pending[OTP_SLOTS[code.kind].hash] !== code.codeHash) throw invalid();
  // Confirming an address keeps no password set before it (GoTrue's rule for unconfirmed
  // accounts): nothing proves the sign-up came from the inbox's owner. The holder of the code is
  // signed in and chooses one.
  const confirming = user.emailConfirmedAt === undefined;
  const confirmedPasswordHash = confirming
    ? await hashPassword(randomUUID(), deps.config.bcryptCost)
    : undefined;
  let outcome;
  try {
    outcome = await consumeOtp(table, code, user, now(), confirmedPasswordHash);
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
  if (outcome === 'stale') throw invalid();
  if (outcome === 'partial') return {};
  const verified = await getUser(table, user.id);
  if (!verified) throw invalid();
  return { session: await signIn(deps, verified, 'otp'), confirming };
}

/** `POST /verify`: a typed code (with its address) or a code hash, for a session. */
export async function verify(deps: AuthDeps, c: Context): Promise<Response> {
  const body = await readJsonBody(c);
  const { type, token, token_hash: tokenHash, email } = parseAuthBody(verifyBody, body);
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if (!token === !tokenHash) {
    throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  if (tokenHash && (email || parseAuthBody(phoneBody, body).phone)) {
    throw new AuthError(
      400,
      'validation_failed',
      'Only the token_hash and type should be provided',
    );
  }
  if (token && !email) {
    throw new AuthError(400, 'validation_failed', 'Verify requires an email with a token');
  }
  const verified = await verifyCode(deps, { type, token, tokenHash, email });
  if (!verified.session) return c.json({ msg: OTHER_ADDRESS_PENDING, code: '200' });
  await rememberDevice(deps, c, verified.session.user.email);
  return c.json(verified.session);
}

/** `GET /verify` (e-mail links): signs in and hands the tokens to the SPA in the URL fragment. */
export async function verifyLink(deps: AuthDeps, c: Context): Promise<Response> {
  const { config } = deps;
  const redirect = resolveRedirect(config.siteUrl, config.redirectUrls, c.req.query('redirect_to'));
  const type = c.req.query('type') ?? '';
  const fragment = new URLSearchParams();
  try {
    await enforceRateLimit(deps, c, 'verify', config.rateLimits.verify);
    const tokenHash = c.req.query('token');
    if (!type || !tokenHash) {
      throw new AuthError(
        400,
        'validation_failed',
        'Verify requires a verification type and a token',
      );
    }
    const { session, confirming } = await verifyCode(deps, { type, tokenHash });
    if (!session) fragment.set('message', OTHER_ADDRESS_PENDING);
    else {
      await rememberDevice(deps, c, session.user.email);
      for (const [key, value] of Object.entries({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        // A just-confirmed account has no password: `recovery` makes the SPA ask for one.
        type: confirming ? 'recovery' : type,
      })) {
        fragment.set(key, value);
      }
    }
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    fragment.set('error', error.status === 429 ? 'too_many_requests' : 'access_denied');
    fragment.set('error_code', error.code);
    fragment.set('error_description', error.message);
  }
  fragment.set('sb', '');
  const target = new URL(redirect);
  target.hash = fragment.toString();
  return c.redirect(target.href, 303);
}
