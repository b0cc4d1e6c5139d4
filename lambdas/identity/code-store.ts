import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys } from './items';
import {
  EMAIL_CHANGE_CONFIRMATIONS,
  type EmailChangeConfirmation,
  type OtpKind,
  type OtpRecord,
  type PendingCodes,
  type UserRecord,
} from './records';
import { EmailTakenError, emailIdentityData, findLogin } from './users';

/** Each kind's slot: its code's MAC on the `AUTH#` item, and its send time on the profile. */
export const OTP_SLOTS = {
  signup: { hash: 'signup', sentAt: 'confirmationSentAt' },
  recovery: { hash: 'recovery', sentAt: 'recoverySentAt' },
  magiclink: { hash: 'recovery', sentAt: 'recoverySentAt' },
  email_change: { hash: 'emailChange', sentAt: 'emailChangeSentAt' },
  email_change_current: { hash: 'emailChangeCurrent', sentAt: 'emailChangeCurrentSentAt' },
} as const satisfies Record<OtpKind, { hash: keyof PendingCodes; sentAt: keyof UserRecord }>;

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

/** A typed code: six digits, nothing else (checked before any lookup or attempt is counted). */
export const CODE_FORMAT = /^\d{6}$/;

/**
 * The typed code's key: an HMAC under the server's code key of the address and the code, with a
 * separator (an address holds no line break), so a leaked item yields nothing offline.
 */
export function otpHash(key: Buffer, email: string, code: string): string {
  return createHmac('sha256', key).update(`code\n${email.toLowerCase()}\n${code}`).digest('hex');
}

/** The link token's key: its HMAC (the token itself is never stored). */
export function linkTokenHash(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(`link\n${token}`).digest('hex');
}

/**
 * A new code: six digits to type, and an independent 256-bit token for the e-mailed link
 * (so the link cannot be guessed from the code's 20 bits, nor the code from the link).
 */
export function newOtp(key: Buffer, email: string) {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const linkToken = randomBytes(32).toString('base64url');
  return {
    code,
    linkToken,
    codeHash: otpHash(key, email, code),
    linkHash: linkTokenHash(key, linkToken),
  };
}

export type NewOtp = ReturnType<typeof newOtp>;

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

/** The items of a new user's confirmation code: its lookups, its attempts, and its slot. */
export function signUpCodeItems(TableName: string, otp: OtpRecord) {
  return [
    ...otpPuts(TableName, otp),
    { Put: { TableName, Item: { ...identityKeys.codes(otp.userId), signup: otp.codeHash } } },
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
  const codeNames: Record<string, string> = {};
  const codeValues: Record<string, unknown> = {};
  const codeSets: string[] = [];
  otps.forEach((otp, i) => {
    const slot = OTP_SLOTS[otp.kind];
    names[`#sentAt${i}`] = slot.sentAt;
    sets.push(`#sentAt${i} = :now`);
    conditions.push(`(attribute_not_exists(#sentAt${i}) OR #sentAt${i} <= :threshold)`);
    codeNames[`#hash${i}`] = slot.hash;
    codeValues[`:hash${i}`] = otp.codeHash;
    codeSets.push(`#hash${i} = :hash${i}`);
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
        {
          Update: {
            TableName,
            Key: identityKeys.codes(otps[0]!.userId),
            UpdateExpression: `SET ${codeSets.join(', ')}`,
            ExpressionAttributeNames: codeNames,
            ExpressionAttributeValues: codeValues,
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

/** The MACs of the user's pending codes, one per slot. */
export async function getPendingCodes(table: Table, userId: string): Promise<PendingCodes> {
  const out = await table.doc.get({
    TableName: table.name,
    Key: identityKeys.codes(userId),
    ConsistentRead: true,
  });
  return withoutKeys<PendingCodes>(out.Item) ?? {};
}

/** What using a token did: `partial` is the first half of a secure e-mail change. */
export type ConsumeOutcome = 'done' | 'partial' | 'stale';

/**
 * Uses up a one-time token and applies what it proves, in one transaction: both its items are
 * deleted (so a second use fails) and the user's slot cleared; a confirmation marks the
 * address verified, resets the user metadata and sets `confirmedPasswordHash` as the password
 * (an unusable one, so nothing set before the confirmation survives it). A half of an
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
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now };
  const sets = ['updatedAt = :now'];
  const removes: string[] = [];
  const conditions = ['attribute_exists(pk)'];
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Delete: {
        TableName,
        Key: identityKeys.otp(otp.codeHash),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName, Key: identityKeys.otp(otp.linkHash) } },
    {
      Update: {
        TableName,
        Key: identityKeys.codes(user.id),
        UpdateExpression: 'REMOVE #slot',
        ConditionExpression: '#slot = :hash',
        ExpressionAttributeNames: { '#slot': slot.hash },
        ExpressionAttributeValues: { ':hash': otp.codeHash },
      },
    },
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
    // Nothing a sign-up set survives the inbox owner's confirmation: whoever signed up first
    // may not be the owner, so the metadata (a name, anything) starts over, like the password.
    values[':fresh'] = emailIdentityData({}, { id: user.id, email: user.email, confirmed: true });
    names['#identity'] = 'identity';
    sets.push(
      'emailConfirmedAt = :now',
      'userMetadata = :fresh',
      '#identity.identityData = :fresh',
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
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
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
