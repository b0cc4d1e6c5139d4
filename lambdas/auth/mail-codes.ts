import { issueOtp, newOtp, type OtpKind } from '../identity/one-time-codes';
import type { UserRecord } from '../identity/users';
import type { AuthDeps } from './deps';
import { composeEmail } from './emails';
import { AuthError } from './errors';
import { resolveRedirect } from './redirects';

/** The e-mailed link: `GET /verify` with the code's hash, then on to an allowed page. */
export function verificationLink(
  deps: AuthDeps,
  hash: string,
  kind: OtpKind,
  redirectTo: string | undefined,
): string {
  const { config } = deps;
  const query = new URLSearchParams({
    token: hash,
    type: kind,
    redirect_to: resolveRedirect(config.siteUrl, config.redirectUrls, redirectTo),
  });
  return `${config.externalUrl}/verify?${query}`;
}

/** Issues a one-time code of a kind (at most one per address and interval) and mails it. */
export async function sendOtp(
  deps: AuthDeps,
  user: UserRecord,
  kind: OtpKind,
  redirectTo: string | undefined,
  to = user.email,
): Promise<void> {
  const { config } = deps;
  const { code, hash } = newOtp(to);
  const at = deps.now();
  const issued = await issueOtp(
    deps.table,
    hash,
    { userId: user.id, kind, email: to, expiresAt: at + config.otpExpirySeconds * 1000 },
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
  await deps.mailer.send(
    composeEmail(kind, to, verificationLink(deps, hash, kind, redirectTo), code),
  );
}
