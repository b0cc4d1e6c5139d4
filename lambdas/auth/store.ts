import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { SESSION_SORT_PREFIX, emailKey, sessionKey, userKey } from '../common/auth-items';
import { getItems, type Table } from '../common/dynamo';
import { OTP_SLOTS, type OtpKind } from './otp';
import type { UserRecord } from './users';

/** A session as stored in `USER#<id>` / `SESSION#<sid>`; one per sign-in. */
export interface SessionRecord {
  userId: string;
  sessionId: string;
  createdAt: number;
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  /** Rotation step of the session's current refresh token, and the hashes of it and its parent. */
  refreshCounter: number;
  refreshHash: string;
  previousRefreshHash?: string;
  refreshedAt: number;
}

/**
 * `EMAIL#<email>` / `EMAIL`: uniqueness of the address, plus what password sign-in needs, so a
 * sign-in reads one item before the bcrypt comparison (the profile is read during it).
 */
export interface EmailLogin {
  userId: string;
  passwordHash: string;
  emailConfirmedAt?: number;
}

/** `OTP#<token hash>` / `OTP`: a pending one-time token, found by its hash. */
export interface OtpRecord {
  userId: string;
  kind: OtpKind;
  /** The address the token was sent to (the new one for an e-mail change). */
  email: string;
  expiresAt: number;
}

export const otpKey = (hash: string) => ({ pk: `OTP#${hash}`, sk: 'OTP' });

export function otpItem(hash: string, otp: OtpRecord) {
  return { ...otpKey(hash), ...otp, ttl: Math.ceil(otp.expiresAt / 1000) };
}

/** The e-mail already belongs to a user, or another sign-up for it is being written. */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

function strip<T>(item: Record<string, unknown> | undefined): T | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
}

function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string })?.name === 'ConditionalCheckFailedException';
}

function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] })?.CancellationReasons;
  return (reasons ?? []).map((reason) => reason.Code ?? 'None');
}

function isTransactionConditionFailure(error: unknown): boolean {
  return cancellationCodes(error).includes('ConditionalCheckFailed');
}

/** Data access for users, e-mail uniqueness items and sessions. */
export function createAuthStore(table: Table) {
  const { doc, name: TableName } = table;

  async function getUser(userId: string): Promise<UserRecord | undefined> {
    const out = await doc.get({ TableName, Key: userKey(userId), ConsistentRead: true });
    return strip<UserRecord>(out.Item);
  }

  return {
    /** The e-mail item: owner, and a copy of the password hash and confirmation for sign-in. */
    async findLogin(email: string): Promise<EmailLogin | undefined> {
      const out = await doc.get({ TableName, Key: emailKey(email), ConsistentRead: true });
      return strip<EmailLogin>(out.Item);
    },

    getUser,

    async getUserAndSession(userId: string, sessionId: string) {
      const [user, session] = await getItems(table, [
        userKey(userId),
        sessionKey(userId, sessionId),
      ]);
      return { user: strip<UserRecord>(user), session: strip<SessionRecord>(session) };
    },

    /** Writes the user and its e-mail item (and the first session) in one transaction. */
    async createUser(
      user: UserRecord,
      extra: { session?: SessionRecord; otp?: { hash: string; record: OtpRecord } } = {},
    ): Promise<void> {
      const { session, otp } = extra;
      try {
        await doc.transactWrite({
          TransactItems: [
            {
              Put: {
                TableName,
                Item: {
                  ...emailKey(user.email),
                  userId: user.id,
                  passwordHash: user.passwordHash,
                  emailConfirmedAt: user.emailConfirmedAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName,
                Item: { ...userKey(user.id), ...user },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...(otp ? [{ Put: { TableName, Item: otpItem(otp.hash, otp.record) } }] : []),
            ...(session
              ? [
                  {
                    Put: {
                      TableName,
                      Item: { ...sessionKey(user.id, session.sessionId), ...session },
                    },
                  },
                ]
              : []),
          ],
        });
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes.includes('ConditionalCheckFailed') || codes.includes('TransactionConflict')) {
          throw new EmailTakenError();
        }
        throw error;
      }
    },

    async putSession(session: SessionRecord): Promise<void> {
      await doc.put({
        TableName,
        Item: { ...sessionKey(session.userId, session.sessionId), ...session },
      });
    },

    async recordSignIn(userId: string, now: number): Promise<void> {
      await doc.update({
        TableName,
        Key: userKey(userId),
        UpdateExpression: 'SET lastSignInAt = :now, #identity.lastSignInAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#identity': 'identity' },
        ExpressionAttributeValues: { ':now': now },
      });
    },

    /**
     * Moves the session to its next refresh token if `presented` is still its current one
     * (one conditional write); the updated session, or undefined if it is not (or is gone).
     */
    async rotateRefreshToken(
      presented: { userId: string; sessionId: string; counter: number; hash: string },
      next: { refreshHash: string; refreshedAt: number },
    ): Promise<SessionRecord | undefined> {
      try {
        const out = await doc.update({
          TableName,
          Key: sessionKey(presented.userId, presented.sessionId),
          UpdateExpression:
            'SET refreshCounter = :next, refreshHash = :hash, previousRefreshHash = :parent, refreshedAt = :at',
          ConditionExpression: 'refreshCounter = :current AND refreshHash = :parent',
          ExpressionAttributeValues: {
            ':current': presented.counter,
            ':next': presented.counter + 1,
            ':hash': next.refreshHash,
            ':parent': presented.hash,
            ':at': next.refreshedAt,
          },
          ReturnValues: 'ALL_NEW',
        });
        return strip<SessionRecord>(out.Attributes);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async deleteSession(userId: string, sessionId: string): Promise<void> {
      await doc.delete({ TableName, Key: sessionKey(userId, sessionId) });
    },

    /** Deletes every session of the user except `keepSessionId`. */
    async deleteSessions(userId: string, keepSessionId?: string): Promise<void> {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.query({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': userKey(userId).pk,
            ':prefix': SESSION_SORT_PREFIX,
          },
          ProjectionExpression: 'pk, sk',
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        });
        const keep = keepSessionId ? sessionKey(userId, keepSessionId).sk : undefined;
        const keys = (page.Items ?? []).filter((item) => item.sk !== keep);
        for (let i = 0; i < keys.length; i += 25) {
          let requests: Record<string, unknown>[] | undefined = keys
            .slice(i, i + 25)
            .map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
          while (requests?.length) {
            const out = await doc.batchWrite({ RequestItems: { [TableName]: requests } });
            requests = out.UnprocessedItems?.[TableName] as Record<string, unknown>[] | undefined;
          }
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    },

    /** Shallow merge into `user_metadata`: `set` keys are written, `remove` keys deleted. */
    async updateUser(
      userId: string,
      changes: {
        now: number;
        set?: Record<string, unknown>;
        remove?: string[];
        passwordHash?: string;
        /** The user's current address, whose e-mail item carries the password hash. */
        email: string;
      },
    ): Promise<UserRecord | undefined> {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':now': changes.now };
      const sets = ['updatedAt = :now'];
      const removes: string[] = [];
      Object.entries(changes.set ?? {}).forEach(([key, value], i) => {
        names[`#s${i}`] = key;
        values[`:s${i}`] = value;
        sets.push(`userMetadata.#s${i} = :s${i}`);
      });
      (changes.remove ?? []).forEach((key, i) => {
        names[`#r${i}`] = key;
        removes.push(`userMetadata.#r${i}`);
      });
      if (changes.passwordHash) {
        values[':hash'] = changes.passwordHash;
        sets.push('passwordHash = :hash');
      }
      const update = {
        TableName,
        Key: userKey(userId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
        ExpressionAttributeValues: values,
      };
      try {
        if (!changes.passwordHash) {
          const out = await doc.update({ ...update, ReturnValues: 'ALL_NEW' });
          return strip<UserRecord>(out.Attributes);
        }
        await doc.transactWrite({
          TransactItems: [
            { Update: update },
            {
              Update: {
                TableName,
                Key: emailKey(changes.email),
                UpdateExpression: 'SET passwordHash = :hash',
                ConditionExpression: 'userId = :id',
                ExpressionAttributeValues: { ':hash': changes.passwordHash, ':id': userId },
              },
            },
          ],
        });
        return getUser(userId);
      } catch (error) {
        if (isConditionFailure(error) || isTransactionConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /**
     * Records a new one-time token of a kind for the user (replacing the previous one), unless
     * one was sent less than `minIntervalMs` ago: then false, and nothing is written.
     */
    async issueOtp(
      hash: string,
      otp: OtpRecord,
      options: { now: number; minIntervalMs: number; newEmail?: string },
    ): Promise<boolean> {
      const slot = OTP_SLOTS[otp.kind];
      try {
        await doc.transactWrite({
          TransactItems: [
            { Put: { TableName, Item: otpItem(hash, otp) } },
            {
              Update: {
                TableName,
                Key: userKey(otp.userId),
                UpdateExpression: `SET #sentAt = :now, #hash = :hash${options.newEmail ? ', newEmail = :newEmail' : ''}`,
                ConditionExpression:
                  'attribute_exists(pk) AND (attribute_not_exists(#sentAt) OR #sentAt <= :threshold)',
                ExpressionAttributeNames: { '#sentAt': slot.sentAt, '#hash': slot.hash },
                ExpressionAttributeValues: {
                  ':now': options.now,
                  ':hash': hash,
                  ':threshold': options.now - options.minIntervalMs,
                  ...(options.newEmail ? { ':newEmail': options.newEmail } : {}),
                },
              },
            },
          ],
        });
        return true;
      } catch (error) {
        if (isTransactionConditionFailure(error)) return false;
        throw error;
      }
    },

    async getOtp(hash: string): Promise<OtpRecord | undefined> {
      const out = await doc.get({ TableName, Key: otpKey(hash), ConsistentRead: true });
      return strip<OtpRecord>(out.Item);
    },

    /**
     * Uses up a one-time token and applies what it proves, in one transaction: the token item is
     * deleted (so a second use fails) and the user's slot cleared; a confirmation marks the
     * address verified; an e-mail change moves the uniqueness item to the new address.
     * Returns false when the token was already used or replaced.
     */
    async consumeOtp(
      hash: string,
      otp: OtpRecord,
      user: UserRecord,
      now: number,
    ): Promise<boolean> {
      const slot = OTP_SLOTS[otp.kind];
      const tokenCondition = {
        TableName,
        Key: otpKey(hash),
        ConditionExpression: 'attribute_exists(pk)',
      };
      const names: Record<string, string> = { '#slot': slot.hash };
      const values: Record<string, unknown> = { ':hash': hash, ':now': now };
      const sets = ['updatedAt = :now'];
      const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
        { Delete: tokenCondition },
      ];
      if (otp.kind === 'email_change') {
        values[':email'] = otp.email;
        names['#identity'] = 'identity';
        sets.push(
          'email = :email',
          'userMetadata.email = :email',
          '#identity.identityData.email = :email',
        );
        items.push(
          {
            Delete: {
              TableName,
              Key: emailKey(user.email),
              ConditionExpression: 'userId = :id',
              ExpressionAttributeValues: { ':id': user.id },
            },
          },
          {
            Put: {
              TableName,
              Item: {
                ...emailKey(otp.email),
                userId: user.id,
                passwordHash: user.passwordHash,
                emailConfirmedAt: user.emailConfirmedAt ?? now,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        );
      } else if (user.emailConfirmedAt === undefined) {
        values[':true'] = true;
        names['#identity'] = 'identity';
        sets.push(
          'emailConfirmedAt = :now',
          'userMetadata.email_verified = :true',
          '#identity.identityData.email_verified = :true',
        );
        items.push({
          Update: {
            TableName,
            Key: emailKey(user.email),
            UpdateExpression: 'SET emailConfirmedAt = :now',
            ConditionExpression: 'userId = :id',
            ExpressionAttributeValues: { ':now': now, ':id': user.id },
          },
        });
      }
      items.push({
        Update: {
          TableName,
          Key: userKey(user.id),
          UpdateExpression: `SET ${sets.join(', ')} REMOVE #slot${otp.kind === 'email_change' ? ', newEmail' : ''}`,
          ConditionExpression: '#slot = :hash',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      });
      try {
        await doc.transactWrite({ TransactItems: items });
        return true;
      } catch (error) {
        const codes = cancellationCodes(error);
        if (otp.kind === 'email_change' && codes[2] === 'ConditionalCheckFailed') {
          throw new EmailTakenError();
        }
        if (codes.includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
