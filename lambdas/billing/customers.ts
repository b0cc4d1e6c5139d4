import type { Clock } from '../platform/clock';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { RETRY, retryOnConflict } from '../platform/conflict-retry';
import { cancellationCodes, isConditionFailure, type Table } from '../platform/dynamo';
import { HttpError } from '../platform/errors';
import { legacyKey } from '../identity/items';
import { paymentKeys } from './items';
import { notStartedRow } from './subscription-sync';

/** A claim older than this was abandoned (its Lambda died) and may be taken over. */
const STALE_CLAIM_MS = 30_000;
const WAIT_MS = 100;
const MAX_WAITS = 60;

export interface UserCustomer {
  customerId: string;
  /** False when this call created the customer (so it cannot have a subscription yet). */
  existed: boolean;
}

/**
 * The user's Stripe customer, created on first need. Parallel calls create exactly one: the
 * caller that wins a conditional "claim" write creates it and stores the mapping both ways in
 * one transaction; the others wait for that mapping. (A claim abandoned by a crashed Lambda is
 * taken over after 30 s; the worst case is an unused extra customer in Stripe, never two mapped.)
 */
export async function customerForUser(
  stripe: Stripe,
  table: Table,
  user: { userId: string; email: string },
  clock: Clock,
): Promise<UserCustomer> {
  const key = paymentKeys.stripeCustomer(user.userId);
  return retryOnConflict(
    { attempts: MAX_WAITS + 1 },
    async () => {
      const { Item } = await table.doc.get({
        TableName: table.name,
        Key: key,
        ConsistentRead: true,
      });
      if (typeof Item?.customer_id === 'string') {
        return { customerId: Item.customer_id, existed: true };
      }
      const legacy = !Item && (await legacyCustomer(table, user.userId));
      if (legacy) return { customerId: legacy, existed: true };
      const now = clock();
      if (
        !Item ||
        (typeof Item.claimed_at === 'number' && Item.claimed_at < now - STALE_CLAIM_MS)
      ) {
        const claimId = randomUUID();
        try {
          await table.doc.put({
            TableName: table.name,
            Item: { ...key, user_id: user.userId, claim_id: claimId, claimed_at: now },
            ConditionExpression:
              'attribute_not_exists(pk) OR (attribute_not_exists(customer_id) AND claimed_at < :stale)',
            ExpressionAttributeValues: { ':stale': now - STALE_CLAIM_MS },
          });
        } catch (error) {
          // Another call claimed it first: read again at once.
          if (!isConditionFailure(error)) throw error;
          return RETRY;
        }
        return { customerId: await createCustomer(stripe, table, user, claimId), existed: false };
      }
      // Another call holds a fresh claim: give it time to store the customer.
      await new Promise((resolveWait) => setTimeout(resolveWait, WAIT_MS));
      return RETRY;
    },
    () => {
      throw new HttpError(
        503,
        'service_unavailable',
        'Your billing account is being set up, please retry',
      );
    },
  );
}

/**
 * The customer the old layout stored under `USER#<id>` (`LEGACY_PARTITIONS`), copied to its new
 * key so the user's later calls find it there. Undefined when there is none.
 */
async function legacyCustomer(table: Table, userId: string): Promise<string | undefined> {
  const customerId = await storedCustomerId(table, userId, true);
  if (!customerId) return undefined;
  try {
    await table.doc.put({
      TableName: table.name,
      Item: { ...paymentKeys.stripeCustomer(userId), user_id: userId, customer_id: customerId },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return customerId;
}

/**
 * The user's stored Stripe customer id, if any: under its key, else (`LEGACY_PARTITIONS`) under
 * the old one. `legacyOnly` skips the first read.
 */
export async function storedCustomerId(
  table: Table,
  userId: string,
  legacyOnly = false,
): Promise<string | undefined> {
  const key = paymentKeys.stripeCustomer(userId);
  const keys = legacyOnly ? [] : [key];
  if (table.legacyPartitions) keys.push(legacyKey(userId, key));
  for (const Key of keys) {
    const { Item } = await table.doc.get({ TableName: table.name, Key, ConsistentRead: true });
    if (typeof Item?.customer_id === 'string') return Item.customer_id;
  }
  return undefined;
}

async function createCustomer(
  stripe: Stripe,
  table: Table,
  user: { userId: string; email: string },
  claimId: string,
): Promise<string> {
  const customer = await stripe.customers.create({
    email: user.email || undefined,
    metadata: { user_id: user.userId },
  });
  await table.doc.transactWrite({
    TransactItems: [
      {
        Update: {
          TableName: table.name,
          Key: paymentKeys.stripeCustomer(user.userId),
          UpdateExpression: 'SET customer_id = :customer REMOVE claim_id, claimed_at',
          ConditionExpression: 'claim_id = :claim',
          ExpressionAttributeValues: { ':customer': customer.id, ':claim': claimId },
        },
      },
      {
        Put: {
          TableName: table.name,
          Item: { ...paymentKeys.customerUser(customer.id), user_id: user.userId },
        },
      },
      {
        // A new customer has no subscription yet: the view shows it as not_started.
        Put: {
          TableName: table.name,
          Item: {
            ...paymentKeys.subscription(user.userId),
            user_id: user.userId,
            ...notStartedRow(customer.id),
          },
        },
      },
    ],
  });
  return customer.id;
}

/**
 * Stripe no longer has this customer (deleted in the Dashboard, which also ends its
 * subscriptions): drop the mapping both ways and the customer's row, in one transaction. The
 * row must go with the mapping: with no mapping, neither the webhook nor the reconciliation
 * would ever update it again.
 */
export async function forgetCustomer(table: Table, userId: string, customerId: string) {
  try {
    await table.doc.transactWrite({
      TransactItems: [
        {
          Delete: {
            TableName: table.name,
            Key: paymentKeys.subscription(userId),
            ConditionExpression: 'attribute_not_exists(pk) OR customer_id = :customer',
            ExpressionAttributeValues: { ':customer': customerId },
          },
        },
        {
          Delete: {
            TableName: table.name,
            Key: paymentKeys.stripeCustomer(userId),
            ConditionExpression: 'customer_id = :customer',
            ExpressionAttributeValues: { ':customer': customerId },
          },
        },
        { Delete: { TableName: table.name, Key: paymentKeys.customerUser(customerId) } },
      ],
    });
  } catch (error) {
    // Another call already replaced it.
    if (cancellationCodes(error).length === 0) throw error;
  }
}

export function isMissingCustomer(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'resource_missing' &&
    error.param === 'customer'
  );
}
