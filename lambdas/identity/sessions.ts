import { randomUUID } from 'node:crypto';
import { getItems, isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys } from './items';
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
    session: withoutKeys<SessionRecord>(session),
  };
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
  await table.doc.delete({ TableName: table.name, Key: identityKeys.session(userId, sessionId) });
}

/** Deletes every session of the user except `keepSessionId`. */
export async function deleteSessions(table: Table, userId: string, keepSessionId?: string) {
  const TableName = table.name;
  const keep = keepSessionId ? identityKeys.session(userId, keepSessionId).sk : undefined;
  const partition = identityKeys.session(userId, '');
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.query({
      TableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': partition.pk,
        ':prefix': partition.sk,
      },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    });
    const keys = (page.Items ?? []).filter((item) => item.sk !== keep);
    for (let i = 0; i < keys.length; i += 25) {
      let requests: Record<string, unknown>[] | undefined = keys
        .slice(i, i + 25)
        .map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
      while (requests?.length) {
        const out = await table.doc.batchWrite({ RequestItems: { [TableName]: requests } });
        requests = out.UnprocessedItems?.[TableName] as Record<string, unknown>[] | undefined;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
