import type { Context } from 'hono';

const MAX_BODY_BYTES = 1024 * 1024;

export type JsonBody = Record<string, unknown>;

/** A body that is not a JSON object; each protocol answers it in its own format. */
export class JsonBodyError extends Error {
  override name = 'JsonBodyError';
  constructor(
    readonly problem: 'too_large' | 'not_json' | 'not_object',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The one JSON body reader: an object, tolerant the way GoTrue is (any `application/json`
 * variant, an empty body read as `{}`: supabase-js sends none on logout), at most 1 MiB.
 */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) {
    throw new JsonBodyError('too_large', 'Request body too large');
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new JsonBodyError('too_large', 'Request body too large');
  }
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new JsonBodyError('not_json', (error as Error).message);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new JsonBodyError('not_object', 'not an object');
  }
  return parsed as JsonBody;
}
