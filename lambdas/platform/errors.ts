// The error base every API shares; `auth/errors.ts` adds GoTrue's codes and bodies.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isTransientAwsError } from './aws-errors';
import { JsonBodyError } from './json-body';
import { requestLog } from './logging';
import { ApiKeyError } from './publishable-key';

/**
 * The fixed list of error codes the payment functions answer with. Every failure becomes one
 * of these in ONE place (`toHttpError`), rendered as JSON `{error, code}`; never a stack trace.
 */
export type ErrorCode =
  | 'no_api_key'
  | 'invalid_api_key'
  | 'no_authorization'
  | 'bad_jwt'
  | 'session_not_found'
  | 'invalid_request'
  | 'invalid_price'
  | 'invalid_redirect_url'
  | 'already_subscribed'
  | 'no_customer'
  | 'not_found'
  | 'method_not_allowed'
  | 'over_request_rate_limit'
  | 'invalid_signature'
  | 'service_unavailable'
  | 'payment_provider_unavailable'
  | 'payment_provider_error'
  | 'payments_not_configured'
  | 'unexpected_failure';

/** A failure with the status and code to answer with; `code` is the protocol's own. */
export class HttpError<Code extends string = ErrorCode> extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: Code,
    message: string,
    /** Sent with the answer (a 429's `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const STRIPE_UNAVAILABLE = new Set([
  'StripeConnectionError',
  'StripeRateLimitError',
  'StripeAPIError',
]);

/**
 * Stripe SDK errors are recognised by their `type` (the SDK sets it to the error class name) so
 * that this module does not load the SDK: the rest Lambda, which never calls Stripe, stays small.
 */
function stripeErrorType(error: unknown): string | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('Stripe') ? type : undefined;
}

/**
 * The answer to anything a payment function's handler throws: its own `HttpError`, the
 * platform's refusals (API key, body), or what went wrong on our side: a transient
 * database failure (503), Stripe unavailable (503) or refusing us (502),
 * or a bug (500).
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error as HttpError;
  if (error instanceof ApiKeyError) {
    return new HttpError(
      401,
      error.problem === 'missing' ? 'no_api_key' : 'invalid_api_key',
      error.message,
    );
  }
  if (error instanceof JsonBodyError) {
    return new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
  }
  if (isTransientAwsError(error)) {
    return new HttpError(
      503,
      'service_unavailable',
      'Service temporarily unavailable, please retry',
    );
  }
  const stripeType = stripeErrorType(error);
  if (stripeType && STRIPE_UNAVAILABLE.has(stripeType)) {
    return new HttpError(
      503,
      'payment_provider_unavailable',
      'The payment provider is temporarily unavailable, please retry',
    );
  }
  if (stripeType) {
    return new HttpError(502, 'payment_provider_error', 'The payment provider refused the request');
  }
  return new HttpError(500, 'unexpected_failure', 'Unexpected failure, please try again later');
}

/**
 * Logs a failed request once, on the request's logger (so with its request id). The caller's
 * mistakes (4xx) are logged with their code only: a message may quote the request (a JSON parse
 * error quotes the body). A dependency's failure (502/503) carries the error's name, and
 * Stripe's type and code, never its message (Stripe quotes the request's values); a bug (500)
 * the error itself.
 */
export function logFailure(c: Context, answer: { status: number; code: string }, cause: unknown) {
  const log = requestLog(c);
  const fields = { status: answer.status, code: answer.code };
  if (answer.status < 500) {
    log.info('request refused', fields);
    return;
  }
  const error = cause as { name?: string; type?: string; code?: string };
  const details = {
    ...fields,
    error_name: error?.name,
    ...(stripeErrorType(cause) ? { stripe_type: error.type, stripe_code: error.code } : {}),
  };
  if (answer.status === 500) log.error('unexpected failure', { ...details, error: cause as Error });
  else log.warn('dependency failed', details);
}

/** The payment functions' `{error, code}`, after logging the failure once. */
export function renderJsonError(c: Context, error: unknown) {
  const answer = toHttpError(error);
  logFailure(c, answer, error);
  return c.json({ error: answer.message, code: answer.code }, answer.status, answer.headers);
}
