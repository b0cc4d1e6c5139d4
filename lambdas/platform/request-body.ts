import * as v from 'valibot';

/** A JSON object, as a body is: not `null`, not an array (valibot's `object` takes arrays). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A body's schema: a JSON object (else `message`) with these members. */
export function jsonObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  message: string,
) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isJsonObject, message),
    v.object(entries, message),
  );
}

/**
 * The one way a request body is checked: its valibot schema, stopping at the first issue (in the
 * schema's member order), which `refuse` turns into the endpoint's own typed error.
 */
export function parseBody<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
  refuse: (issue: v.BaseIssue<unknown>) => Error,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body, { abortEarly: true });
  if (!result.success) throw refuse(result.issues[0]);
  return result.output;
}

/** The top-level member an issue is about (`price_id`), if any. */
export function memberOf(issue: v.BaseIssue<unknown>): string | undefined {
  const key: unknown = issue.path?.[0]?.key;
  return typeof key === 'string' ? key : undefined;
}
