import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AccessTokenError } from './access-token';
import { isTransientAwsError } from './aws-errors';

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
  | 'invalid_signature'
  | 'service_unavailable'
  | 'payment_provider_unavailable'
  | 'payment_provider_error'
  | 'unexpected_failure';

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
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

/** Turns anything thrown by a handler into the error to answer with (logging the unexpected). */
export function toHttpError(error: unknown, where: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof AccessTokenError)
    return new HttpError(error.status, error.code, error.message);
  if (isTransientAwsError(error)) {
    console.warn(`${where}: transient database failure`, (error as Error).name);
    return new HttpError(
      503,
      'service_unavailable',
      'Service temporarily unavailable, please retry',
    );
  }
  const stripeType = stripeErrorType(error);
  if (stripeType && STRIPE_UNAVAILABLE.has(stripeType)) {
    console.warn(`${where}: Stripe unavailable`, stripeType, (error as Error).message);
    return new HttpError(
      503,
      'payment_provider_unavailable',
      'The payment provider is temporarily unavailable, please retry',
    );
  }
  if (stripeType) {
    // Our request was refused (configuration, or Stripe state we did not expect): not the caller's fault.
    const { code, message } = error as { code?: string; message: string };
    console.error(`${where}: Stripe refused a request`, stripeType, code, message);
    return new HttpError(502, 'payment_provider_error', 'The payment provider refused the request');
  }
  console.error(`${where}: unexpected failure`, (error as Error)?.name, (error as Error)?.message);
  return new HttpError(500, 'unexpected_failure', 'Unexpected failure, please try again later');
}

export function renderJsonError(c: Context, error: HttpError) {
  return c.json({ error: error.message, code: error.code }, error.status);
}

/** Reads a JSON object body; anything else is the caller's mistake (400), not ours. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
