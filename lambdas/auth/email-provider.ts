import type { MiddlewareHandler } from 'hono';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import type { Mailer } from './mailer';

/** GoTrue's words when its e-mail provider is off (`requireEmailProvider`, magic links). */
const EMAIL_DISABLED = 'Email logins are disabled';

/**
 * Without a sender (`MAIL_FROM` unset), the endpoints whose only job is an e-mail answer as
 * GoTrue's do with the e-mail provider disabled: 400 on `/recover` and `/resend`, 422 on `/otp`
 * (magic links), before anything is stored.
 */
export function requireEmailProvider(deps: AuthDeps, status: 400 | 422): MiddlewareHandler {
  return async (_c, next) => {
    if (!deps.emailEnabled) throw new AuthError(status, 'email_provider_disabled', EMAIL_DISABLED);
    await next();
  };
}

/** The mailer without a sender: any other path that would send an e-mail is refused the same way. */
export const emailDisabledMailer: Mailer = {
  send() {
    return Promise.reject(new AuthError(400, 'email_provider_disabled', EMAIL_DISABLED));
  },
};
