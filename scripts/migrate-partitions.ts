import {
  createTable,
  isConditionFailure,
  readTableConfig,
  type ItemKey,
  type Table,
} from '../lambdas/platform/dynamo';
import { BILLING_PARTITIONS } from '../lambdas/billing/items';
import { LIVE_SUBSCRIPTION_STATUSES } from '../lambdas/billing/subscription-sync';
import { IDENTITY_PARTITIONS, legacyKey } from '../lambdas/identity/items';
import { isEntryPoint } from '../local/entry-point';

/** What the profile carried before codes moved to `AUTH#` (unkeyed hashes: removed). */
const OLD_CODE_HASHES = [
  'confirmationTokenHash',
  'recoveryTokenHash',
  'emailChangeTokenHash',
  'emailChangeCurrentTokenHash',
];
/** Old auth items: pending codes under their unkeyed hashes, and their attempt counters. */
const OLD_CODE_PARTITIONS = ['OTP#', 'OTPTRY#'];

type Item = Record<string, unknown>;

export interface MigrationReport {
  /** `already migrated`: nothing was left to move, delete or clean (kept items aside). */
  state: 'finished' | 'already migrated';
  moved: number;
  deleted: number;
  cleaned: number;
  /** Old subscription rows left in place because they are live (`keptItems` lists them). */
  kept: number;
  keptItems: string[];
}

/** The new key of an item of `USER#<id>` that left that partition, if it is one. */
function newKeyOf(pk: string, sk: string): ItemKey | undefined {
  const userId = pk.slice(IDENTITY_PARTITIONS.user.length);
  if (sk === 'SUBSCRIPTION' || sk === 'STRIPE_CUSTOMER') {
    return { pk: `${BILLING_PARTITIONS.billing}${userId}`, sk };
  }
  if (sk.startsWith('SESSION#')) return { pk: `${IDENTITY_PARTITIONS.session}${userId}`, sk };
  return undefined;
}

const isLive = (row: Item) => LIVE_SUBSCRIPTION_STATUSES.has(String(row.subscription_status));
/** When Stripe was read for the row (`read_at`); a row never read from Stripe is the oldest. */
const readAt = (row: Item) => (typeof row.read_at === 'number' ? row.read_at : -1);

/**
 * Of two subscription rows of one user, the one Stripe says is current: the later Stripe read,
 * or on a tie the live one. `old` wins only if it is strictly more current.
 */
function oldRowIsCurrent(old: Item, current: Item): boolean {
  if (readAt(old) !== readAt(current)) return readAt(old) > readAt(current);
  return isLive(old) && !isLive(current);
}

/**
 * The one-off move of the November 2026 key change (ARCHITECTURE.md, "The data"; docs/deploy.md):
 * billing items and sessions leave `USER#<id>` for `BILLING#<id>` and `SESSION#<id>`; the profile
 * loses its old code hashes; old `OTP#` and `OTPTRY#` items are deleted (unkeyed hashes, expiring
 * within the hour anyway). Safe to run while the new code serves (`LEGACY_PARTITIONS`) and to run
 * again: an item the new code already wrote under its new key is kept unless the old one is more
 * current, and a live subscription row is never deleted (left in place and reported as kept).
 */
export async function migratePartitions(table: Table): Promise<MigrationReport> {
  const report: MigrationReport = {
    state: 'finished',
    moved: 0,
    deleted: 0,
    cleaned: 0,
    kept: 0,
    keptItems: [],
  };
  const TableName = table.name;
  const remove = async (Key: ItemKey) => {
    await table.doc.delete({ TableName, Key });
    report.deleted += 1;
  };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.scan({ TableName, ExclusiveStartKey });
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const sk = String(item.sk);
      if (OLD_CODE_PARTITIONS.some((prefix) => pk.startsWith(prefix))) {
        await remove({ pk, sk });
        continue;
      }
      if (!pk.startsWith(IDENTITY_PARTITIONS.user)) continue;
      if (sk === 'PROFILE') {
        const stale = OLD_CODE_HASHES.filter((name) => name in item);
        if (stale.length) {
          await table.doc.update({
            TableName,
            Key: { pk, sk },
            UpdateExpression: `REMOVE ${stale.join(', ')}`,
          });
          report.cleaned += 1;
        }
        continue;
      }
      const key = newKeyOf(pk, sk);
      if (!key) continue;
      try {
        await table.doc.put({
          TableName,
          Item: { ...item, ...key },
          ConditionExpression: 'attribute_not_exists(pk)',
        });
        report.moved += 1;
        await table.doc.delete({ TableName, Key: { pk, sk } });
        continue;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      // The new code already wrote this item: a session or a customer it wrote is current.
      if (sk !== 'SUBSCRIPTION') {
        await remove({ pk, sk });
        continue;
      }
      const { Item: current } = await table.doc.get({ TableName, Key: key, ConsistentRead: true });
      const oldIsCurrent = current !== undefined && oldRowIsCurrent(item, current);
      if (oldIsCurrent && !isLive(current)) {
        await table.doc.put({ TableName, Item: { ...item, ...key } });
        report.moved += 1;
        await table.doc.delete({ TableName, Key: { pk, sk } });
      } else if (isLive(item) || oldIsCurrent) {
        // A live row is never deleted, nor one Stripe read after a live one: the operator decides.
        report.kept += 1;
        report.keptItems.push(`${pk} ${sk} (${String(item.subscription_status)})`);
      } else {
        await remove({ pk, sk });
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  report.keptItems.sort();
  if (report.moved + report.deleted + report.cleaned === 0) report.state = 'already migrated';
  return report;
}

/**
 * The way back before a rollback to code older than the key change: copies every session and
 * billing item to its old key under `USER#<id>` (where none is), leaving the new ones in place.
 */
export async function copyBackPartitions(table: Table): Promise<{ copied: number }> {
  const TableName = table.name;
  let copied = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.scan({ TableName, ExclusiveStartKey });
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const sk = String(item.sk);
      const prefix = [IDENTITY_PARTITIONS.session, BILLING_PARTITIONS.billing].find((p) =>
        pk.startsWith(p),
      );
      if (!prefix) continue;
      try {
        await table.doc.put({
          TableName,
          Item: { ...item, ...legacyKey(pk.slice(prefix.length), { sk }) },
          ConditionExpression: 'attribute_not_exists(pk)',
        });
        copied += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { copied };
}

// `TABLE_NAME=… npx tsx scripts/migrate-partitions.ts [--back]`, with the deploy's AWS credentials.
if (isEntryPoint(import.meta.url)) {
  const table = createTable(readTableConfig(process.env));
  const result = process.argv.includes('--back')
    ? await copyBackPartitions(table)
    : await migratePartitions(table);
  console.log(JSON.stringify(result, null, 2));
}
