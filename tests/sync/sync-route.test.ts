import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncKeys } from '../../lambdas/sync/items';
import { putRecord, sortKeys, startSyncStack, type SyncStack } from './sync-stack';

let stack: SyncStack;

beforeAll(async () => {
  stack = await startSyncStack({
    SYNC_MAX_RECORDS: '5',
    SYNC_MAX_BYTES: String(3 * 1024 * 1024),
    SYNC_MAX_RECORD_BYTES: String(2 * 1024 * 1024),
  });
});
afterAll(() => stack?.stop());

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('/functions/v1/sync', () => {
  it('needs a signed-in user', async () => {
    const response = await stack.call(null, '/records');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('stores ciphertext by id with versions, and lists ids, versions, sizes and times only', async () => {
    const user = await stack.signUp();
    const bytes = randomBytes(1000);
    const put = await putRecord(stack, user, 'd-aaa', 0, bytes);
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ id: 'd-aaa', version: 1, size: 1000 });

    const got = await stack.call(user, '/records/d-aaa');
    expect(got.headers.get('x-record-version')).toBe('1');
    expect(Buffer.from(await bytesOf(got))).toEqual(bytes);

    const list = (await (await stack.call(user, '/records')).json()) as { records: object[] };
    expect(list.records).toEqual([
      { id: 'd-aaa', version: 1, size: 1000, updatedAt: expect.any(String) },
    ]);
  });

  it('refuses a write over a version that is not the current one: 409', async () => {
    const user = await stack.signUp();
    await putRecord(stack, user, 'details', 0, randomBytes(10));
    const stale = await putRecord(stack, user, 'details', 0, randomBytes(10));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'version_conflict' });
    expect((await putRecord(stack, user, 'details', 1, randomBytes(10))).status).toBe(200);
    const twice = await Promise.all([
      putRecord(stack, user, 'details', 2, randomBytes(10)),
      putRecord(stack, user, 'details', 2, randomBytes(10)),
    ]);
    expect(twice.map((response) => response.status).sort()).toEqual([200, 409]);
    const missing = await stack.call(user, '/records/details', { method: 'PUT', body: 'x' });
    expect(missing.status).toBe(428);
  });

  it('splits a record larger than a table item into chunks, and joins them back', async () => {
    const user = await stack.signUp();
    const big = randomBytes(800_000);
    expect((await putRecord(stack, user, 'x-scan', 0, big)).status).toBe(200);
    const chunks = await sortKeys(stack, user.userId, 'CHUNK#');
    expect(chunks.length).toBe(3);
    for (const sk of chunks) {
      const { Item } = await stack.table.doc.get({
        TableName: stack.table.name,
        Key: { pk: syncKeys.partition(user.userId), sk },
      });
      expect((Item!.data as Uint8Array).length).toBeLessThan(400 * 1000);
    }
    expect(Buffer.from(await bytesOf(await stack.call(user, '/records/x-scan')))).toEqual(big);

    // A new version replaces the chunks; the old ones are gone.
    const smaller = randomBytes(400_000);
    expect((await putRecord(stack, user, 'x-scan', 1, smaller)).status).toBe(200);
    expect(Buffer.from(await bytesOf(await stack.call(user, '/records/x-scan')))).toEqual(smaller);
    const after = await sortKeys(stack, user.userId, 'CHUNK#');
    expect(after).toHaveLength(2);
    expect(after.filter((sk) => chunks.includes(sk))).toEqual([]);
  }, 90_000);

  it('answers 413 naming the limit: a record too large, too many records, too many bytes', async () => {
    const user = await stack.signUp();
    const tooLarge = await putRecord(stack, user, 'x-huge', 0, randomBytes(2 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: string }).error).toMatch(/at most 2 MB/);

    for (let index = 0; index < 5; index++)
      expect((await putRecord(stack, user, `d-${index}`, 0, randomBytes(10))).status).toBe(200);
    const sixth = await putRecord(stack, user, 'd-5', 0, randomBytes(10));
    expect(sixth.status).toBe(413);
    expect(((await sixth.json()) as { error: string }).error).toMatch(/at most 5 records/);
    // Replacing a record adds none: still allowed.
    expect((await putRecord(stack, user, 'd-0', 1, randomBytes(20))).status).toBe(200);

    const other = await stack.signUp();
    expect((await putRecord(stack, other, 'x-1', 0, randomBytes(2_000_000))).status).toBe(200);
    const over = await putRecord(stack, other, 'x-2', 0, randomBytes(2_000_000));
    expect(over.status).toBe(413);
    expect(((await over.json()) as { error: string }).error).toMatch(/at most 5 records and 3 MB/);
    expect((await stack.call(other, '/records/x-2')).status).toBe(404);
  });

  it("answers 404 for another account's record id, and never touches it", async () => {
    const alice = await stack.signUp();
    const bob = await stack.signUp();
    await putRecord(stack, alice, 'd-shared-id', 0, randomBytes(10));
    expect((await stack.call(bob, '/records/d-shared-id')).status).toBe(404);
    expect((await stack.call(bob, '/records/d-shared-id', { method: 'DELETE' })).status).toBe(404);
    expect((await putRecord(stack, bob, 'd-shared-id', 1, randomBytes(10))).status).toBe(409);
    expect((await stack.call(alice, '/records/d-shared-id')).status).toBe(200);
    expect((await stack.call(alice, '/records/a%23b')).status).toBe(400);
  });

  it('deletes one record, then all of them (sync turned off)', async () => {
    const user = await stack.signUp();
    await putRecord(stack, user, 'd-1', 0, randomBytes(10));
    await putRecord(stack, user, 'x-big', 0, randomBytes(900_000));
    expect((await stack.call(user, '/records/d-1', { method: 'DELETE' })).status).toBe(204);
    expect((await stack.call(user, '/records/d-1')).status).toBe(404);
    expect((await stack.call(user, '/records', { method: 'DELETE' })).status).toBe(204);
    const left = await stack.table.doc.query({
      TableName: stack.table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': syncKeys.partition(user.userId) },
    });
    expect(left.Items).toEqual([]);
  });

  it('writes and reads many small records in one request each, all or none', async () => {
    const alice = await stack.signUp();
    const bob = await stack.signUp();
    const post = (user: typeof alice, path: string, body: unknown) =>
      stack.call(user, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const records = ['d-a', 'd-b', 'd-c'].map((id) => ({
      id,
      expected: 0,
      data: randomBytes(100).toString('base64'),
    }));
    const put = await post(alice, '/batch/put', { records });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { records: { version: number }[] }).records).toHaveLength(3);

    const got = (await (
      await post(alice, '/batch/get', { ids: ['d-a', 'd-c', 'd-zzz'] })
    ).json()) as {
      records: { id: string; version: number; data: string }[];
    };
    expect(
      got.records
        .map(({ id, version, data }) => ({ id, version, data }))
        .sort((x, y) => (x.id < y.id ? -1 : 1)),
    ).toEqual([
      { id: 'd-a', version: 1, data: records[0]!.data },
      { id: 'd-c', version: 1, data: records[2]!.data },
    ]);
    // Another account asking for the same ids gets nothing.
    expect(await (await post(bob, '/batch/get', { ids: ['d-a'] })).json()).toEqual({ records: [] });

    // One stale version refuses the whole batch, naming it; nothing is written.
    const stale = await post(alice, '/batch/put', {
      records: [
        { id: 'd-a', expected: 1, data: 'AAAA' },
        { id: 'd-b', expected: 0, data: 'AAAA' },
      ],
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toContain('d-b');
    expect((await stack.call(alice, '/records/d-a')).headers.get('x-record-version')).toBe('1');
    expect(
      (await post(alice, '/batch/put', { records: [{ id: 'a#b', expected: 0, data: '' }] })).status,
    ).toBe(400);
  });
});
