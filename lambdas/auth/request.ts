import { isEmailAddress } from '../../shared/email-address';
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
function optionalObject(body: JsonBody, key: string): JsonBody | undefined {
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

/** The most user metadata (`data`) one request may carry. */
const MAX_METADATA_BYTES = 16 * 1024;
/** What `user_metadata` may grow to: that, plus the identity's own keys (`sub`, `email`...). */
export const MAX_USER_METADATA_BYTES = MAX_METADATA_BYTES + 1024;
/** Nesting inside `data` (DynamoDB stores at most 32 levels; the profile adds its own). */
const MAX_METADATA_DEPTH = 16;
/** DynamoDB numbers: magnitudes from 1e-130; the SDK reads exactly only safe integers. */
const MIN_NUMBER_MAGNITUDE = 1e-130;

/** Keys that would reach an object's prototype when merged or marshalled: refused at any depth. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function invalidMetadata(problem: string): AuthError {
  return new AuthError(400, 'validation_failed', `Invalid user metadata (data): ${problem}`);
}

function checkMetadataValue(value: unknown, depth: number): void {
  if (typeof value === 'number') {
    const magnitude = Math.abs(value);
    if (
      magnitude > Number.MAX_SAFE_INTEGER ||
      (magnitude !== 0 && magnitude < MIN_NUMBER_MAGNITUDE)
    ) {
      throw invalidMetadata(`the number ${value} is out of range`);
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_METADATA_DEPTH) {
    throw invalidMetadata(`nested deeper than ${MAX_METADATA_DEPTH} levels`);
  }
  for (const [key, member] of Object.entries(value)) {
    if (key === '' && !Array.isArray(value)) throw invalidMetadata('a key is empty');
    if (PROTOTYPE_KEYS.has(key)) throw invalidMetadata(`the key "${key}" is not allowed`);
    checkMetadataValue(member, depth + 1);
  }
}

/** The size of user metadata as stored, in UTF-8 JSON bytes. */
export function metadataBytes(metadata: JsonBody): number {
  return Buffer.byteLength(JSON.stringify(metadata), 'utf8');
}

/**
 * The user metadata `data` of sign-up, `/otp` and `PUT /user`: an object of at most
 * `MAX_METADATA_BYTES` as JSON, nested at most `MAX_METADATA_DEPTH` deep, with no empty key and
 * only numbers the table stores exactly; 400 `validation_failed` otherwise (never the table's 500).
 */
export function optionalMetadata(body: JsonBody): JsonBody | undefined {
  const data = optionalObject(body, 'data');
  if (data === undefined) return undefined;
  if (metadataBytes(data) > MAX_METADATA_BYTES) {
    throw invalidMetadata(`larger than ${MAX_METADATA_BYTES / 1024} KB as JSON`);
  }
  checkMetadataValue(data, 1);
  return data;
}

/** No longer address is ever stored (and DynamoDB refuses a key over 2 KB). */
export const MAX_EMAIL_LENGTH = 255;

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !isEmailAddress(email)) {
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
  return email;
}
