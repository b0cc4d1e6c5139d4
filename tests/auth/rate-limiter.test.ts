import { beforeAll, describe, expect, it } from 'vitest';
import type { Table } from '../../lambdas/platform/dynamo';
import { createRateLimiter } from '../../lambdas/identity/rate-limiter';
import { createTestTable } from '../support/test-table';

let table: Table;
beforeAll(async () => {
  ({ table } = await createTestTable());
});

const rule = { limit: 100, windowSeconds: 60 };
/** A window still to come, so its counters are not past their ttl (DynamoDB Local expires items). */
const startOfWindow = Math.ceil(Date.now() / 60_000) * 60_000;

async function admitted(allow: () => Promise<boolean>, requests: number) {
  const results = await Promise.all(Array.from({ length: requests }, allow));
  return results.filter(Boolean).length;
}

async function storedCount(key: string, windowStart: number) {
  const { Item } = await table.doc.get({
    TableName: table.name,
    Key: { pk: `RATE#token#${key}`, sk: `WINDOW#${windowStart}` },
    ConsistentRead: true,
  });
  return Number(Item?.count ?? 0);
}

describe('rate limiter', () => {
  it('admits exactly the limit in one container, writing once per block, not per request', async () => {
    let time = startOfWindow;
    const limiter = createRateLimiter({ table, now: () => time });
    const allow = () => limiter.allow('token', '192.0.2.1', rule);

    expect(await admitted(allow, 150)).toBe(100);
    expect(await admitted(allow, 10)).toBe(0);
    // 20 blocks of 5 claimed the limit and one more found it used up: 21 writes for 160 requests.
    expect(await storedCount('192.0.2.1', startOfWindow)).toBe(105);

    time += rule.windowSeconds * 1000;
    expect(await admitted(allow, 3)).toBe(3);
  });

  it('never admits more than the limit across containers sharing the table', async () => {
    const containers = [1, 2, 3].map(() => createRateLimiter({ table, now: () => startOfWindow }));
    const results = await Promise.all(
      containers.map((limiter) => admitted(() => limiter.allow('token', '192.0.2.2', rule), 60)),
    );
    const total = results.reduce((sum, count) => sum + count, 0);
    expect(total).toBeLessThanOrEqual(rule.limit);
    // Each container may hold back at most one unfinished block (block − 1 = 4 requests).
    expect(total).toBeGreaterThanOrEqual(rule.limit - 4 * (containers.length - 1));
  });

  it('keeps separate counts per key and bucket', async () => {
    const limiter = createRateLimiter({ table, now: () => startOfWindow });
    const tight = { limit: 2, windowSeconds: 60 };
    expect(await admitted(() => limiter.allow('signup', '192.0.2.3', tight), 5)).toBe(2);
    expect(await admitted(() => limiter.allow('signup', '192.0.2.4', tight), 5)).toBe(2);
    expect(await admitted(() => limiter.allow('token', '192.0.2.3', tight), 5)).toBe(2);
  });

  it('admits a released request again in its window, but not in the next one', async () => {
    let time = startOfWindow;
    const limiter = createRateLimiter({ table, now: () => time });
    const tight = { limit: 2, windowSeconds: 60 };
    const allow = () => limiter.allow('email', 'all', tight);
    expect(await admitted(allow, 3)).toBe(2);
    await limiter.release('email', 'all', tight);
    expect(await admitted(allow, 3)).toBe(1);
    // The lease held is the last window's: a release now does not grow the new one.
    time += tight.windowSeconds * 1000;
    await limiter.release('email', 'all', tight);
    expect(await admitted(allow, 3)).toBe(2);
  });
});
