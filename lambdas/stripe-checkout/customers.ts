import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { Table } from '../common/dynamo';
import { HttpError } from '../common/json-errors';
import { paymentKeys } from '../common/subscription-sync';

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
 * caller that wins a conditional "claim" write creates it (with a per-user idempotency key, so
 * a takeover of an abandoned claim gets the same customer back) and stores the mapping both
 * ways in one transaction; the others wait for that mapping.
 */
export async function customerForUser(
  stripe: Stripe,
  table: Table,
  user: { userId: string; email: string },
): Promise<UserCustomer> {
  const key = paymentKeys.stripeCustomer(user.userId);
  for (let wait = 0; wait <= MAX_WAITS; wait++) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
    );
    if (typeof Item?.customer_id === 'string') {
      return { customerId: Item.customer_id, existed: true };
    }
    const now = Date.now();
    if (!Item || (typeof Item.claimed_at === 'number' && Item.claimed_at < now - STALE_CLAIM_MS)) {
      const claimId = randomUUID();
      try {
        await table.doc.send(
          new PutCommand({
            TableName: table.name,
            Item: { ...key, user_id: user.userId, claim_id: claimId, claimed_at: now },
            ConditionExpression:
              'attribute_not_exists(pk) OR (attribute_not_exists(customer_id) AND claimed_at < :stale)',
            ExpressionAttributeValues: { ':stale': now - STALE_CLAIM_MS },
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        continue;
      }
      return { customerId: await createCustomer(stripe, table, user, claimId), existed: false };
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, WAIT_MS));
  }
  throw new HttpError(
    503,
    'service_unavailable',
    'Your billing account is being set up, please retry',
  );
}

async function createCustomer(
  stripe: Stripe,
  table: Table,
  user: { userId: string; email: string },
  claimId: string,
): Promise<string> {
  const customer = await stripe.customers.create(
    { email: user.email || undefined, metadata: { user_id: user.userId } },
    { idempotencyKey: `customer-for-user-${user.userId}` },
  );
  await table.doc.send(
    new TransactWriteCommand({
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
          // The view shows the customer with status not_started until a subscription exists.
          Update: {
            TableName: table.name,
            Key: paymentKeys.subscription(user.userId),
            UpdateExpression:
              'SET user_id = :user, customer_id = if_not_exists(customer_id, :customer), ' +
              'subscription_status = if_not_exists(subscription_status, :status), ' +
              'cancel_at_period_end = if_not_exists(cancel_at_period_end, :false)',
            ExpressionAttributeValues: {
              ':user': user.userId,
              ':customer': customer.id,
              ':status': 'not_started',
              ':false': false,
            },
          },
        },
      ],
    }),
  );
  return customer.id;
}
