import type { Context } from 'hono';
import type * as v from 'valibot';
import { HttpError, type ErrorCode } from '../platform/errors';
import { readJsonBody } from '../platform/json-body';
import { memberOf, parseBody } from '../platform/request-body';

/**
 * A payment function's body, parsed by its schema; the first issue answers 400 with the code
 * `codes` gives its member (else `invalid_request`) and the schema's message.
 */
export async function readPaymentBody<const TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  codes: Partial<Record<string, ErrorCode>>,
): Promise<v.InferOutput<TSchema>> {
  return parseBody(schema, await readJsonBody(c), (issue) => {
    const member = memberOf(issue);
    const code = member && Object.hasOwn(codes, member) ? codes[member] : undefined;
    return new HttpError(400, code ?? 'invalid_request', issue.message);
  });
}
