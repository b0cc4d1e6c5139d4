import { issueOtp, newOtp, type NewOtp, type OtpKind } from '../identity/one-time-codes';
import type { UserRecord } from '../identity/users';
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
 * Counts one e-mail against the project-wide hourly budget (GoTrue's `RATE_LIMIT_EMAIL_SENT`);
 * 429 over it.
 */
export async function reserveEmail(deps: AuthDeps): Promise<void> {
  if (!(await deps.limiter.allow('email-sent', 'all', deps.config.rateLimits.emailSent))) {
    throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  }
}

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

export interface SendOtpOptions {
  /** Defaults to the user's address. */
  to?: string;
  /** The new address of an e-mail change, named in the mail to the current one. */
  about?: string;
  /** A sign-up's password, bound to its confirmation code. */
  passwordHash?: string;
  /** A paragraph for the mail, after its introduction. */
  notice?: string;
}

/** Issues a one-time code of a kind (at most one per address and interval) and mails it. */
export async function sendOtp(
  deps: AuthDeps,
  user: UserRecord,
  kind: OtpKind,
  redirectTo: string | undefined,
  options: SendOtpOptions = {},
): Promise<void> {
  const { config } = deps;
  const to = options.to ?? user.email;
  await reserveEmail(deps);
  const otp = newOtp(to);
  const at = deps.now();
  const issued = await issueOtp(
    deps.table,
    {
      userId: user.id,
      kind,
      email: to,
      expiresAt: at + config.otpExpirySeconds * 1000,
      codeHash: otp.codeHash,
      linkHash: otp.linkHash,
      ...(options.passwordHash ? { passwordHash: options.passwordHash } : {}),
    },
    {
      now: at,
      minIntervalMs: config.mailMinIntervalSeconds * 1000,
      newEmail: kind === 'email_change' ? to : undefined,
    },
  );
  if (!issued) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${config.mailMinIntervalSeconds} seconds.`,
    );
  }
  await mailOtp(deps, otp, kind, to, redirectTo, { about: options.about, notice: options.notice });
}

/**
 * GoTrue's secure e-mail change: a code to the new address and one to the current address
 * (which is told what is asked); the address moves only once both are used.
 */
export async function sendEmailChange(
  deps: AuthDeps,
  user: UserRecord,
  newEmail: string,
  redirectTo: string | undefined,
): Promise<void> {
  await sendOtp(deps, user, 'email_change', redirectTo, { to: newEmail });
  await sendOtp(deps, user, 'email_change_current', redirectTo, { about: newEmail });
}
