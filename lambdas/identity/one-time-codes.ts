import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys } from './items';
import {
  EMAIL_CHANGE_CONFIRMATIONS,
  EmailTakenError,
  findLogin,
  type EmailChangeConfirmation,
  type UserRecord,
} from './users';

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

/**
 * The halves of a secure e-mail change: the other half, and the user attribute that records
 * this half as used (GoTrue's `email_change_confirm_status`). The address moves only when the
 * half being used finds the other's flag set, never because a slot is empty.
 */
const EMAIL_CHANGE_HALVES: Partial<
  Record<OtpKind, { confirmed: EmailChangeConfirmation; otherConfirmed: EmailChangeConfirmation }>
> = {
  email_change: {
    confirmed: 'emailChangeNewConfirmed',
    otherConfirmed: 'emailChangeCurrentConfirmed',
  },
  email_change_current: {
    confirmed: 'emailChangeCurrentConfirmed',
    otherConfirmed: 'emailChangeNewConfirmed',
  },
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
 * Records new one-time tokens for one user in one transaction (each replacing the previous
 * token of its kind), unless one of their kinds was sent less than `minIntervalMs` ago: then
 * false, and nothing is written. With `newEmail` (an e-mail change: both halves together) the
 * pending address is set and any half confirmed for an earlier request is forgotten.
 */
export async function issueOtps(
  table: Table,
  otps: OtpRecord[],
  options: { now: number; minIntervalMs: number; newEmail?: string },
): Promise<boolean> {
  const TableName = table.name;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':now': options.now,
    ':threshold': options.now - options.minIntervalMs,
  };
  const sets: string[] = [];
  const conditions = ['attribute_exists(pk)'];
  otps.forEach((otp, i) => {
    const slot = OTP_SLOTS[otp.kind];
    names[`#sentAt${i}`] = slot.sentAt;
    names[`#hash${i}`] = slot.hash;
    values[`:hash${i}`] = otp.codeHash;
    sets.push(`#sentAt${i} = :now`, `#hash${i} = :hash${i}`);
    conditions.push(`(attribute_not_exists(#sentAt${i}) OR #sentAt${i} <= :threshold)`);
  });
  let removes = '';
  if (options.newEmail) {
    values[':newEmail'] = options.newEmail;
    sets.push('newEmail = :newEmail');
    removes = ` REMOVE ${EMAIL_CHANGE_CONFIRMATIONS.join(', ')}`;
  }
  try {
    await table.doc.transactWrite({
      TransactItems: [
        ...otps.flatMap((otp) => otpPuts(TableName, otp)),
        {
          Update: {
            TableName,
            Key: identityKeys.user(otps[0]!.userId),
            UpdateExpression: `SET ${sets.join(', ')}${removes}`,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
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

/**
 * The unconfirmed user's live confirmation code (the one a sign-up's password is bound to), if
 * one is pending and not expired.
 */
export async function pendingSignUp(
  table: Table,
  user: UserRecord,
  now: number,
): Promise<OtpRecord | undefined> {
  if (!user.confirmationTokenHash) return undefined;
  const code = await getOtp(table, user.confirmationTokenHash);
  return code && code.expiresAt >= now ? code : undefined;
}

/** What using a token did: `partial` is the first half of a secure e-mail change. */
export type ConsumeOutcome = 'done' | 'partial' | 'stale';

/**
 * Uses up a one-time token and applies what it proves, in one transaction: both its items are
 * deleted (so a second use fails) and the user's slot cleared; a confirmation marks the
 * address verified and sets `confirmedPasswordHash` as the password (the confirmer's, so a
 * password set by an earlier registrant of the address never survives it). A half of an
 * e-mail change records itself as confirmed; the half that finds the other already confirmed
 * moves the uniqueness item to the pending address. `stale` when the token was already used or
 * replaced (or a race moved on).
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
  const half = EMAIL_CHANGE_HALVES[otp.kind];
  const moves = half !== undefined && user[half.otherConfirmed] === true;
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
  if (half) {
    if (!user.newEmail) return 'stale';
    names['#otherConfirmed'] = half.otherConfirmed;
    values[':newEmail'] = user.newEmail;
    values[':true'] = true;
    conditions.push(
      'newEmail = :newEmail',
      moves ? '#otherConfirmed = :true' : 'attribute_not_exists(#otherConfirmed)',
    );
    if (!moves) {
      names['#confirmed'] = half.confirmed;
      sets.push('#confirmed = :true');
    }
  }
  let newEmailPut = -1;
  if (moves) {
    const newEmail = user.newEmail!;
    values[':email'] = newEmail;
    names['#identity'] = 'identity';
    sets.push(
      'email = :email',
      'userMetadata.email = :email',
      '#identity.identityData.email = :email',
    );
    removes.push('newEmail', ...EMAIL_CHANGE_CONFIRMATIONS);
    // The hash moves with the address; a password changed meanwhile makes this attempt stale.
    const login = await findLogin(table, user.email);
    if (!login || login.userId !== user.id) return 'stale';
    items.push({
      Delete: {
        TableName,
        Key: identityKeys.email(user.email),
        ConditionExpression: 'userId = :id AND passwordHash = :hash',
        ExpressionAttributeValues: { ':id': user.id, ':hash': login.passwordHash },
      },
    });
    newEmailPut = items.length;
    items.push({
      Put: {
        TableName,
        Item: {
          ...identityKeys.email(newEmail),
          userId: user.id,
          passwordHash: login.passwordHash,
          emailConfirmedAt: user.emailConfirmedAt ?? now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  } else if (!half && user.emailConfirmedAt === undefined) {
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
        UpdateExpression: `SET emailConfirmedAt = :now${confirmedPasswordHash ? ', passwordHash = :password' : ''}`,
        ConditionExpression: 'userId = :id',
        ExpressionAttributeValues: {
          ':now': now,
          ':id': user.id,
          ...(confirmedPasswordHash ? { ':password': confirmedPasswordHash } : {}),
        },
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
    return half && !moves ? 'partial' : 'done';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (newEmailPut >= 0 && codes[newEmailPut] === 'ConditionalCheckFailed') {
      throw new EmailTakenError();
    }
    if (codes.includes('ConditionalCheckFailed')) return 'stale';
    throw error;
  }
}
