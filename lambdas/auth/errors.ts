// GoTrue's error codes and bodies, on the shared base of `platform/errors.ts`.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError, logFailure, toHttpError } from '../platform/errors';
import { JsonBodyError } from '../platform/json-body';
import { requestIdOf } from '../platform/logging';
import { ApiKeyError } from '../platform/publishable-key';
import { MailDeliveryError } from './mailer';

/** The GoTrue error codes this API answers with (a subset of upstream `apierrors/errorcode.go`). */
export type AuthErrorCode =
  | 'bad_json'
  | 'validation_failed'
  | 'email_address_invalid'
  | 'weak_password'
  | 'same_password'
  | 'current_password_required'
  | 'current_password_invalid'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'user_already_exists'
  | 'email_exists'
  | 'signup_disabled'
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'anonymous_provider_disabled'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'session_not_found'
  | 'no_authorization'
  | 'bad_jwt'
  | 'user_not_found'
  | 'not_admin'
  | 'otp_expired'
  | 'otp_disabled'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'request_entity_too_large'
  | 'not_found'
  | 'conflict'
  | 'service_unavailable'
  | 'unexpected_failure';

/** Every failure the auth API reports; turned into a response only in `renderAuthError`. */
export class AuthError extends HttpError<AuthErrorCode> {
  override name = 'AuthError';
  constructor(
    status: ContentfulStatusCode,
    code: AuthErrorCode,
    message: string,
    /** Extra top-level body members, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(status, code, message);
  }
}

export const API_VERSION_2024_01_01 = '2024-01-01';
const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/** True when the request asks for the 2024-01-01 error format (a valid date ≥ 2024-01-01). */
function wantsVersionedErrors(c: Context): boolean {
  const raw = c.req.header(API_VERSION_HEADER)?.trim();
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false;
  const date = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(raw) && raw >= '2024-01-01';
}

/** Anything a handler throws, as the GoTrue error to answer with. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof ApiKeyError) return new AuthError(401, 'no_authorization', error.message);
  if (error instanceof JsonBodyError) {
    return error.problem === 'too_large'
      ? new AuthError(413, 'request_entity_too_large', error.message)
      : new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`);
  }
  if (error instanceof MailDeliveryError && error.problem === 'rejected') {
    return new AuthError(400, 'email_address_invalid', 'Email address cannot receive email');
  }
  if (error instanceof MailDeliveryError && error.problem === 'unavailable') {
    return new AuthError(503, 'service_unavailable', 'Email sending is busy, please retry');
  }
  // Access-token refusals carry their GoTrue code already.
  if (error instanceof HttpError && error.code !== 'unexpected_failure') {
    const known = error.code === 'service_unavailable' || error.status < 500;
    if (known) return new AuthError(error.status, error.code as AuthErrorCode, error.message);
  }
  const failure = toHttpError(error);
  if (failure.code === 'service_unavailable') {
    return new AuthError(503, 'service_unavailable', failure.message);
  }
  return new AuthError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );
}

/**
 * GoTrue's two error bodies: with `X-Supabase-Api-Version` ≥ 2024-01-01 `{code, message}` and
 * the version echoed (auth-js reads the code only then); otherwise the legacy
 * `{code: <status>, error_code, msg}`. A failure of ours (5xx) carries GoTrue's `error_id`: the
 * request id, which is on every log line of the request. The failure is logged here, once.
 */
export function renderAuthError(c: Context, error: unknown): Response {
  const failure = toAuthError(error);
  logFailure(c, failure, error);
  const versioned = wantsVersionedErrors(c);
  const headers: Record<string, string> = {};
  if (versioned) headers[API_VERSION_HEADER] = API_VERSION_2024_01_01;
  if (!versioned || failure.code !== 'weak_password') headers['x-sb-error-code'] = failure.code;
  const errorId = failure.status >= 500 ? { error_id: requestIdOf(c) } : {};
  const body = versioned
    ? { code: failure.code, message: failure.message, ...failure.extra, ...errorId }
    : {
        code: failure.status,
        error_code: failure.code,
        msg: failure.message,
        ...failure.extra,
        ...errorId,
      };
  return c.json(body, failure.status as ContentfulStatusCode, headers);
}
