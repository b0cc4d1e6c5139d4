import * as v from 'valibot';
import { isIsoDate } from './letters/dates';

/**
 * What the schemas of stored and imported records share: one object rule, and a compile-time
 * check that a schema's output is exactly its model's type, so the two cannot drift apart.
 */

/** T with its intersections flattened (`Omit<X, 'a'> & Y` is then one object type), deeply. */
type Flat<T> = T extends readonly (infer U)[]
  ? Flat<U>[]
  : T extends object
    ? { [K in keyof T]: Flat<T[K]> }
    : T;

/** True only when A and B are the same type: the same fields, each as optional and as narrow. */
export type SameType<A, B> =
  (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A date field of a record: a calendar date or blank. */
export function isBlankOrIsoDate(value: string): boolean {
  return value === '' || isIsoDate(value);
}

type Entries = v.ObjectEntries;

/** A field's own message, for a missing field: valibot would otherwise name the record. */
function ownMessage(schema: Entries[string] | undefined): string | undefined {
  const message = (schema as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The message of an object schema: a missing field is named by its own message, else `what`. */
export function fieldMessage(entries: Entries, what?: string) {
  return (issue: v.ObjectIssue) => {
    const key = issue.path?.[0]?.key;
    return (typeof key === 'string' && ownMessage(entries[key])) || what || issue.message;
  };
}

/**
 * A record with `entries` (unknown fields dropped); `what` names it when it is not an object (an
 * array is not one). A missing field is named by its own message, as a field of the wrong type is.
 */
export function record<const T extends Entries>(entries: T, what?: string) {
  return v.pipe(
    v.unknown(),
    v.check(isPlainObject, what),
    v.object(entries, fieldMessage(entries, what)),
  );
}
