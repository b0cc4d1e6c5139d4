import { createHash, randomInt } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys } from './items';
import { EmailTakenError, type UserRecord } from './users';

/** What a one-time token proves; `recovery` and `magiclink` share the user's recovery slot. */
export type OtpKind = 'signup' | 'recovery' | 'magiclink' | 'email_change';

export const OTP_SLOTS = {
  signup: { hash: 'confirmationTokenHash', sentAt: 'confirmationSentAt' },
  recovery: { hash: 'recoveryTokenHash', sentAt: 'recoverySentAt' },
  magiclink: { hash: 'recoveryTokenHash', sentAt: 'recoverySentAt' },
  email_change: { hash: 'emailChangeTokenHash', sentAt: 'emailChangeSentAt' },
} as const;

/** GoTrue's token hash: hex(sha224(email + code)), so `token_hash` links and typed codes meet. */
export function otpHash(email: string, code: string): string {
  return createHash('sha224').update(`${email.toLowerCase()}${code}`).digest('hex');
}

export function newOtp(email: string): { code: string; hash: string } {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  return { code, hash: otpHash(email, code) };
}

/** `OTP#<token hash>` / `OTP`: a pending one-time token, found by its hash. */
export interface OtpRecord {
  userId: string;
  kind: OtpKind;
  /** The address the token was sent to (the new one for an e-mail change). */
  email: string;
  expiresAt: number;
}

export function otpItem(hash: string, otp: OtpRecord) {
  return { ...identityKeys.otp(hash), ...otp, ttl: Math.ceil(otp.expiresAt / 1000) };
}

/**
 * Records a new one-time token of a kind for the user (replacing the previous one), unless
 * one was sent less than `minIntervalMs` ago: then false, and nothing is written.
 */
export async function issueOtp(
  table: Table,
  hash: string,
  otp: OtpRecord,
  options: { now: number; minIntervalMs: number; newEmail?: string },
): Promise<boolean> {
  const TableName = table.name;
  const slot = OTP_SLOTS[otp.kind];
  try {
    await table.doc.transactWrite({
      TransactItems: [
        { Put: { TableName, Item: otpItem(hash, otp) } },
        {
          Update: {
            TableName,
            Key: identityKeys.user(otp.userId),
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
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

export async function getOtp(table: Table, hash: string): Promise<OtpRecord | undefined> {
  const out = await table.doc.get({
    TableName: table.name,
    Key: identityKeys.otp(hash),
    ConsistentRead: true,
  });
  return withoutKeys<OtpRecord>(out.Item);
}

/**
 * Uses up a one-time token and applies what it proves, in one transaction: the token item is
 * deleted (so a second use fails) and the user's slot cleared; a confirmation marks the
 * address verified; an e-mail change moves the uniqueness item to the new address.
 * Returns false when the token was already used or replaced.
 */
export async function consumeOtp(
  table: Table,
  hash: string,
  otp: OtpRecord,
  user: UserRecord,
  now: number,
): Promise<boolean> {
  const TableName = table.name;
  const slot = OTP_SLOTS[otp.kind];
  const tokenCondition = {
    TableName,
    Key: identityKeys.otp(hash),
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
          Key: identityKeys.email(user.email),
          ConditionExpression: 'userId = :id',
          ExpressionAttributeValues: { ':id': user.id },
        },
      },
      {
        Put: {
          TableName,
          Item: {
            ...identityKeys.email(otp.email),
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
        Key: identityKeys.email(user.email),
        UpdateExpression: 'SET emailConfirmedAt = :now',
        ConditionExpression: 'userId = :id',
        ExpressionAttributeValues: { ':now': now, ':id': user.id },
      },
    });
  }
  items.push({
    Update: {
      TableName,
      Key: identityKeys.user(user.id),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE #slot${otp.kind === 'email_change' ? ', newEmail' : ''}`,
      ConditionExpression: '#slot = :hash',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
  try {
    await table.doc.transactWrite({ TransactItems: items });
    return true;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (otp.kind === 'email_change' && codes[2] === 'ConditionalCheckFailed') {
      throw new EmailTakenError();
    }
    if (codes.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}
