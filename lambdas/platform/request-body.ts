import * as v from 'valibot';

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
