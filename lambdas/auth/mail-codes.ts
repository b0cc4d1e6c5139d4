import { issueOtps, newOtp, type NewOtp } from '../identity/code-store';
import type { OtpKind, UserRecord } from '../identity/records';
import type { RateLimitRule } from '../identity/rate-limiter';
import type { AuthDeps } from './deps';
import { composeEmail, type EmailDetails } from './emails';
import { AuthError } from './errors';
import { resolveRedirect } from './redirects';

/** The e-mailed link: `GET /verify` with the code's link token, then on to an allowed page. */
export function verificationLink(
  deps: AuthDeps,
  linkToken: string,
  kind: OtpKind,
  redirectTo: string | undefined,
): string {
  const { config } = deps;
  const query = new URLSearchParams({
    token: linkToken,
    // Both halves of an e-mail change are verified as `email_change`, as GoTrue's links are.
    type: kind === 'email_change_current' ? 'email_change' : kind,
    redirect_to: resolveRedirect(config.siteUrl, config.redirectUrls, redirectTo),
  });
  return `${config.externalUrl}/verify?${query}`;
}

/**
 * Counts `count` e-mails against the project-wide hourly budget (GoTrue's
 * `RATE_LIMIT_EMAIL_SENT`), and once it is spent, a `recovery` e-mail (a recovery or magic link
 * of a confirmed account) against a reserve sign-ups and unknown addresses cannot spend; 429
 * over it, with nothing counted. Answers the function that gives them back, for when they are
 * not sent after all (so refused requests do not drain the budget).
 */
export async function reserveEmails(
  deps: AuthDeps,
  count: number,
  options: { recovery?: boolean } = {},
): Promise<() => Promise<void>> {
  const { emailSent, emailRecoveryReserve } = deps.config.rateLimits;
  const taken: [string, RateLimitRule][] = [];
  const release = async () => {
    await Promise.all(taken.map(([bucket, rule]) => deps.limiter.release(bucket, 'all', rule)));
  };
  for (let reserved = 0; reserved < count; reserved += 1) {
    if (await deps.limiter.allow('email-sent', 'all', emailSent)) {
      taken.push(['email-sent', emailSent]);
    } else if (
      options.recovery &&
      emailRecoveryReserve.limit > 0 &&
      (await deps.limiter.allow('email-recovery', 'all', emailRecoveryReserve))
    ) {
      taken.push(['email-recovery', emailRecoveryReserve]);
    } else {
      await release();
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
  }
  return release;
}

/**
 * Refuses with the budget's 429 when the hour's e-mails are gone, without spending one: what a
 * request for an address without an account answers, so it looks like one with an account
 * (`recovery`: like a confirmed account's recovery, which may draw on the reserve).
 */
export async function probeEmailBudget(
  deps: AuthDeps,
  options: { recovery?: boolean } = {},
): Promise<void> {
  await (
    await reserveEmails(deps, 1, options)
  )();
}

/** The per-kind interval refused a send (a known address only: callers may hide it). */
export class SendTooSoonError extends AuthError {}

/** Mails a code and its link. */
export async function mailOtp(
  deps: AuthDeps,
  otp: NewOtp,
  kind: OtpKind,
  to: string,
  redirectTo: string | undefined,
  details: Pick<EmailDetails, 'about' | 'notice'> = {},
): Promise<void> {
  await deps.mailer.send(
    composeEmail(kind, to, {
      link: verificationLink(deps, otp.linkToken, kind, redirectTo),
      code: otp.code,
      ...details,
    }),
  );
}

/** One code to issue and mail. */
interface CodeToSend {
  kind: OtpKind;
  to: string;
  /** The new address of an e-mail change, named in the mail to the current one. */
  about?: string;
  /** A paragraph for the mail, after its introduction. */
  notice?: string;
}

/**
 * Reserves the e-mails, records the codes in one transaction (at most one per kind and
 * interval), then mails them. A refusal writes and sends nothing and gives the e-mails back.
 */
async function issueAndMail(
  deps: AuthDeps,
  user: UserRecord,
  codes: CodeToSend[],
  redirectTo: string | undefined,
  newEmail?: string,
): Promise<void> {
  const { config } = deps;
  const recovery =
    user.emailConfirmedAt !== undefined &&
    codes.every(({ kind }) => kind === 'recovery' || kind === 'magiclink');
  const release = await reserveEmails(deps, codes.length, { recovery });
  const { codeKey } = await deps.keyRing();
  const at = deps.now();
  const otps = codes.map((code) => ({ code, otp: newOtp(codeKey, code.to) }));
  let issued = false;
  try {
    issued = await issueOtps(
      deps.table,
      otps.map(({ code, otp }) => ({
        userId: user.id,
        kind: code.kind,
        email: code.to,
        expiresAt: at + config.otpExpirySeconds * 1000,
        codeHash: otp.codeHash,
        linkHash: otp.linkHash,
      })),
      { now: at, minIntervalMs: config.mailMinIntervalSeconds * 1000, newEmail },
    );
  } finally {
    if (!issued) await release();
  }
  if (!issued) {
    throw new SendTooSoonError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${config.mailMinIntervalSeconds} seconds.`,
    );
  }
  for (const { code, otp } of otps) {
    await mailOtp(deps, otp, code.kind, code.to, redirectTo, {
      about: code.about,
      notice: code.notice,
    });
  }
}

/** Issues a one-time code of a kind to the user's address (at most one per interval) and mails it. */
export async function sendOtp(
  deps: AuthDeps,
  user: UserRecord,
  kind: OtpKind,
  redirectTo: string | undefined,
  options: Pick<CodeToSend, 'notice'> = {},
): Promise<void> {
  await issueAndMail(deps, user, [{ kind, to: user.email, ...options }], redirectTo);
}

/**
 * GoTrue's secure e-mail change: a code to the new address and one to the current address
 * (which is told what is asked), both written with the pending address in one transaction;
 * the address moves only once both are used.
 */
export async function sendEmailChange(
  deps: AuthDeps,
  user: UserRecord,
  newEmail: string,
  redirectTo: string | undefined,
): Promise<void> {
  await issueAndMail(
    deps,
    user,
    [
      { kind: 'email_change', to: newEmail },
      { kind: 'email_change_current', to: user.email, about: newEmail },
    ],
    redirectTo,
    newEmail,
  );
}
