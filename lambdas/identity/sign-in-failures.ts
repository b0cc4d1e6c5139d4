import { RETRY, retryOnConflict } from '../platform/conflict-retry';
import { isConditionFailure, withoutKeys, type Table } from '../platform/dynamo';
import { identityKeys } from './items';

/**
 * Failed password attempts since the last success, on two counters per address (known or not):
 * `AUTH#SIGNIN#<email>` / `FAILURES` for every client the account does not know, and
 * `CLIENT#<client>` for one client (a device cookie, else an IPv4 address or IPv6 /64).
 */
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
 * Whether the count says to wait: past the free attempts and before its time. A free one's time
 * is when it was counted, which a parallel request that read the clock a moment earlier is
 * before: that one owes nothing either.
 */
function owesWait(seen: SignInFailures, now: number, policy: SignInDelayPolicy): boolean {
  return signInDelayMs(seen.failures, policy) > 0 && seen.nextAt > now;
}

/** Who makes a password attempt: a client key, and whether it holds the account's device cookie. */
export interface SignInClient {
  key: string;
  /** Signed in to this account before: others' failures do not slow it (its own still do). */
  trusted: boolean;
}

export interface SignInPolicies {
  /** Per account and client. */
  client: SignInDelayPolicy;
  /** Per account, for clients it does not know: a higher ceiling. */
  account: SignInDelayPolicy;
}

type Key = ReturnType<typeof identityKeys.signInFailures>;

/** One counter's turn, taken with a conditional write; `seen` is what it replaced. */
interface Turn {
  Key: Key;
  seen?: SignInFailures;
  failures: number;
}

/**
 * A turn lost to a parallel attempt is taken again from the count that attempt left: each is
 * counted in turn and refused only when a wait is owed, not for landing in the same instant
 * (two devices signing in at once). Each loss means another write landed: a bounded loop.
 */
const TURN_ATTEMPTS = 8;

function takeTurn(
  table: Table,
  Key: Key,
  now: number,
  policy: SignInDelayPolicy,
): Promise<Turn | undefined> {
  return retryOnConflict(
    { attempts: TURN_ATTEMPTS },
    async () => {
      const out = await table.doc.get({ TableName: table.name, Key, ConsistentRead: true });
      const seen = withoutKeys<SignInFailures>(out.Item);
      if (seen && owesWait(seen, now, policy)) return undefined;
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
        return { Key, seen, failures };
      } catch (error) {
        if (isConditionFailure(error)) return RETRY;
        throw error;
      }
    },
    () => undefined,
  );
}

/** Gives a turn back (the other counter refused): the counter is as before, unless moved since. */
async function giveBack(table: Table, turn: Turn): Promise<void> {
  const condition = {
    ConditionExpression: 'failures = :mine',
    ExpressionAttributeValues: { ':mine': turn.failures },
  };
  try {
    if (turn.seen) {
      await table.doc.put({
        TableName: table.name,
        Item: {
          ...turn.Key,
          ...turn.seen,
          ttl: Math.ceil(turn.seen.nextAt / 1000) + FORGET_AFTER_SECONDS,
        },
        ...condition,
      });
    } else {
      await table.doc.delete({ TableName: table.name, Key: turn.Key, ...condition });
    }
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Counts a password attempt before the password is compared, on the client's counter and, for a
 * client the account does not know, on the account's: false while either owes a wait (then the
 * other counter is given back). The right password clears what it counted
 * (`clearSignInFailures`), so only wrong ones stay counted.
 */
export async function claimSignInAttempt(
  table: Table,
  email: string,
  client: SignInClient,
  now: number,
  policies: SignInPolicies,
): Promise<boolean> {
  const [own, shared] = await Promise.all([
    takeTurn(table, identityKeys.signInClientFailures(email, client.key), now, policies.client),
    client.trusted
      ? null
      : takeTurn(table, identityKeys.signInFailures(email), now, policies.account),
  ]);
  if (own && shared !== undefined) return true;
  await Promise.all([own && giveBack(table, own), shared && giveBack(table, shared)]);
  return false;
}

/**
 * A sign-in succeeded: the client's count starts over, and the account's too unless the client
 * is a trusted one (its success says nothing about the strangers counted there). Without a
 * client (a code from the address's inbox) only the account's count is cleared.
 */
export async function clearSignInFailures(
  table: Table,
  email: string,
  client?: SignInClient,
): Promise<void> {
  await Promise.all([
    client &&
      table.doc.delete({
        TableName: table.name,
        Key: identityKeys.signInClientFailures(email, client.key),
      }),
    client?.trusted ||
      table.doc.delete({ TableName: table.name, Key: identityKeys.signInFailures(email) }),
  ]);
}
