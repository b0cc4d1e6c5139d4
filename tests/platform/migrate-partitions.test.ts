import { describe, expect, it } from 'vitest';
import { paymentKeys } from '../../lambdas/billing/items';
import { identityKeys } from '../../lambdas/identity/items';
import { migratePartitions } from '../../scripts/migrate-partitions';
import { createTestTable } from '../support/test-table';

describe('the partition move of existing items', () => {
  it('moves billing items and sessions out of USER#, strips old code hashes, deletes old codes', async () => {
    const { table } = await createTestTable();
    const TableName = table.name;
    const userId = '6a1f1c3e-0000-4000-8000-000000000001';
    const old = [
      { pk: `USER#${userId}`, sk: 'PROFILE', email: 'a@example.com', recoveryTokenHash: 'ab' },
      { pk: `USER#${userId}`, sk: 'SUBSCRIPTION', status: 'active' },
      { pk: `USER#${userId}`, sk: 'STRIPE_CUSTOMER', customerId: 'cus_1' },
      { pk: `USER#${userId}`, sk: 'SESSION#s1', refreshCounter: 3 },
      { pk: 'OTP#ab', sk: 'OTP', userId },
      { pk: 'OTPTRY#a@example.com', sk: 'OTPTRY', attempts: 1 },
    ];
    for (const Item of old) await table.doc.put({ TableName, Item });
    // A row the new code already wrote wins over the old one.
    await table.doc.put({
      TableName,
      Item: { ...paymentKeys.subscription(userId), status: 'canceled' },
    });

    expect(await migratePartitions(table)).toEqual({ moved: 2, deleted: 2, cleaned: 1 });
    const get = async (Key: { pk: string; sk: string }) =>
      (await table.doc.get({ TableName, Key, ConsistentRead: true })).Item;
    expect(await get(paymentKeys.subscription(userId))).toMatchObject({ status: 'canceled' });
    expect(await get(paymentKeys.stripeCustomer(userId))).toMatchObject({ customerId: 'cus_1' });
    expect(await get(identityKeys.session(userId, 's1'))).toMatchObject({ refreshCounter: 3 });
    const profile = await get(identityKeys.user(userId));
    expect(profile).toMatchObject({ email: 'a@example.com' });
    expect(profile).not.toHaveProperty('recoveryTokenHash');
    const left = (await table.doc.scan({ TableName })).Items!.map(
      (item) => `${item.pk} ${item.sk}`,
    );
    expect(left.sort()).toEqual(
      [
        `BILLING#${userId} STRIPE_CUSTOMER`,
        `BILLING#${userId} SUBSCRIPTION`,
        `SESSION#${userId} SESSION#s1`,
        `USER#${userId} PROFILE`,
      ].sort(),
    );
    // Run again: nothing left to do.
    expect(await migratePartitions(table)).toEqual({ moved: 0, deleted: 0, cleaned: 0 });
  });
});
