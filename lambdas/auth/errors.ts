import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The GoTrue error codes this API answers with (a subset of upstream `apierrors/errorcode.go`). */
export type AuthErrorCode =
  | 'bad_json'
  | 'validation_failed'
  | 'email_address_invalid'
  | 'weak_password'
  | 'same_password'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'user_already_exists'
  | 'email_exists'
  | 'signup_disabled'
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
  | 'service_unavailable'
  | 'unexpected_failure';

/** Every failure the auth API reports; turned into a response only in `renderAuthError`. */
export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** Extra top-level body members, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
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

/**
 * GoTrue's two error bodies: with `X-Supabase-Api-Version` ≥ 2024-01-01 `{code, message}` and
 * the version echoed (auth-js reads the code only then); otherwise the legacy
 * `{code: <status>, error_code, msg}`.
 */
export function renderAuthError(c: Context, error: AuthError): Response {
  const versioned = wantsVersionedErrors(c);
  const headers: Record<string, string> = {};
  if (versioned) headers[API_VERSION_HEADER] = API_VERSION_2024_01_01;
  if (!versioned || error.code !== 'weak_password') headers['x-sb-error-code'] = error.code;
  const body = versioned
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return c.json(body, error.status as ContentfulStatusCode, headers);
}
