import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { RETRY, retryOnConflict } from '../platform/conflict-retry';
import { identityKeys } from './items';
import { EMAIL_CHANGE_CONFIRMATIONS, type EmailLogin, type UserRecord } from './records';

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/** A new e-mail identity's data, GoTrue's first `user_metadata`: `data`, then its own keys. */
export function emailIdentityData(
  data: Record<string, unknown>,
  user: { id: string; email: string; confirmed: boolean },
): Record<string, unknown> {
  return {
    ...data,
    sub: user.id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false,
  };
}

/** RFC 3339 UTC with microseconds, as Go prints a Postgres `timestamptz`. */
export function rfc3339(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('Z', '000Z');
}

function optionalTime(epochMs: number | undefined): string | undefined {
  return epochMs === undefined ? undefined : rfc3339(epochMs);
}

/** The upstream `models.User` JSON, members in upstream order; never the password hash. */
export function toUserJson(user: UserRecord) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: optionalTime(user.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: optionalTime(user.confirmationSentAt),
    confirmed_at: optionalTime(user.emailConfirmedAt),
    recovery_sent_at: optionalTime(user.recoverySentAt),
    new_email: user.newEmail,
    email_change_sent_at: optionalTime(user.emailChangeSentAt),
    last_sign_in_at: optionalTime(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: [
      {
        identity_id: user.identity.id,
        id: user.id,
        user_id: user.id,
        identity_data: user.identity.identityData,
        provider: 'email',
        last_sign_in_at: optionalTime(user.identity.lastSignInAt),
        created_at: rfc3339(user.identity.createdAt),
        updated_at: rfc3339(user.identity.updatedAt),
        email: user.email,
      },
    ],
    created_at: rfc3339(user.createdAt),
    updated_at: rfc3339(user.updatedAt),
    is_anonymous: false,
  };
}

export type UserJson = ReturnType<typeof toUserJson>;

/**
 * What sign-up answers for an already-registered address when confirmation is on, so the
 * answer does not reveal the account: a random id, the request's data only, no identities.
 */
export function obfuscatedUserJson(
  id: string,
  email: string,
  data: Record<string, unknown>,
  now: number,
) {
  return {
    id,
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: rfc3339(now),
    app_metadata: EMAIL_APP_METADATA,
    user_metadata: data,
    identities: [],
    created_at: rfc3339(now),
    updated_at: rfc3339(now),
    is_anonymous: false,
  };
}

/** The e-mail already belongs to a user, or another sign-up for it is being written. */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

/** The e-mail item: owner, and a copy of the password hash and confirmation for sign-in. */
export async function findLogin(table: Table, email: string): Promise<EmailLogin | undefined> {
  const out = await table.doc.get({
    TableName: table.name,
    Key: identityKeys.email(email),
    ConsistentRead: true,
  });
  return withoutKeys<EmailLogin>(out.Item);
}

export async function getUser(table: Table, userId: string): Promise<UserRecord | undefined> {
  const out = await table.doc.get({
    TableName: table.name,
    Key: identityKeys.user(userId),
    ConsistentRead: true,
  });
  return withoutKeys<UserRecord>(out.Item);
}

/**
 * Writes the user and its e-mail item (and `extraItems`: the first session, or the confirmation
 * code) in one transaction; the SDK's idempotency token makes a retried attempt apply once.
 */
export async function putNewUser(
  table: Table,
  user: UserRecord,
  passwordHash: string,
  extraItems: TransactItems,
): Promise<void> {
  const TableName = table.name;
  try {
    await table.doc.transactWrite({
      TransactItems: [
        {
          Put: {
            TableName,
            Item: {
              ...identityKeys.email(user.email),
              userId: user.id,
              passwordHash,
              emailConfirmedAt: user.emailConfirmedAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName,
            Item: { ...identityKeys.user(user.id), ...user },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...extraItems,
      ],
    });
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes.includes('ConditionalCheckFailed') || codes.includes('TransactionConflict')) {
      throw new EmailTakenError();
    }
    throw error;
  }
}

export async function recordSignIn(table: Table, userId: string, now: number): Promise<void> {
  await table.doc.update({
    TableName: table.name,
    Key: identityKeys.user(userId),
    UpdateExpression: 'SET lastSignInAt = :now, #identity.lastSignInAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#identity': 'identity' },
    ExpressionAttributeValues: { ':now': now },
  });
}

/** What a password change clears: the pending e-mail change, and every code but sign-up's. */
const PASSWORD_BOUND = ['newEmail', ...EMAIL_CHANGE_CONFIRMATIONS];
const PASSWORD_BOUND_CODES = ['recovery', 'emailChange', 'emailChangeCurrent'];

/** Another write kept changing the user while this one tried to apply its change. */
export class UserUpdateConflictError extends Error {
  override name = 'UserUpdateConflictError';
}

/**
 * Changes the user: `metadata` computes the new `user_metadata` from the stored one, written as
 * one attribute (so no number of keys can outgrow an update expression), on the condition that
 * nobody changed the user since it was read; on a conflict the user is read again and the change
 * recomputed. A new password goes to the e-mail item (the one place a hash is kept) and clears
 * the pending one-time tokens. Undefined when the user is gone.
 */
export async function updateUser(
  table: Table,
  read: UserRecord,
  changes: {
    now: number;
    metadata?: (current: Record<string, unknown>) => Record<string, unknown>;
    passwordHash?: string;
  },
): Promise<UserRecord | undefined> {
  const TableName = table.name;
  let user: UserRecord = read;
  return retryOnConflict(
    { attempts: 5 },
    async () => {
      const values: Record<string, unknown> = { ':now': changes.now, ':seen': user.updatedAt };
      const sets = ['updatedAt = :now'];
      const removes: string[] = [];
      if (changes.metadata) {
        values[':metadata'] = changes.metadata(user.userMetadata);
        sets.push('userMetadata = :metadata');
      }
      if (changes.passwordHash) {
        // GoTrue's UpdatePassword: pending recovery, magic-link and e-mail-change tokens die with
        // the old password (a token is valid only while its hash is in the user's slot).
        removes.push(...PASSWORD_BOUND);
      }
      const update = {
        TableName,
        Key: identityKeys.user(user.id),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :seen',
        ExpressionAttributeValues: values,
      };
      try {
        if (!changes.passwordHash) {
          const out = await table.doc.update({ ...update, ReturnValues: 'ALL_NEW' });
          return withoutKeys<UserRecord>(out.Attributes);
        }
        await table.doc.transactWrite({
          TransactItems: [
            { Update: update },
            {
              Update: {
                TableName,
                Key: identityKeys.email(user.email),
                UpdateExpression: 'SET passwordHash = :hash',
                ConditionExpression: 'userId = :id',
                ExpressionAttributeValues: { ':hash': changes.passwordHash, ':id': user.id },
              },
            },
            {
              Update: {
                TableName,
                Key: identityKeys.codes(user.id),
                UpdateExpression: `REMOVE ${PASSWORD_BOUND_CODES.join(', ')}`,
              },
            },
          ],
        });
        return await getUser(table, user.id);
      } catch (error) {
        const conflict =
          isConditionFailure(error) ||
          cancellationCodes(error).some(
            (code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict',
          );
        if (!conflict) throw error;
        const reread = await getUser(table, user.id);
        if (!reread) return undefined;
        user = reread;
        return RETRY;
      }
    },
    () => {
      throw new UserUpdateConflictError();
    },
  );
}
