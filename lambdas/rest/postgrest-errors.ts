import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError, logFailure, toHttpError } from '../platform/errors';

/** PostgREST's error body: `{code, details, hint, message}`; supabase-js hands it to the caller. */
export class PostgrestError extends HttpError<string> {
  override name = 'PostgrestError';
  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(status, code, message);
  }
}

/** PostgREST's codes for what a token can get wrong; our own codes otherwise. */
const POSTGREST_CODES: Partial<Record<string, string>> = {
  bad_jwt: 'PGRST301',
  session_not_found: 'PGRST301',
  no_authorization: 'PGRST302',
};

export function renderPostgrestError(c: Context, error: unknown) {
  let failure: PostgrestError;
  if (error instanceof PostgrestError) {
    failure = error;
  } else {
    const http = toHttpError(error);
    const status = http.code === 'bad_jwt' || http.code === 'session_not_found' ? 401 : http.status;
    failure = new PostgrestError(status, POSTGREST_CODES[http.code] ?? http.code, http.message);
  }
  logFailure(c, failure, error);
  return c.json(
    { code: failure.code, details: failure.details, hint: failure.hint, message: failure.message },
    failure.status,
  );
}
