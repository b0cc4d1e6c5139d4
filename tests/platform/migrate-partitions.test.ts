import { describe, expect, it } from 'vitest';
import { paymentKeys } from '../../lambdas/billing/items';
import { identityKeys } from '../../lambdas/identity/items';
import { copyBackPartitions, migratePartitions } from '../../scripts/migrate-partitions';
import { createTestTable } from '../support/test-table';

const user = (n: number) => `6a1f1c3e-0000-4000-8000-00000000000${n}`;

async function tableWith(items: Record<string, unknown>[]) {
  const { table } = await createTestTable();
  for (const Item of items) await table.doc.put({ TableName: table.name, Item });
  const get = async (Key: { pk: string; sk: string }) =>
    (await table.doc.get({ TableName: table.name, Key, ConsistentRead: true })).Item;
  const keys = async () =>
    (await table.doc.scan({ TableName: table.name })).Items!.map((i) => `${i.pk} ${i.sk}`).sort();
  return { table, get, keys };
}

describe('the partition move of existing items', () => {
  it('moves billing items and sessions out of USER#, strips old code hashes, deletes old codes', async () => {
    const userId = user(1);
    const { table, get, keys } = await tableWith([
      { pk: `USER#${userId}`, sk: 'PROFILE', email: 'a@example.com', recoveryTokenHash: 'ab' },
      { pk: `USER#${userId}`, sk: 'SUBSCRIPTION', status: 'active' },
      { pk: `USER#${userId}`, sk: 'STRIPE_CUSTOMER', customerId: 'cus_1' },
      { pk: `USER#${userId}`, sk: 'SESSION#s1', refreshCounter: 3 },
      { pk: 'OTP#ab', sk: 'OTP', userId },
      { pk: 'OTPTRY#a@example.com', sk: 'OTPTRY', attempts: 1 },
    ]);

    expect(await migratePartitions(table)).toEqual({
      state: 'finished',
      moved: 3,
      deleted: 2,
      cleaned: 1,
      kept: 0,
      keptItems: [],
    });
    expect(await get(paymentKeys.subscription(userId))).toMatchObject({ status: 'active' });
    expect(await get(paymentKeys.stripeCustomer(userId))).toMatchObject({ customerId: 'cus_1' });
    expect(await get(identityKeys.session(userId, 's1'))).toMatchObject({ refreshCounter: 3 });
    const profile = await get(identityKeys.user(userId));
    expect(profile).toMatchObject({ email: 'a@example.com' });
    expect(profile).not.toHaveProperty('recoveryTokenHash');
    expect(await keys()).toEqual(
      [
        `BILLING#${userId} STRIPE_CUSTOMER`,
        `BILLING#${userId} SUBSCRIPTION`,
        `SESSION#${userId} SESSION#s1`,
        `USER#${userId} PROFILE`,
      ].sort(),
    );
    // Run again: nothing left to do, and it says so.
    expect(await migratePartitions(table)).toMatchObject({
      state: 'already migrated',
      moved: 0,
      deleted: 0,
      cleaned: 0,
    });
  });

  it('of two subscription rows keeps the one Stripe read last, and never deletes a live one', async () => {
    const row = (n: number, at: 'old' | 'new', status: string, readAt?: number) => ({
      ...(at === 'old'
        ? { pk: `USER#${user(n)}`, sk: 'SUBSCRIPTION' }
        : paymentKeys.subscription(user(n))),
      subscription_status: status,
      ...(readAt !== undefined && { read_at: readAt }),
    });
    const { table, get, keys } = await tableWith([
      // 1: the new row is later (canceled); the old one is live: kept in place, reported.
      row(1, 'old', 'active', 100),
      row(1, 'new', 'canceled', 200),
      // 2: the old row is later than the new code's not_started (never read from Stripe).
      row(2, 'old', 'active', 300),
      row(2, 'new', 'not_started'),
      // 3: the new row is later and live: the old canceled one goes.
      row(3, 'old', 'canceled', 100),
      row(3, 'new', 'active', 200),
      // 4: the old row is later but the new one is live: both stay, reported.
      row(4, 'old', 'canceled', 300),
      row(4, 'new', 'past_due', 200),
      // A session the new code already moved: its copy is current, the old one goes.
      { pk: `USER#${user(5)}`, sk: 'SESSION#s1', refreshCounter: 1 },
      { ...identityKeys.session(user(5), 's1'), refreshCounter: 2 },
    ]);

    const report = await migratePartitions(table);
    expect(report).toEqual({
      state: 'finished',
      moved: 1,
      deleted: 2,
      cleaned: 0,
      kept: 2,
      keptItems: [
        `USER#${user(1)} SUBSCRIPTION (active)`,
        `USER#${user(4)} SUBSCRIPTION (canceled)`,
      ].sort(),
    });
    const status = async (n: number) =>
      (await get(paymentKeys.subscription(user(n))))?.subscription_status;
    expect([await status(1), await status(2), await status(3), await status(4)]).toEqual([
      'canceled',
      'active',
      'active',
      'past_due',
    ]);
    expect(await get(identityKeys.session(user(5), 's1'))).toMatchObject({ refreshCounter: 2 });
    expect((await keys()).filter((key) => key.startsWith('USER#'))).toEqual(
      [`USER#${user(1)} SUBSCRIPTION`, `USER#${user(4)} SUBSCRIPTION`].sort(),
    );
    // Half done or done: a second run changes nothing and says so, still listing what it kept.
    expect(await migratePartitions(table)).toMatchObject({
      state: 'already migrated',
      kept: 2,
    });
  });

  it('a table already in the new layout: nothing to do, and --back copies it all back for a rollback', async () => {
    const { table, get } = await tableWith([
      { ...identityKeys.user(user(1)), email: 'a@example.com' },
      { ...identityKeys.session(user(1), 's1'), refreshCounter: 4 },
      { ...paymentKeys.subscription(user(1)), subscription_status: 'active' },
    ]);
    expect(await migratePartitions(table)).toEqual({
      state: 'already migrated',
      moved: 0,
      deleted: 0,
      cleaned: 0,
      kept: 0,
      keptItems: [],
    });
    expect(await copyBackPartitions(table)).toEqual({ copied: 2 });
    expect(await get({ pk: `USER#${user(1)}`, sk: 'SESSION#s1' })).toMatchObject({
      refreshCounter: 4,
    });
    expect(await get({ pk: `USER#${user(1)}`, sk: 'SUBSCRIPTION' })).toMatchObject({
      subscription_status: 'active',
    });
  });
});
