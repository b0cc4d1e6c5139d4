import { expect, it } from 'vitest';
import type { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { identityKeys } from '../../lambdas/identity/items';
import { deleteSessions } from '../../lambdas/identity/sessions';
import { isTransientAwsError } from '../../lambdas/platform/aws-errors';
import { createTestTable } from '../support/test-table';

it('deleting sessions sends unprocessed deletes again a bounded number of times, then fails retryably', async () => {
  const { table } = await createTestTable();
  const userId = '6a1f1c3e-0000-4000-8000-0000000000aa';
  for (const id of ['s1', 's2', 's3']) {
    await table.doc.put({ TableName: table.name, Item: identityKeys.session(userId, id) });
  }
  // DynamoDB under pressure: every BatchWriteItem comes back with all of its items unprocessed.
  let batches = 0;
  const doc = new Proxy(table.doc, {
    get(target, name, receiver) {
      if (name !== 'batchWrite') return Reflect.get(target, name, receiver) as unknown;
      return async (input: { RequestItems: Record<string, unknown[]> }) => {
        batches += 1;
        return { UnprocessedItems: input.RequestItems };
      };
    },
  }) as DynamoDBDocument;

  const failure = await deleteSessions({ ...table, doc }, userId).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(Error);
  expect(isTransientAwsError(failure)).toBe(true);
  expect(batches).toBe(5);
});
