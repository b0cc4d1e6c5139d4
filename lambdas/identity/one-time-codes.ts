import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys } from './items';
import { EmailTakenError, type UserRecord } from './users';

/**
 * What a one-time token proves; `recovery` and `magiclink` share the user's recovery slot.
 * A secure e-mail change sends two: `email_change` to the new address and
 * `email_change_current` to the current one; the address moves once both are used.
 */
export type OtpKind = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'email_change_current';

export const OTP_SLOTS = {
  signup: { hash: 'confirmationTokenHash', sentAt: 'confirmationSentAt' },
  recovery: { hash: 'recoveryTokenHash', sentAt: 'recoverySentAt' },
  magiclink: { hash: 'recoveryTokenHash', sentAt: 'recoverySentAt' },
  email_change: { hash: 'emailChangeTokenHash', sentAt: 'emailChangeSentAt' },
  email_change_current: {
    hash: 'emailChangeCurrentTokenHash',
    sentAt: 'emailChangeCurrentSentAt',
  },
} as const;

/** The other half of a secure e-mail change. */
const OTHER_HALF: Partial<Record<OtpKind, OtpKind>> = {
  email_change: 'email_change_current',
  email_change_current: 'email_change',
};

/** Wrong typed codes an address may try before its code is burned (a new one must be sent). */
export const MAX_CODE_ATTEMPTS = 5;

/** The typed code's key: hex(sha224(email + code)), as GoTrue hashes it. */
export function otpHash(email: string, code: string): string {
  return createHash('sha224').update(`${email.toLowerCase()}${code}`).digest('hex');
}

/** The link token's key: its hash (the token itself is never stored). */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new code: six digits to type, and an independent 256-bit token for the e-mailed link
 * (so the link cannot be guessed from the code's 20 bits, nor the code from the link).
 */
export function newOtp(email: string) {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const linkToken = randomBytes(32).toString('base64url');
  return { code, linkToken, codeHash: otpHash(email, code), linkHash: linkTokenHash(linkToken) };
}

export type NewOtp = ReturnType<typeof newOtp>;

/** `OTP#<code or link hash>` / `OTP`: a pending one-time token, stored under both its keys. */
export interface OtpRecord {
  userId: string;
  kind: OtpKind;
  /** The address the token was sent to (the new one for an e-mail change). */
  email: string;
  expiresAt: number;
  codeHash: string;
  linkHash: string;
  /** A sign-up's password (bcrypt), which becomes the account's when this code confirms it. */
  passwordHash?: string;
}

/**
 * The puts that record a new token: its two lookup items, and the address's attempt counter
 * (reset to zero: sending a new code un-burns the address).
 */
export function otpPuts(TableName: string, otp: OtpRecord) {
  const ttl = Math.ceil(otp.expiresAt / 1000);
  return [
    { Put: { TableName, Item: { ...identityKeys.otp(otp.codeHash), ...otp, ttl } } },
    { Put: { TableName, Item: { ...identityKeys.otp(otp.linkHash), ...otp, ttl } } },
    {
      Put: {
        TableName,
        Item: { ...identityKeys.otpAttempts(otp.email), attempts: 0, ttl },
      },
    },
  ];
}

/**
 * Records a new one-time token of a kind for the user (replacing the previous one), unless
 * one was sent less than `minIntervalMs` ago: then false, and nothing is written.
 */
export async function issueOtp(
  table: Table,
  otp: OtpRecord,
  options: { now: number; minIntervalMs: number; newEmail?: string },
): Promise<boolean> {
  const TableName = table.name;
  const slot = OTP_SLOTS[otp.kind];
  try {
    await table.doc.transactWrite({
      TransactItems: [
        ...otpPuts(TableName, otp),
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
              ':hash': otp.codeHash,
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

/**
 * Counts a typed-code attempt for an address before the code is compared: false when the
 * address has no code pending or has used up its attempts (the code is burned).
 */
export async function countCodeAttempt(table: Table, email: string): Promise<boolean> {
  try {
    await table.doc.update({
      TableName: table.name,
      Key: identityKeys.otpAttempts(email),
      UpdateExpression: 'ADD attempts :one',
      ConditionExpression: 'attempts < :max',
      ExpressionAttributeValues: { ':one': 1, ':max': MAX_CODE_ATTEMPTS },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getOtp(table: Table, key: string): Promise<OtpRecord | undefined> {
  const out = await table.doc.get({
    TableName: table.name,
    Key: identityKeys.otp(key),
    ConsistentRead: true,
  });
  return withoutKeys<OtpRecord>(out.Item);
}

/** What using a token did: `partial` is the first half of a secure e-mail change. */
export type ConsumeOutcome = 'done' | 'partial' | 'stale';

/**
 * Uses up a one-time token and applies what it proves, in one transaction: both its items are
 * deleted (so a second use fails) and the user's slot cleared; a confirmation marks the
 * address verified and sets `confirmedPasswordHash` as the password (the confirmer's, so a
 * password set by an earlier registrant of the address never survives it); the second half of
 * an e-mail change moves the uniqueness item to the new address. `stale` when the token was
 * already used or replaced (or a race moved on).
 */
export async function consumeOtp(
  table: Table,
  otp: OtpRecord,
  user: UserRecord,
  now: number,
  confirmedPasswordHash?: string,
): Promise<ConsumeOutcome> {
  const TableName = table.name;
  const slot = OTP_SLOTS[otp.kind];
  const otherHalf = OTHER_HALF[otp.kind];
  const partial = otherHalf !== undefined && user[OTP_SLOTS[otherHalf].hash] !== undefined;
  const moves = otherHalf !== undefined && !partial;
  const names: Record<string, string> = { '#slot': slot.hash };
  const values: Record<string, unknown> = { ':hash': otp.codeHash, ':now': now };
  const sets = ['updatedAt = :now'];
  const removes = ['#slot'];
  const conditions = ['#slot = :hash'];
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Delete: {
        TableName,
        Key: identityKeys.otp(otp.codeHash),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName, Key: identityKeys.otp(otp.linkHash) } },
  ];
  if (otherHalf) {
    names['#other'] = OTP_SLOTS[otherHalf].hash;
    conditions.push(partial ? 'attribute_exists(#other)' : 'attribute_not_exists(#other)');
  }
  let newEmailPut = -1;
  if (moves) {
    const newEmail = user.newEmail ?? otp.email;
    values[':email'] = newEmail;
    names['#identity'] = 'identity';
    sets.push(
      'email = :email',
      'userMetadata.email = :email',
      '#identity.identityData.email = :email',
    );
    removes.push('newEmail');
    items.push({
      Delete: {
        TableName,
        Key: identityKeys.email(user.email),
        ConditionExpression: 'userId = :id',
        ExpressionAttributeValues: { ':id': user.id },
      },
    });
    newEmailPut = items.length;
    items.push({
      Put: {
        TableName,
        Item: {
          ...identityKeys.email(newEmail),
          userId: user.id,
          passwordHash: user.passwordHash,
          emailConfirmedAt: user.emailConfirmedAt ?? now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  } else if (!otherHalf && user.emailConfirmedAt === undefined) {
    const passwordHash = confirmedPasswordHash ?? user.passwordHash;
    values[':true'] = true;
    values[':password'] = passwordHash;
    names['#identity'] = 'identity';
    sets.push(
      'emailConfirmedAt = :now',
      'passwordHash = :password',
      'userMetadata.email_verified = :true',
      '#identity.identityData.email_verified = :true',
    );
    items.push({
      Update: {
        TableName,
        Key: identityKeys.email(user.email),
        UpdateExpression: 'SET emailConfirmedAt = :now, passwordHash = :password',
        ConditionExpression: 'userId = :id',
        ExpressionAttributeValues: { ':now': now, ':id': user.id, ':password': passwordHash },
      },
    });
  }
  items.push({
    Update: {
      TableName,
      Key: identityKeys.user(user.id),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
  try {
    await table.doc.transactWrite({ TransactItems: items });
    return partial ? 'partial' : 'done';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (newEmailPut >= 0 && codes[newEmailPut] === 'ConditionalCheckFailed') {
      throw new EmailTakenError();
    }
    if (codes.includes('ConditionalCheckFailed')) return 'stale';
    throw error;
  }
}
