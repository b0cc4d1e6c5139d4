import { pathToFileURL } from 'node:url';
import {
  createTable,
  isConditionFailure,
  readTableConfig,
  type Table,
} from '../lambdas/platform/dynamo';
import { BILLING_PARTITIONS } from '../lambdas/billing/items';
import { IDENTITY_PARTITIONS } from '../lambdas/identity/items';

/** What the profile carried before codes moved to `AUTH#` (unkeyed hashes: removed). */
const OLD_CODE_HASHES = [
  'confirmationTokenHash',
  'recoveryTokenHash',
  'emailChangeTokenHash',
  'emailChangeCurrentTokenHash',
];
/** Old auth items: pending codes under their unkeyed hashes, and their attempt counters. */
const OLD_CODE_PARTITIONS = ['OTP#', 'OTPTRY#'];

export interface MigrationCounts {
  moved: number;
  deleted: number;
  cleaned: number;
}

/** The new key of an item of `USER#<id>` that left that partition, if it is one. */
function newKeyOf(pk: string, sk: string): { pk: string; sk: string } | undefined {
  const userId = pk.slice(IDENTITY_PARTITIONS.user.length);
  if (sk === 'SUBSCRIPTION' || sk === 'STRIPE_CUSTOMER') {
    return { pk: `${BILLING_PARTITIONS.billing}${userId}`, sk };
  }
  if (sk.startsWith('SESSION#')) return { pk: `${IDENTITY_PARTITIONS.session}${userId}`, sk };
  return undefined;
}

/**
 * The one-off move of the November 2026 key change (ARCHITECTURE.md, "The data"; docs/deploy.md): billing items
 * and sessions leave `USER#<id>` for `BILLING#<id>` and `SESSION#<id>`; the profile loses its
 * old code hashes; old `OTP#` and `OTPTRY#` items are deleted (their codes were unkeyed hashes,
 * and expire within the hour anyway). Idempotent: an item already written under its new key
 * (by the new code) is kept, and the old one deleted.
 */
export async function migratePartitions(table: Table): Promise<MigrationCounts> {
  const counts: MigrationCounts = { moved: 0, deleted: 0, cleaned: 0 };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.scan({ TableName: table.name, ExclusiveStartKey });
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const sk = String(item.sk);
      if (OLD_CODE_PARTITIONS.some((prefix) => pk.startsWith(prefix))) {
        await table.doc.delete({ TableName: table.name, Key: { pk, sk } });
        counts.deleted += 1;
        continue;
      }
      if (!pk.startsWith(IDENTITY_PARTITIONS.user)) continue;
      if (sk === 'PROFILE') {
        const stale = OLD_CODE_HASHES.filter((name) => name in item);
        if (stale.length) {
          await table.doc.update({
            TableName: table.name,
            Key: { pk, sk },
            UpdateExpression: `REMOVE ${stale.join(', ')}`,
          });
          counts.cleaned += 1;
        }
        continue;
      }
      const key = newKeyOf(pk, sk);
      if (!key) continue;
      try {
        await table.doc.put({
          TableName: table.name,
          Item: { ...item, ...key },
          ConditionExpression: 'attribute_not_exists(pk)',
        });
        counts.moved += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      await table.doc.delete({ TableName: table.name, Key: { pk, sk } });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return counts;
}

// `TABLE_NAME=… npx tsx scripts/migrate-partitions.ts`, with the deploy's AWS credentials.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const counts = await migratePartitions(createTable(readTableConfig(process.env)));
  console.log(JSON.stringify(counts));
}
