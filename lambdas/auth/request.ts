import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../shared/email-address';
import type { JsonBody } from '../platform/json-body';
import { isJsonObject, jsonObject, parseBody } from '../platform/request-body';
import { AuthError } from './errors';

const BAD_JSON = 'Could not parse request body as JSON:';

/** A string member; absent or `null` reads as `""` (Go's decoding of a null string). */
export const text = (key: string) => v.nullish(v.string(`${BAD_JSON} ${key} must be a string`), '');

/** A string member whose absence (or `null`) means "leave it": `PUT /user`'s password. */
export const maybeText = (key: string) =>
  v.nullish(v.string(`${BAD_JSON} ${key} must be a string`));

/** A GoTrue body: a JSON object (the reader refuses anything else first, with this message). */
export const authBody = <const TEntries extends v.ObjectEntries>(entries: TEntries) =>
  jsonObject(entries, `${BAD_JSON} not an object`);

/**
 * GoTrue's answer to a body its schema refuses: a member of the wrong type fails Go's decoder
 * (`bad_json`); a value a rule refuses is `validation_failed`. Both 400.
 */
function refuse(issue: v.BaseIssue<unknown>): AuthError {
  const code = issue.kind === 'schema' ? 'bad_json' : 'validation_failed';
  return new AuthError(400, code, issue.message);
}

/** The auth API's body parser: the schema's output, or its first issue as GoTrue's error. */
export function parseAuthBody<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
): v.InferOutput<TSchema> {
  return parseBody(schema, body, refuse);
}

/**
 * What `user_metadata` may hold as JSON, the identity's own keys (`sub`, `email`...) included.
 * It rides in every access token: at 4 KB the largest token stays under 8 KB, well inside API
 * Gateway HTTP API's 10 KB header limit (`tests/auth/security-v.test.ts`).
 */
export const MAX_USER_METADATA_BYTES = 4 * 1024;
/** Nesting inside `data` (DynamoDB stores at most 32 levels; the profile adds its own). */
const MAX_METADATA_DEPTH = 16;
/** DynamoDB numbers: magnitudes from 1e-130; the SDK reads exactly only safe integers. */
const MIN_NUMBER_MAGNITUDE = 1e-130;

/** Keys that would reach an object's prototype when merged or marshalled: refused at any depth. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const INVALID_METADATA = 'Invalid user metadata (data):';

/** What the table could not store of a metadata value, depth-first; undefined if nothing. */
function metadataProblem(value: unknown, depth: number): string | undefined {
  if (typeof value === 'number') {
    const magnitude = Math.abs(value);
    const outOfRange =
      magnitude > Number.MAX_SAFE_INTEGER || (magnitude !== 0 && magnitude < MIN_NUMBER_MAGNITUDE);
    return outOfRange ? `the number ${value} is out of range` : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_METADATA_DEPTH) return `nested deeper than ${MAX_METADATA_DEPTH} levels`;
  for (const [key, member] of Object.entries(value)) {
    if (key === '' && !Array.isArray(value)) return 'a key is empty';
    if (PROTOTYPE_KEYS.has(key)) return `the key "${key}" is not allowed`;
    const problem = metadataProblem(member, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** The size of user metadata as stored, in UTF-8 JSON bytes. */
export function metadataBytes(metadata: JsonBody): number {
  return Buffer.byteLength(JSON.stringify(metadata), 'utf8');
}

/**
 * 422 `validation_failed` when a user's `user_metadata` would be larger than
 * `MAX_USER_METADATA_BYTES` as JSON (checked where it is built: sign-up, `/otp`, `PUT /user`).
 */
export function assertUserMetadataFits(userMetadata: Record<string, unknown>): void {
  const bytes = metadataBytes(userMetadata as JsonBody);
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw new AuthError(
      422,
      'validation_failed',
      `${INVALID_METADATA} user_metadata would be ${bytes} bytes as JSON, over the limit of ${MAX_USER_METADATA_BYTES} (4 KB)`,
    );
  }
}

/**
 * The user metadata `data` of sign-up, `/otp` and `PUT /user`: an object nested at most
 * `MAX_METADATA_DEPTH` deep, with no empty key and only numbers the table stores exactly; 400
 * `validation_failed` otherwise (never the table's 500). Its size is checked once merged
 * (`assertUserMetadataFits`). Absent or `null` reads as undefined.
 */
export const metadata = v.nullish(
  v.pipe(
    v.custom<JsonBody>(isJsonObject, `${BAD_JSON} data must be an object`),
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = dataset.typed ? metadataProblem(dataset.value, 1) : undefined;
      if (problem) addIssue({ message: `${INVALID_METADATA} ${problem}` });
    }),
  ),
);

const INVALID_EMAIL = 'Unable to validate email address: invalid format';

/** An address as stored: trimmed, lower-case, at most 255 characters, by the one e-mail rule. */
const normalizedEmail = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(EMAIL_MAX_LENGTH, INVALID_EMAIL),
  v.check(isEmailAddress, INVALID_EMAIL),
);

export function normalizeEmail(raw: string): string {
  return parseAuthBody(normalizedEmail, raw);
}
