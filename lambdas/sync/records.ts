// The sync partition's records and their store; identity/records.ts holds the identity items.
import { randomUUID } from 'node:crypto';
import { SYNC_CHUNK_BYTES, SYNC_PART_BYTES } from '../../shared/sync-limits';
import type { Clock } from '../platform/clock';
import { cancellationCodes, type ItemKey, type Table } from '../platform/dynamo';
import type { SyncQuotas } from './config';
import { recordNotFound, SyncError } from './errors';
import { syncKeys } from './items';
import {
  conflict,
  infoOf,
  syncPartition,
  versionOf,
  type Item,
  type RecordInfo,
} from './partition';

export type { RecordInfo } from './partition';

/** Chunks one part of a record holds: a record is read (and sent in parts) this many at a time. */
export const CHUNKS_PER_PART = SYNC_PART_BYTES / SYNC_CHUNK_BYTES;
/**
 * A record up to this size is kept in its head; a larger one in chunk items, so the list of
 * heads stays small to read.
 */
export const INLINE_BYTES = 16 * 1024;

/** A record's chunk items; none when it is kept in its head. */
function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  if (bytes.length <= INLINE_BYTES) return chunks;
  for (let at = 0; at < bytes.length; at += SYNC_CHUNK_BYTES)
    chunks.push(bytes.subarray(at, at + SYNC_CHUNK_BYTES));
  return chunks;
}

/** How many parts a record is read in (one when it has no chunks). */
export const partsOf = (chunks: number) => Math.max(1, Math.ceil(chunks / CHUNKS_PER_PART));

/** The synced records of one user, in their own partition; every key is built from `userId`. */
export function syncRecords(table: Table, quotas: SyncQuotas, now: Clock) {
  const partition = syncPartition(table, quotas);
  const { TableName, head, batchWrite, deleteKeys, chunkKeysOf, usageUpdate, overQuota } =
    partition;
  const { headPut, putHead, conflictNow } = partition;

  /** 413 for a record too large to keep, or to send in one request rather than in parts. */
  function checkOneRequest(size: number): void {
    partition.checkRecordSize(size);
    if (size > SYNC_PART_BYTES)
      throw new SyncError(
        413,
        'quota_exceeded',
        `One request may carry at most ${SYNC_PART_BYTES} bytes: send a larger record in parts (POST /records/:id/uploads)`,
      );
  }

  /** The heads of these records that the user has. */
  async function headsOf(userId: string, ids: string[]): Promise<Item[]> {
    const items: Item[] = [];
    for (let at = 0; at < ids.length; at += 100) {
      let keys: Item[] = ids.slice(at, at + 100).map((id) => syncKeys.record(userId, id));
      for (let attempt = 0; keys.length; attempt++) {
        const out = await table.doc.batchGet({
          RequestItems: { [TableName]: { Keys: keys, ConsistentRead: true } },
        });
        items.push(...(out.Responses?.[TableName] ?? []));
        keys = (out.UnprocessedKeys?.[TableName]?.Keys ?? []) as Item[];
        if (keys.length && attempt > 5)
          throw Object.assign(new Error('Unprocessed keys'), { $retryable: {} });
      }
    }
    return items;
  }

  return {
    checkOneRequest,

    /** Every record's id, version, size and time; never their bytes. */
    async list(userId: string): Promise<RecordInfo[]> {
      const records: RecordInfo[] = [];
      let ExclusiveStartKey: Item | undefined;
      do {
        const out = await table.doc.query({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :record)',
          ExpressionAttributeValues: { ':pk': syncKeys.partition(userId), ':record': 'RECORD#' },
          ExpressionAttributeNames: { '#id': 'id', '#size': 'size' },
          ProjectionExpression: '#id, version, #size, updatedAt',
          ConsistentRead: true,
          ExclusiveStartKey,
        });
        records.push(...(out.Items ?? []).map(infoOf));
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return records;
    },

    /**
     * One part of a record's ciphertext (a part is at most `SYNC_PART_BYTES`, what one response
     * may carry), with how many parts it has; 404 when the user has no such record. A part read
     * while a newer version replaced the record comes from that newer version, whole.
     */
    async get(
      userId: string,
      id: string,
      part = 0,
    ): Promise<{ info: RecordInfo; parts: number; bytes: Uint8Array }> {
      for (let attempt = 0; ; attempt++) {
        const item = await head(userId, id);
        if (!item) throw recordNotFound();
        const info = infoOf(item);
        const chunks = (item.chunks as number | undefined) ?? 0;
        const parts = partsOf(chunks);
        if (part >= parts)
          throw new SyncError(400, 'invalid_part', `This record has ${parts} part(s), from 0`);
        if (!chunks) return { info, parts, bytes: item.data as Uint8Array };
        const from = part * CHUNKS_PER_PART;
        const keys = chunkKeysOf(userId, item, from, Math.min(CHUNKS_PER_PART, chunks - from));
        const out = await table.doc.batchGet({
          RequestItems: { [TableName]: { Keys: keys, ConsistentRead: true } },
        });
        if (out.UnprocessedKeys?.[TableName]?.Keys?.length)
          throw Object.assign(new Error('Unprocessed keys'), { $retryable: {} });
        const found = new Map((out.Responses?.[TableName] ?? []).map((each) => [each.sk, each]));
        const datas = keys.map((key) => found.get(key.sk)?.data as Uint8Array | undefined);
        if (datas.some((data) => !data)) {
          // The version was replaced (its chunks deleted) between the two reads: read the new one.
          if (attempt < 3) continue;
          throw Object.assign(new Error('Missing chunk'), { $retryable: {} });
        }
        return { info, parts, bytes: Buffer.concat(datas as Uint8Array[]) };
      }
    },

    /**
     * Writes a new version over `expected` (0: the record is new). Larger records are written as
     * chunks of this write's own set first; the head and the usage then change in one transaction,
     * so readers see the old version or the new one whole. 409 when another write came first,
     * 413 when a quota would be passed.
     */
    async put(
      userId: string,
      id: string,
      expected: number,
      bytes: Uint8Array,
    ): Promise<RecordInfo> {
      checkOneRequest(bytes.length);
      const current = await head(userId, id);
      const currentVersion = versionOf(current);
      if (currentVersion !== expected) throw conflict(currentVersion);
      const chunks = chunksOf(bytes);
      // Chunks of this write only: a write racing this one has its own set.
      const set = randomUUID();
      const newChunks = partition.chunkKeys(userId, id, set, chunks.length);
      await batchWrite(
        newChunks.map((key, index) => ({ PutRequest: { Item: { ...key, data: chunks[index] } } })),
      );
      const info: RecordInfo = {
        id,
        version: expected + 1,
        size: bytes.length,
        updatedAt: new Date(now()).toISOString(),
      };
      const fields = { chunks: chunks.length, ...(chunks.length ? { set } : { data: bytes }) };
      await putHead(userId, info, current, fields, {
        // Whatever refused the head, no head will ever name this write's chunks.
        onRefused: () => deleteKeys(newChunks),
      });
      if (current) await deleteKeys(chunkKeysOf(userId, current));
      return info;
    },

    /**
     * Many small records in one round trip: their heads in one BatchGetItem (a record in chunks
     * comes back without `data`, for a GET of its own). Records the user does not have are left out.
     */
    async getMany(userId: string, ids: string[]): Promise<(RecordInfo & { data?: Uint8Array })[]> {
      return (await headsOf(userId, ids)).map((item) => ({
        ...infoOf(item),
        ...(item.chunks ? {} : { data: item.data as Uint8Array }),
      }));
    },

    /**
     * Many small records (each within one item) written in one transaction with the usage: all or
     * none. 409 naming the records another device changed first; 413 over a quota.
     */
    async putMany(
      userId: string,
      writes: { id: string; expected: number; bytes: Uint8Array }[],
    ): Promise<RecordInfo[]> {
      const ids = writes.map((write) => write.id);
      if (new Set(ids).size !== ids.length)
        throw new SyncError(400, 'invalid_record_id', 'A record appears twice in the batch');
      const heads = new Map(
        (await headsOf(userId, ids)).map((item) => [item.id as string, item] as const),
      );
      const stale = writes.filter((write) => versionOf(heads.get(write.id)) !== write.expected);
      if (stale.length) throw conflictOf(stale.map((write) => write.id));
      const updatedAt = new Date(now()).toISOString();
      let addedRecords = 0;
      let addedBytes = 0;
      const infos: RecordInfo[] = [];
      const puts = writes.map(({ id, expected, bytes }) => {
        const head = heads.get(id);
        if (!head) addedRecords++;
        addedBytes += bytes.length - ((head?.size as number | undefined) ?? 0);
        const info = { id, version: expected + 1, size: bytes.length, updatedAt };
        infos.push(info);
        return headPut(userId, info, head, { chunks: 0, data: bytes });
      });
      try {
        await table.doc.transactWrite({
          TransactItems: [...puts, usageUpdate(userId, addedRecords, addedBytes)],
        });
      } catch (error) {
        const codes = cancellationCodes(error);
        const conflicted = writes.filter((_, index) => codes[index] === 'ConditionalCheckFailed');
        if (conflicted.length) throw conflictOf(conflicted.map((write) => write.id));
        if (codes[writes.length] === 'ConditionalCheckFailed') throw overQuota();
        throw error;
      }
      await deleteKeys(
        writes.flatMap(({ id }) => {
          const replaced = heads.get(id);
          return replaced ? chunkKeysOf(userId, replaced) : [];
        }),
      );
      return infos;
    },

    /** Removes a record with its chunks; 404 when the user has no such record. */
    async remove(userId: string, id: string): Promise<void> {
      const current = await head(userId, id);
      if (!current) throw recordNotFound();
      try {
        await table.doc.transactWrite({
          TransactItems: [
            {
              Delete: {
                TableName,
                Key: syncKeys.record(userId, id),
                ConditionExpression: 'version = :version',
                ExpressionAttributeValues: { ':version': current.version },
              },
            },
            {
              Update: {
                TableName,
                Key: syncKeys.usage(userId),
                UpdateExpression: 'ADD #records :records, #bytes :bytes',
                ExpressionAttributeNames: { '#records': 'records', '#bytes': 'bytes' },
                ExpressionAttributeValues: { ':records': -1, ':bytes': -(current.size as number) },
              },
            },
          ],
        });
      } catch (error) {
        const [record] = cancellationCodes(error);
        if (record === 'ConditionalCheckFailed') throw await conflictNow(userId, id);
        throw error;
      }
      await deleteKeys(chunkKeysOf(userId, current));
    },

    /**
     * Sync turned off, or "Delete all my data": every item of the user's partition. Passes repeat
     * until one finds nothing, so a part an upload wrote meanwhile goes too (its upload is gone
     * after the first pass, so no part can follow).
     */
    async removeAll(userId: string): Promise<void> {
      for (let found = 1; found;) {
        found = 0;
        let ExclusiveStartKey: Item | undefined;
        do {
          const out = await table.doc.query({
            TableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': syncKeys.partition(userId) },
            ProjectionExpression: 'pk, sk',
            ConsistentRead: true,
            ExclusiveStartKey,
          });
          found += out.Items?.length ?? 0;
          await deleteKeys((out.Items ?? []) as ItemKey[]);
          ExclusiveStartKey = out.LastEvaluatedKey;
        } while (ExclusiveStartKey);
      }
    },
  };
}

function conflictOf(ids: string[]): SyncError {
  return new SyncError(
    409,
    'version_conflict',
    `These records changed on another device: ${ids.join(', ')}`,
  );
}
