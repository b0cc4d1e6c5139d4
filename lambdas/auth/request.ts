import type { Context } from 'hono';
import { AuthError } from './errors';

const MAX_BODY_BYTES = 1024 * 1024;

export type JsonBody = Record<string, unknown>;

/**
 * The request body as a JSON object, tolerant the way GoTrue is: any `application/json` variant
 * (charset suffix), an empty body read as `{}` (supabase-js sends none on logout), unknown keys kept.
 */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) {
    throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
  }
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: not an object');
  }
  return parsed as JsonBody;
}

/** A string member; absent or `null` reads as `""` (Go's decoding of a null string). */
export function optionalString(body: JsonBody, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${key} must be a string`,
    );
  }
  return value;
}

/** An object member; absent or `null` reads as undefined. */
export function optionalObject(body: JsonBody, key: string): JsonBody | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${key} must be an object`,
    );
  }
  return value as JsonBody;
}
