// The sync partition's records and their store; identity/records.ts holds the identity items.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../platform/clock';
import { cancellationCodes, type ItemKey, type Table } from '../platform/dynamo';
import type { SyncQuotas } from './config';
import { recordNotFound, SyncError } from './errors';
import { syncKeys } from './items';

/** What the server knows of a record: never its content, which is ciphertext to it. */
export interface RecordInfo {
  id: string;
  version: number;
  size: number;
  updatedAt: string;
}

/** Bytes per item: under DynamoDB's 400 KB item limit with the keys and attributes around them. */
export const CHUNK_BYTES = 350 * 1024;
/**
 * A record up to this size is kept in its head; a larger one in chunk items, so the list of
 * heads stays small to read.
 */
export const INLINE_BYTES = 16 * 1024;

type Item = Record<string, NativeAttributeValue>;

const infoOf = (item: Item): RecordInfo => ({
  id: item.id as string,
  version: item.version as number,
  size: item.size as number,
  updatedAt: item.updatedAt as string,
});

/** A record's chunk items; none when it is kept in its head. */
function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  if (bytes.length <= INLINE_BYTES) return chunks;
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES)
    chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
  return chunks;
}

/** The synced records of one user, in their own partition; every key is built from `userId`. */
export function syncRecords(table: Table, quotas: SyncQuotas, now: Clock) {
  const TableName = table.name;

  async function head(userId: string, id: string): Promise<Item | undefined> {
    const out = await table.doc.get({
      TableName,
      Key: syncKeys.record(userId, id),
      ConsistentRead: true,
    });
    return out.Item;
  }

  /** BatchWriteItem in 25s, retrying what DynamoDB leaves unprocessed. */
  async function batchWrite(requests: Item[]): Promise<void> {
    for (let at = 0; at < requests.length; at += 25) {
      let pending = requests.slice(at, at + 25);
      for (let attempt = 0; pending.length; attempt++) {
        const out = await table.doc.batchWrite({ RequestItems: { [TableName]: pending } });
        pending = (out.UnprocessedItems?.[TableName] ?? []) as Item[];
        if (pending.length && attempt > 5)
          throw Object.assign(new Error('Unprocessed items'), { $retryable: {} });
      }
    }
  }

  const deleteKeys = (keys: ItemKey[]) =>
    batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

  /** The usage item's change, refused past a quota. */
  const usageUpdate = (userId: string, addedRecords: number, addedBytes: number) => ({
    Update: {
      TableName,
      Key: syncKeys.usage(userId),
      UpdateExpression: 'ADD #records :records, #bytes :bytes',
      ConditionExpression:
        '(attribute_not_exists(#records) OR #records <= :maxRecords) AND ' +
        '(attribute_not_exists(#bytes) OR #bytes <= :maxBytes)',
      ExpressionAttributeNames: { '#records': 'records', '#bytes': 'bytes' },
      ExpressionAttributeValues: {
        ':records': addedRecords,
        ':bytes': addedBytes,
        ':maxRecords': quotas.records - addedRecords,
        ':maxBytes': quotas.bytes - Math.max(addedBytes, 0),
      },
    },
  });

  const overQuota = () =>
    new SyncError(
      413,
      'quota_exceeded',
      `Your synced data may hold at most ${quotas.records} records and ${quotas.bytes} bytes`,
    );

  const chunkKeys = (userId: string, id: string, version: number, count: number) =>
    Array.from({ length: count }, (_, index) => syncKeys.chunk(userId, id, version, index));

  return {
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

    /** A record's ciphertext, its chunks put back together; 404 when the user has no such record. */
    async get(userId: string, id: string): Promise<{ info: RecordInfo; bytes: Uint8Array }> {
      const item = await head(userId, id);
      if (!item) throw recordNotFound();
      const info = infoOf(item);
      if (!item.chunks) return { info, bytes: item.data as Uint8Array };
      const keys = chunkKeys(userId, id, info.version, item.chunks as number);
      const out = await table.doc.batchGet({
        RequestItems: { [TableName]: { Keys: keys, ConsistentRead: true } },
      });
      if (out.UnprocessedKeys?.[TableName]?.Keys?.length)
        throw Object.assign(new Error('Unprocessed keys'), { $retryable: {} });
      const found = new Map((out.Responses?.[TableName] ?? []).map((chunk) => [chunk.sk, chunk]));
      const bytes = new Uint8Array(info.size);
      let at = 0;
      for (const key of keys) {
        const data = found.get(key.sk)?.data as Uint8Array | undefined;
        if (!data) throw Object.assign(new Error('Missing chunk'), { $retryable: {} });
        bytes.set(data, at);
        at += data.length;
      }
      return { info, bytes };
    },

    /**
     * Writes a new version over `expected` (0: the record is new). Larger records are written as
     * chunks of the new version first; the head and the usage then change in one transaction,
     * so readers see the old version or the new one whole. 409 when another write came first,
     * 413 when a quota would be passed.
     */
    async put(
      userId: string,
      id: string,
      expected: number,
      bytes: Uint8Array,
    ): Promise<RecordInfo> {
      if (bytes.length > quotas.recordBytes)
        throw new SyncError(
          413,
          'quota_exceeded',
          `A record may hold at most ${quotas.recordBytes} bytes; this one has ${bytes.length}`,
        );
      const current = await head(userId, id);
      const currentVersion = (current?.version as number | undefined) ?? 0;
      if (currentVersion !== expected) throw conflict(currentVersion);
      const version = expected + 1;
      const chunks = chunksOf(bytes);
      const newChunks = chunkKeys(userId, id, version, chunks.length);
      await batchWrite(
        newChunks.map((key, index) => ({ PutRequest: { Item: { ...key, data: chunks[index] } } })),
      );
      const info: RecordInfo = {
        id,
        version,
        size: bytes.length,
        updatedAt: new Date(now()).toISOString(),
      };
      const addedRecords = current ? 0 : 1;
      const addedBytes = bytes.length - ((current?.size as number | undefined) ?? 0);
      try {
        await table.doc.transactWrite({
          TransactItems: [
            {
              Put: {
                TableName,
                Item: {
                  ...syncKeys.record(userId, id),
                  ...info,
                  chunks: chunks.length,
                  ...(chunks.length ? {} : { data: bytes }),
                },
                ConditionExpression: current ? 'version = :expected' : 'attribute_not_exists(pk)',
                ...(current ? { ExpressionAttributeValues: { ':expected': expected } } : {}),
              },
            },
            usageUpdate(userId, addedRecords, addedBytes),
          ],
        });
      } catch (error) {
        await deleteKeys(newChunks);
        const [record, usage] = cancellationCodes(error);
        if (record === 'ConditionalCheckFailed')
          throw conflict(((await head(userId, id))?.version as number | undefined) ?? 0);
        if (usage === 'ConditionalCheckFailed') throw overQuota();
        throw error;
      }
      if (current)
        await deleteKeys(chunkKeys(userId, id, currentVersion, current.chunks as number));
      return info;
    },

    /**
     * Many small records in one round trip: their heads in one BatchGetItem (a record in chunks
     * comes back without `data`, for a GET of its own). Records the user does not have are left out.
     */
    async getMany(userId: string, ids: string[]): Promise<(RecordInfo & { data?: Uint8Array })[]> {
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
      return items.map((item) => ({
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
      const current = new Map(
        (await this.getMany(userId, ids)).map((info) => [info.id, info] as const),
      );
      const heads = new Map<string, Item>();
      for (const id of ids) {
        const found = current.get(id);
        if (found) heads.set(id, found);
      }
      const stale = writes.filter(
        (write) => (heads.get(write.id)?.version ?? 0) !== write.expected,
      );
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
        return {
          Put: {
            TableName,
            Item: { ...syncKeys.record(userId, id), ...info, chunks: 0, data: bytes },
            ConditionExpression: head ? 'version = :expected' : 'attribute_not_exists(pk)',
            ...(head ? { ExpressionAttributeValues: { ':expected': expected } } : {}),
          },
        };
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
      const oldChunks = writes.flatMap(({ id }) => {
        const head = current.get(id);
        return head && !head.data
          ? chunkKeys(userId, id, head.version, Math.ceil(head.size / CHUNK_BYTES))
          : [];
      });
      await deleteKeys(oldChunks);
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
        if (record === 'ConditionalCheckFailed')
          throw conflict(((await head(userId, id))?.version as number | undefined) ?? 0);
        throw error;
      }
      await deleteKeys(chunkKeys(userId, id, current.version as number, current.chunks as number));
    },

    /** Sync turned off, or "Delete all my data": every item of the user's partition. */
    async removeAll(userId: string): Promise<void> {
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
        await deleteKeys((out.Items ?? []) as ItemKey[]);
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
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

function conflict(currentVersion: number): SyncError {
  return new SyncError(
    409,
    'version_conflict',
    `The record changed on another device: its version is now ${currentVersion}`,
  );
}
