// What records.ts and uploads.ts share of a user's sync partition: heads, chunks, usage, quotas.
import type { NativeAttributeValue, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { megabytes } from '../../shared/sync-limits';
import { cancellationCodes, type ItemKey, type Table } from '../platform/dynamo';
import type { SyncQuotas } from './config';
import { SyncError } from './errors';
import { syncKeys } from './items';

export type Item = Record<string, NativeAttributeValue>;
type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** What the server knows of a record: never its content, which is ciphertext to it. */
export interface RecordInfo {
  id: string;
  version: number;
  size: number;
  updatedAt: string;
}

export const infoOf = (item: Item): RecordInfo => ({
  id: item.id as string,
  version: item.version as number,
  size: item.size as number,
  updatedAt: item.updatedAt as string,
});

/** A head's version; 0 when the record does not exist. */
export const versionOf = (head: Item | undefined) => (head?.version as number | undefined) ?? 0;

/** The chunk set of a head's chunks (a head written before chunk sets: its version). */
const chunkSetOf = (item: Item) => (item.set as string | undefined) ?? String(item.version);

export function conflict(currentVersion: number): SyncError {
  return new SyncError(
    409,
    'version_conflict',
    `The record changed on another device: its version is now ${currentVersion}`,
  );
}

export function syncPartition(table: Table, quotas: SyncQuotas) {
  const TableName = table.name;

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

  const chunkKeys = (userId: string, id: string, set: string, count: number, from = 0) =>
    Array.from({ length: count }, (_, index) => syncKeys.chunk(userId, id, set, from + index));

  async function head(userId: string, id: string): Promise<Item | undefined> {
    const out = await table.doc.get({
      TableName,
      Key: syncKeys.record(userId, id),
      ConsistentRead: true,
    });
    return out.Item;
  }

  /** 409 with the version the record has now: read again, as another write changed it first. */
  const conflictNow = async (userId: string, id: string) =>
    conflict(versionOf(await head(userId, id)));

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
      `Your synced data may hold at most ${quotas.records.toLocaleString('en-US')} records and ${megabytes(quotas.bytes)}`,
    );

  /**
   * The Put of a record's new head (`info` and `fields`), refused unless the head is still
   * `replaced`, one version before `info` (without one: unless the record still does not exist).
   */
  const headPut = (userId: string, info: RecordInfo, replaced: Item | undefined, fields: Item) => ({
    Put: {
      TableName,
      Item: { ...syncKeys.record(userId, info.id), ...info, ...fields },
      ConditionExpression: replaced ? 'version = :expected' : 'attribute_not_exists(pk)',
      ...(replaced ? { ExpressionAttributeValues: { ':expected': info.version - 1 } } : {}),
    },
  });

  /**
   * Writes a record's new head over `replaced` with the usage change in one transaction, then the
   * items of `also`. When refused, `onRefused` runs first with the cancellation codes (to delete
   * what the write left, or throw its own refusal): then 409 when another write came first, 413
   * when a quota would be passed.
   */
  async function putHead(
    userId: string,
    info: RecordInfo,
    replaced: Item | undefined,
    fields: Item,
    {
      also = [],
      onRefused,
    }: { also?: TransactItems; onRefused: (codes: string[]) => Promise<void> },
  ): Promise<void> {
    const addedBytes = info.size - ((replaced?.size as number | undefined) ?? 0);
    try {
      await table.doc.transactWrite({
        TransactItems: [
          headPut(userId, info, replaced, fields),
          usageUpdate(userId, replaced ? 0 : 1, addedBytes),
          ...also,
        ],
      });
    } catch (error) {
      const codes = cancellationCodes(error);
      await onRefused(codes);
      const [record, usage] = codes;
      if (record === 'ConditionalCheckFailed') throw await conflictNow(userId, info.id);
      if (usage === 'ConditionalCheckFailed') throw overQuota();
      throw error;
    }
  }

  return {
    TableName,
    batchWrite,
    chunkKeys,
    deleteKeys: (keys: ItemKey[]) => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } }))),

    /** The keys of a head's chunks, all or `count` of them from `from`. */
    chunkKeysOf: (userId: string, item: Item, from = 0, count = (item.chunks as number) ?? 0) =>
      chunkKeys(userId, item.id as string, chunkSetOf(item), count, from),

    head,
    conflictNow,
    usageUpdate,
    overQuota,
    headPut,
    putHead,

    /** How many records and bytes the user keeps now. */
    async usage(userId: string): Promise<{ records: number; bytes: number }> {
      const { Item: item } = await table.doc.get({
        TableName,
        Key: syncKeys.usage(userId),
        ConsistentRead: true,
      });
      return { records: (item?.records as number) ?? 0, bytes: (item?.bytes as number) ?? 0 };
    },

    /** 413 for a record over the per-record limit. */
    checkRecordSize(size: number): void {
      if (size > quotas.recordBytes)
        throw new SyncError(
          413,
          'quota_exceeded',
          `A record may hold at most ${megabytes(quotas.recordBytes)}; this one has ${size.toLocaleString('en-US')} bytes`,
        );
    },
  };
}

export type SyncPartition = ReturnType<typeof syncPartition>;
