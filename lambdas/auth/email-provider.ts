import type { MiddlewareHandler } from 'hono';
import { AuthError } from './errors';
import type { Mailer } from './mailer';

/** GoTrue's words when its e-mail provider is off (`requireEmailProvider`, magic links). */
const EMAIL_DISABLED = 'Email logins are disabled';

/** The refusal of anything that needs an e-mail when there is no sender. */
export function emailProviderDisabled(status: 400 | 422): AuthError {
  return new AuthError(status, 'email_provider_disabled', EMAIL_DISABLED);
}

/**
 * Without a sender (`MAIL_FROM` unset), the endpoints whose only job is an e-mail answer as
 * GoTrue's do with the e-mail provider disabled: 400 on `/recover` and `/resend`, 422 on `/otp`
 * (magic links), before anything is stored.
 */
export function requireEmailProvider(emailEnabled: boolean, status: 400 | 422): MiddlewareHandler {
  return async (_c, next) => {
    if (!emailEnabled) throw emailProviderDisabled(status);
    await next();
  };
}

/** The mailer without a sender: any other path that would send an e-mail is refused the same way. */
export const emailDisabledMailer: Mailer = {
  send() {
    return Promise.reject(emailProviderDisabled(400));
  },
};
