import { isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys } from './items';

/** `AUTH#SIGNIN#<email>` / `FAILURES`: password attempts for an address since its last success. */
interface SignInFailures {
  failures: number;
  /** No attempt before this time (epoch ms). */
  nextAt: number;
}

/** A quiet day forgets the count. */
const FORGET_AFTER_SECONDS = 24 * 3600;

export interface SignInDelayPolicy {
  freeFailures: number;
  maxDelaySeconds: number;
}

/** The wait after `failures` attempts: none for the free ones, then 1 s doubling up to the cap. */
export function signInDelayMs(failures: number, policy: SignInDelayPolicy): number {
  if (failures < policy.freeFailures) return 0;
  const seconds = 2 ** Math.min(failures - policy.freeFailures, 30);
  return Math.min(seconds, policy.maxDelaySeconds) * 1000;
}

/**
 * Counts a password attempt for an address before the password is compared (a success clears
 * it again): false while the address owes a wait, or when a parallel attempt took this turn.
 * One conditional write per attempt, so parallel guesses cannot share a turn.
 */
export async function claimSignInAttempt(
  table: Table,
  email: string,
  now: number,
  policy: SignInDelayPolicy,
): Promise<boolean> {
  const Key = identityKeys.signInFailures(email);
  const out = await table.doc.get({ TableName: table.name, Key, ConsistentRead: true });
  const seen = withoutKeys<SignInFailures>(out.Item);
  if (seen && seen.nextAt > now) return false;
  const failures = (seen?.failures ?? 0) + 1;
  try {
    await table.doc.put({
      TableName: table.name,
      Item: {
        ...Key,
        failures,
        nextAt: now + signInDelayMs(failures, policy),
        ttl: Math.ceil(now / 1000) + FORGET_AFTER_SECONDS,
      },
      ConditionExpression: seen ? 'failures = :seen' : 'attribute_not_exists(pk)',
      ...(seen ? { ExpressionAttributeValues: { ':seen': seen.failures } } : {}),
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A sign-in succeeded (password, or a code from the address's inbox): the count starts over. */
export async function clearSignInFailures(table: Table, email: string): Promise<void> {
  await table.doc.delete({ TableName: table.name, Key: identityKeys.signInFailures(email) });
}
