import type { JsonBody } from '../platform/json-body';
import { AuthError } from './errors';

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

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** No longer address is ever stored (and DynamoDB refuses a key over 2 KB). */
export const MAX_EMAIL_LENGTH = 255;

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_FORMAT.test(email)) {
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
  return email;
}
