/**
 * When each field of a record was last edited on a device, in ms since 1970 by the store's clock
 * (`now`). Stamped when the record is written, so sync settles a conflict by when the user made
 * each edit, not by when sync noticed it.
 */
export type EditTimes = Record<string, number>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `times` with every top-level field that differs between `before` and `after` stamped `at`. */
export function stampEdits(
  times: EditTimes | undefined,
  before: object | null | undefined,
  after: object,
  at: number,
): EditTimes {
  const old = (before ?? {}) as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  const stamped: EditTimes = { ...times };
  for (const field of new Set([...Object.keys(old), ...Object.keys(next)]))
    if (!same(old[field], next[field])) stamped[field] = at;
  return stamped;
}
