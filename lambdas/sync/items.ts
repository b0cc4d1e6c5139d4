// One per data area (identity/, billing/, sync/): its item keys and partition prefixes.
/**
 * The synced copy of a user's browser data: ciphertext only, under `SYNC#<user id>`, which no
 * other function may touch. A record's head holds its version, size and time (and its bytes
 * when they fit one item); a larger record's bytes are in chunks of one write (its chunk set),
 * so two devices writing the same record never overwrite each other's chunks.
 */
export const SYNC_PARTITIONS = { sync: 'SYNC#' } as const;

const { sync } = SYNC_PARTITIONS;

export const syncKeys = {
  partition: (userId: string) => `${sync}${userId}`,
  /** The record's head: version, size, updatedAt, chunk count, and `data` when one chunk. */
  record: (userId: string, recordId: string) => ({
    pk: `${sync}${userId}`,
    sk: `RECORD#${recordId}`,
  }),
  /** One chunk of a record's write (when its ciphertext is larger than one item). */
  chunk: (userId: string, recordId: string, set: string, index: number) => ({
    pk: `${sync}${userId}`,
    sk: `CHUNK#${recordId}#${set}#${index}`,
  }),
  /** A record being sent in parts: its size and version, and the parts received so far. */
  upload: (userId: string, uploadId: string) => ({
    pk: `${sync}${userId}`,
    sk: `UPLOAD#${uploadId}`,
  }),
  /** How many records and bytes the user keeps: what the quotas are checked against. */
  usage: (userId: string) => ({ pk: `${sync}${userId}`, sk: 'USAGE' }),
};
