// A record larger than one request can carry (a scanned exhibit): sent in parts, then committed.
import { randomUUID } from 'node:crypto';
import { SYNC_CHUNK_BYTES, SYNC_PART_BYTES } from '../../shared/sync-limits';
import type { Clock } from '../platform/clock';
import { cancellationCodes, type Table } from '../platform/dynamo';
import type { SyncQuotas } from './config';
import { SyncError } from './errors';
import { syncKeys } from './items';
import { conflict, syncPartition, versionOf, type Item, type RecordInfo } from './partition';
import { CHUNKS_PER_PART } from './records';

/** An upload left open this long is discarded when the user starts another. */
export const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;

const UPLOAD = 'UPLOAD#';

const gone = () =>
  new SyncError(
    409,
    'version_conflict',
    'This upload is no longer open: another write to the record came first',
  );

/**
 * Uploads in parts. Each part's chunks are written in one transaction with the upload's list of
 * parts received, and only while the upload is open. The commit writes the head (over the
 * version the upload started from), the usage and the upload's end in one transaction: another
 * device sees the old version or the new one whole, never a part. The chunks belong to the
 * upload's own set, so a write racing this one never touches them.
 */
export function syncUploads(table: Table, quotas: SyncQuotas, now: Clock) {
  const partition = syncPartition(table, quotas);
  const { TableName, head, chunkKeys, deleteKeys, overQuota } = partition;

  const idOf = (upload: Item) => (upload.sk as string).slice(UPLOAD.length);

  /**
   * Ends an open upload and deletes its chunks. The upload item goes first and only if it is
   * still open, so no part lands after, and a committed upload's chunks are never touched.
   */
  async function discard(userId: string, upload: Item): Promise<void> {
    try {
      await table.doc.delete({
        TableName,
        Key: syncKeys.upload(userId, idOf(upload)),
        ConditionExpression: 'attribute_exists(pk)',
      });
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return;
      throw error;
    }
    const count = Math.ceil((upload.size as number) / SYNC_CHUNK_BYTES);
    await deleteKeys(chunkKeys(userId, upload.recordId as string, idOf(upload), count));
  }

  async function openUploads(userId: string): Promise<Item[]> {
    const uploads: Item[] = [];
    let ExclusiveStartKey: Item | undefined;
    do {
      const out = await table.doc.query({
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :upload)',
        ExpressionAttributeValues: { ':pk': syncKeys.partition(userId), ':upload': UPLOAD },
        ConsistentRead: true,
        ExclusiveStartKey,
      });
      uploads.push(...(out.Items ?? []));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return uploads;
  }

  /** The open upload of this record; 409 when it was committed, replaced or discarded. */
  async function uploadOf(userId: string, id: string, uploadId: string): Promise<Item> {
    const { Item: upload } = await table.doc.get({
      TableName,
      Key: syncKeys.upload(userId, uploadId),
      ConsistentRead: true,
    });
    if (!upload || upload.recordId !== id) throw gone();
    return upload;
  }

  return {
    /**
     * Opens an upload of `size` bytes over version `expected`: 409 when that is not the current
     * version, 413 past the record limit or a quota (open uploads count, so no bytes are sent
     * for a record that cannot be kept). An earlier upload of the same record is discarded.
     */
    async start(
      userId: string,
      id: string,
      expected: number,
      size: number,
    ): Promise<{ upload: string; parts: number; partBytes: number }> {
      partition.checkRecordSize(size);
      const current = await head(userId, id);
      const currentVersion = versionOf(current);
      if (currentVersion !== expected) throw conflict(currentVersion);
      let pending = 0;
      for (const upload of await openUploads(userId)) {
        if (upload.recordId === id || (upload.startedAt as number) < now() - UPLOAD_LIFETIME_MS)
          await discard(userId, upload);
        else pending += upload.size as number;
      }
      const usage = await partition.usage(userId);
      const replaced = (current?.size as number | undefined) ?? 0;
      if (
        usage.records + (current ? 0 : 1) > quotas.records ||
        usage.bytes + pending + size - replaced > quotas.bytes
      )
        throw overQuota();
      const upload = randomUUID();
      const parts = Math.ceil(size / SYNC_PART_BYTES);
      await table.doc.put({
        TableName,
        Item: {
          ...syncKeys.upload(userId, upload),
          recordId: id,
          expected,
          size,
          parts,
          startedAt: now(),
        },
      });
      return { upload, parts, partBytes: SYNC_PART_BYTES };
    },

    /** Part `part` (from 0): exactly `partBytes`, the last one the rest. A part sent again replaces itself. */
    async putPart(
      userId: string,
      id: string,
      uploadId: string,
      part: number,
      bytes: Uint8Array,
    ): Promise<void> {
      const upload = await uploadOf(userId, id, uploadId);
      const parts = upload.parts as number;
      if (part >= parts)
        throw new SyncError(400, 'invalid_part', `This upload has ${parts} part(s), from 0`);
      const length =
        part < parts - 1
          ? SYNC_PART_BYTES
          : (upload.size as number) - (parts - 1) * SYNC_PART_BYTES;
      if (bytes.length !== length)
        throw new SyncError(
          400,
          'invalid_part',
          `Part ${part} of this upload has ${length} bytes, not ${bytes.length}`,
        );
      const keys = chunkKeys(
        userId,
        id,
        uploadId,
        Math.ceil(length / SYNC_CHUNK_BYTES),
        part * CHUNKS_PER_PART,
      );
      try {
        await table.doc.transactWrite({
          TransactItems: [
            {
              Update: {
                TableName,
                Key: syncKeys.upload(userId, uploadId),
                UpdateExpression: 'ADD received :part',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':part': new Set([part]) },
              },
            },
            ...keys.map((key, index) => ({
              Put: {
                TableName,
                Item: {
                  ...key,
                  data: bytes.subarray(index * SYNC_CHUNK_BYTES, (index + 1) * SYNC_CHUNK_BYTES),
                },
              },
            })),
          ],
        });
      } catch (error) {
        if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') throw gone();
        throw error;
      }
    },

    /** Makes the upload the record's next version: 400 while a part is missing, 409, 413. */
    async commit(userId: string, id: string, uploadId: string): Promise<RecordInfo> {
      const upload = await uploadOf(userId, id, uploadId);
      const received = (upload.received as Set<number> | undefined) ?? new Set<number>();
      const missing = Array.from({ length: upload.parts as number }, (_, part) => part).filter(
        (part) => !received.has(part),
      );
      if (missing.length)
        throw new SyncError(
          400,
          'upload_incomplete',
          `Parts not received yet: ${missing.join(', ')}`,
        );
      const expected = upload.expected as number;
      const size = upload.size as number;
      const current = await head(userId, id);
      const currentVersion = versionOf(current);
      if (currentVersion !== expected) {
        await discard(userId, upload);
        throw conflict(currentVersion);
      }
      const info: RecordInfo = {
        id,
        version: expected + 1,
        size,
        updatedAt: new Date(now()).toISOString(),
      };
      const fields = { chunks: Math.ceil(size / SYNC_CHUNK_BYTES), set: uploadId };
      await partition.putHead(userId, info, current, fields, {
        also: [
          {
            Delete: {
              TableName,
              Key: syncKeys.upload(userId, uploadId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
        async onRefused([record, usage, open]) {
          // Committed, replaced or discarded meanwhile: its chunks are not this call's to delete.
          if (open === 'ConditionalCheckFailed') throw gone();
          // Refused by the head or a quota, not a passing failure: the upload can never commit.
          if (record === 'ConditionalCheckFailed' || usage === 'ConditionalCheckFailed')
            await discard(userId, upload);
        },
      });
      if (current) await deleteKeys(partition.chunkKeysOf(userId, current));
      return info;
    },

    /** Gives an upload up (the browser could not finish it): its parts are deleted. */
    async abort(userId: string, id: string, uploadId: string): Promise<void> {
      await discard(userId, await uploadOf(userId, id, uploadId));
    },
  };
}
