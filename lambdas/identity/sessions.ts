import { randomUUID } from 'node:crypto';
import { getItems, isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys, legacyKey } from './items';
import { retryOnConflict, RETRY } from '../platform/conflict-retry';
import type { SessionRecord, UserRecord } from './records';
import { deriveRefreshToken, hashRefreshToken } from './refresh-tokens';
import type { KeyRing } from './signing-keys';

export type SignInMethod = 'password' | 'otp';

/** How many refresh tokens' issue times a session keeps (`RotationTimes`). */
export const ROTATION_RING = 8;

/** When the token at `counter` was superseded, if the ring still holds it. */
export function supersededAt(session: SessionRecord, counter: number): number | undefined {
  const successor = counter + 1;
  if (successor > session.refreshCounter || session.refreshCounter - successor >= ROTATION_RING) {
    return undefined;
  }
  return session[`rot${successor % ROTATION_RING}`];
}

/** A new session (not yet stored) and its first refresh token. */
export function startSession(ring: KeyRing, userId: string, method: SignInMethod, at: number) {
  const sessionId = randomUUID();
  const refreshToken = deriveRefreshToken(ring.refreshKeys[0]!, { userId, sessionId, counter: 0 });
  const session: SessionRecord = {
    userId,
    sessionId,
    createdAt: at,
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(at / 1000) }],
    refreshCounter: 0,
    refreshHash: hashRefreshToken(refreshToken),
    refreshedAt: at,
  };
  return { session, refreshToken };
}

export async function getUserAndSession(table: Table, userId: string, sessionId: string) {
  const [user, session] = await getItems(table, [
    identityKeys.user(userId),
    identityKeys.session(userId, sessionId),
  ]);
  return {
    user: withoutKeys<UserRecord>(user),
    session: withoutKeys<SessionRecord>(
      session ?? (await moveLegacySession(table, userId, sessionId)),
    ),
  };
}

/**
 * A session the old layout kept under `USER#<id>` (`LEGACY_PARTITIONS`), moved to its new key
 * (unless the new key already holds one, which then wins); the session as now stored.
 */
async function moveLegacySession(table: Table, userId: string, sessionId: string) {
  if (!table.legacyPartitions) return undefined;
  const key = identityKeys.session(userId, sessionId);
  const old = legacyKey(userId, key);
  const { Item } = await table.doc.get({ TableName: table.name, Key: old, ConsistentRead: true });
  if (!Item) return undefined;
  try {
    await table.doc.put({
      TableName: table.name,
      Item: { ...Item, ...key },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item: current } = await table.doc.get({
      TableName: table.name,
      Key: key,
      ConsistentRead: true,
    });
    return current;
  }
  await table.doc.delete({ TableName: table.name, Key: old });
  return { ...Item, ...key };
}

export async function putSession(table: Table, session: SessionRecord): Promise<void> {
  await table.doc.put({
    TableName: table.name,
    Item: { ...identityKeys.session(session.userId, session.sessionId), ...session },
  });
}

/**
 * Moves the session to its next refresh token if `presented` is still its current one
 * (one conditional write); the updated session, or undefined if it is not (or is gone).
 */
export async function rotateRefreshToken(
  table: Table,
  presented: { userId: string; sessionId: string; counter: number; hash: string },
  next: { refreshHash: string; refreshedAt: number },
): Promise<SessionRecord | undefined> {
  try {
    const out = await table.doc.update({
      TableName: table.name,
      Key: identityKeys.session(presented.userId, presented.sessionId),
      UpdateExpression:
        'SET refreshCounter = :next, refreshHash = :hash, previousRefreshHash = :parent, refreshedAt = :at, #rot = :at',
      ConditionExpression: 'refreshCounter = :current AND refreshHash = :parent',
      ExpressionAttributeNames: { '#rot': `rot${(presented.counter + 1) % ROTATION_RING}` },
      ExpressionAttributeValues: {
        ':current': presented.counter,
        ':next': presented.counter + 1,
        ':hash': next.refreshHash,
        ':parent': presented.hash,
        ':at': next.refreshedAt,
      },
      ReturnValues: 'ALL_NEW',
    });
    return withoutKeys<SessionRecord>(out.Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export async function deleteSession(table: Table, userId: string, sessionId: string) {
  const key = identityKeys.session(userId, sessionId);
  await table.doc.delete({ TableName: table.name, Key: key });
  if (table.legacyPartitions) {
    await table.doc.delete({ TableName: table.name, Key: legacyKey(userId, key) });
  }
}

/** Batch writes DynamoDB leaves unprocessed are sent again this many times in all, with backoff. */
const BATCH_WRITE_ATTEMPTS = 5;

/** Deletes every session of the user except `keepSessionId`. */
export async function deleteSessions(table: Table, userId: string, keepSessionId?: string) {
  const TableName = table.name;
  const keep = keepSessionId ? identityKeys.session(userId, keepSessionId).sk : undefined;
  const partition = identityKeys.session(userId, '');
  const partitions = [partition.pk];
  if (table.legacyPartitions) partitions.push(legacyKey(userId, partition).pk);
  for (const pk of partitions) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await table.doc.query({
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': partition.sk },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      });
      const keys = (page.Items ?? []).filter((item) => item.sk !== keep);
      for (let i = 0; i < keys.length; i += 25) {
        await batchDelete(
          table,
          keys.slice(i, i + 25).map((key) => ({ pk: String(key.pk), sk: String(key.sk) })),
        );
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

/**
 * One BatchWriteItem of deletes, its unprocessed items sent again with backoff, as the one retry
 * helper does; still unprocessed after that, a retryable error (the caller answers 503).
 */
async function batchDelete(table: Table, keys: { pk: string; sk: string }[]) {
  let requests: Record<string, unknown>[] = keys.map((Key) => ({ DeleteRequest: { Key } }));
  await retryOnConflict(
    { attempts: BATCH_WRITE_ATTEMPTS, backoffMs: 50 },
    async () => {
      const out = await table.doc.batchWrite({ RequestItems: { [table.name]: requests } });
      requests = (out.UnprocessedItems?.[table.name] ?? []) as Record<string, unknown>[];
      return requests.length ? RETRY : undefined;
    },
    () => {
      throw Object.assign(new Error('Unprocessed session deletes'), { $retryable: {} });
    },
  );
}
