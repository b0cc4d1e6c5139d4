import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncKeys } from '../../lambdas/sync/items';
import { LIMITS } from '../../shared/disputes';
import { SYNC_PART_BYTES } from '../../shared/sync-limits';
import { putRecord, sortKeys, startSyncStack, type SyncStack, type SyncUser } from './sync-stack';

/**
 * A record larger than one request (a 20 MiB scanned exhibit): opened, sent in parts, committed
 * whole over the version it started from. Default record limit; a 30 MiB byte quota.
 */
let stack: SyncStack;
const MiB = 1024 * 1024;
/** The largest record the product makes: a 20 MiB exhibit sealed (format byte, nonce, tag). */
const LARGEST = LIMITS.exhibitBytes + 1 + 12 + 16;

beforeAll(async () => {
  stack = await startSyncStack({ SYNC_MAX_BYTES: String(30 * MiB) });
});
afterAll(() => stack?.stop());

const json = async <T>(response: Response) => (await response.json()) as T;

function start(user: SyncUser, id: string, expected: number, size: number) {
  return stack.call(user, `/records/${id}/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'if-match': String(expected) },
    body: JSON.stringify({ size }),
  });
}

function sendPart(user: SyncUser, id: string, upload: string, part: number, bytes: Uint8Array) {
  return stack.call(user, `/records/${id}/uploads/${upload}/parts/${part}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

const commit = (user: SyncUser, id: string, upload: string) =>
  stack.call(user, `/records/${id}/uploads/${upload}/commit`, { method: 'POST' });

/** Opens an upload and sends every part; returns the upload id (not committed). */
async function sendAll(user: SyncUser, id: string, expected: number, bytes: Uint8Array) {
  const opened = await start(user, id, expected, bytes.length);
  expect(opened.status).toBe(201);
  const { upload, parts, partBytes } = await json<{
    upload: string;
    parts: number;
    partBytes: number;
  }>(opened);
  expect(partBytes).toBe(SYNC_PART_BYTES);
  for (let part = 0; part < parts; part++) {
    const sent = await sendPart(
      user,
      id,
      upload,
      part,
      bytes.subarray(part * partBytes, (part + 1) * partBytes),
    );
    expect(sent.status).toBe(204);
  }
  return upload;
}

/** The whole record, read part by part as the browser does; every part from one version. */
async function readAll(user: SyncUser, id: string) {
  const first = await stack.call(user, `/records/${id}`);
  expect(first.status).toBe(200);
  const parts = Number(first.headers.get('x-record-parts'));
  const version = first.headers.get('x-record-version');
  const pieces = [Buffer.from(await first.arrayBuffer())];
  for (let part = 1; part < parts; part++) {
    const next = await stack.call(user, `/records/${id}?part=${part}`);
    expect(next.headers.get('x-record-version')).toBe(version);
    pieces.push(Buffer.from(await next.arrayBuffer()));
  }
  for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(SYNC_PART_BYTES);
  return { version: Number(version), parts, bytes: Buffer.concat(pieces) };
}

describe('/functions/v1/sync: records larger than one request', () => {
  it('keeps the largest exhibit the product makes: sent in parts, invisible until committed, read back in parts', async () => {
    const user = await stack.signUp();
    const small = randomBytes(1000);
    expect((await putRecord(stack, user, 'x-scan', 0, small)).status).toBe(200);
    const big = randomBytes(LARGEST);
    const upload = await sendAll(user, 'x-scan', 1, big);

    // Every part is in, not committed: another device still reads version 1 whole.
    const before = await readAll(user, 'x-scan');
    expect(before).toMatchObject({ version: 1, parts: 1 });
    expect(before.bytes).toEqual(small);

    const committed = await commit(user, 'x-scan', upload);
    expect(committed.status).toBe(200);
    expect(await committed.json()).toMatchObject({ id: 'x-scan', version: 2, size: LARGEST });
    const after = await readAll(user, 'x-scan');
    expect(after.version).toBe(2);
    expect(after.parts).toBe(Math.ceil(LARGEST / SYNC_PART_BYTES));
    expect(after.bytes.equals(big)).toBe(true);
    expect(await sortKeys(stack, user.userId, 'UPLOAD#')).toEqual([]);
    const chunks = await sortKeys(stack, user.userId, 'CHUNK#');
    expect(chunks).toHaveLength(Math.ceil(LARGEST / (350 * 1024)));
    for (const sk of chunks.slice(0, 3)) {
      const { Item } = await stack.table.doc.get({
        TableName: stack.table.name,
        Key: { pk: syncKeys.partition(user.userId), sk },
      });
      expect((Item!.data as Uint8Array).length).toBeLessThan(400 * 1000);
    }
  }, 240_000);

  it('keeps optimistic concurrency: a commit over a version another write replaced is a 409, its parts deleted', async () => {
    const user = await stack.signUp();
    const upload = await sendAll(user, 'x-race', 0, randomBytes(SYNC_PART_BYTES + 10));
    // Another device wrote the record meanwhile.
    expect((await putRecord(stack, user, 'x-race', 0, randomBytes(50))).status).toBe(200);
    const late = await commit(user, 'x-race', upload);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'version_conflict' });
    expect(await sortKeys(stack, user.userId, 'CHUNK#')).toEqual([]);
    expect(await sortKeys(stack, user.userId, 'UPLOAD#')).toEqual([]);
    expect((await readAll(user, 'x-race')).bytes).toHaveLength(50);
    // Opening over a stale version is refused at once.
    expect((await start(user, 'x-race', 0, 10)).status).toBe(409);
  }, 120_000);

  it('keeps the winner whole when two writes of a record in chunks race: the loser deletes only its own chunks', async () => {
    const user = await stack.signUp();
    const writes = [randomBytes(800_000), randomBytes(800_000)];
    const answers = await Promise.all(
      writes.map((bytes) => putRecord(stack, user, 'x-both', 0, bytes)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = writes[answers.findIndex((answer) => answer.status === 200)]!;
    expect((await readAll(user, 'x-both')).bytes.equals(winner)).toBe(true);
    expect(await sortKeys(stack, user.userId, 'CHUNK#')).toHaveLength(3);
  }, 120_000);

  it('refuses a commit with a part missing, a part of the wrong size, and a part sent to a closed upload', async () => {
    const user = await stack.signUp();
    const bytes = randomBytes(SYNC_PART_BYTES + 100);
    const opened = await json<{ upload: string }>(await start(user, 'x-gap', 0, bytes.length));
    const short = await sendPart(user, 'x-gap', opened.upload, 0, bytes.subarray(0, 100));
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'invalid_part' });
    expect(
      (await sendPart(user, 'x-gap', opened.upload, 1, bytes.subarray(SYNC_PART_BYTES))).status,
    ).toBe(204);
    const incomplete = await commit(user, 'x-gap', opened.upload);
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({
      code: 'upload_incomplete',
      error: 'Parts not received yet: 0',
    });
    expect((await stack.call(user, '/records/x-gap')).status).toBe(404);

    // Opening the record again discards the first upload: its parts go, its late parts are refused.
    const again = await json<{ upload: string }>(await start(user, 'x-gap', 0, 10));
    expect(await sortKeys(stack, user.userId, 'CHUNK#')).toEqual([]);
    const late = await sendPart(
      user,
      'x-gap',
      opened.upload,
      0,
      bytes.subarray(0, SYNC_PART_BYTES),
    );
    expect(late.status).toBe(409);
    expect(await sortKeys(stack, user.userId, 'CHUNK#')).toEqual([]);
    expect((await sendPart(user, 'x-gap', again.upload, 0, randomBytes(10))).status).toBe(204);
    expect((await commit(user, 'x-gap', again.upload)).status).toBe(200);

    // Another account cannot send to, commit or cancel this user's upload.
    const other = await stack.signUp();
    const mine = await json<{ upload: string }>(await start(user, 'x-mine', 0, 10));
    expect((await sendPart(other, 'x-mine', mine.upload, 0, randomBytes(10))).status).toBe(409);
    expect((await commit(other, 'x-mine', mine.upload)).status).toBe(409);
    expect(
      (await stack.call(other, `/records/x-mine/uploads/${mine.upload}`, { method: 'DELETE' }))
        .status,
    ).toBe(409);
    expect((await sendPart(user, 'x-mine', mine.upload, 0, randomBytes(10))).status).toBe(204);
  }, 120_000);

  it('answers 413 naming the limit before any part is sent: a record too large, or over the byte quota', async () => {
    const user = await stack.signUp();
    const huge = await start(user, 'x-huge', 0, 21 * MiB + 1);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      code: 'quota_exceeded',
      error: 'A record may hold at most 21 MB; this one has 22,020,097 bytes',
    });
    const oneRequest = await putRecord(stack, user, 'x-one', 0, randomBytes(SYNC_PART_BYTES + 1));
    expect(oneRequest.status).toBe(413);
    expect(((await oneRequest.json()) as { error: string }).error).toMatch(/in parts/);

    // 30 MB in all: 20 MB kept, and 8 MB in an open upload, leave no room for 5 MB more.
    await putRecord(stack, user, 'x-kept', 0, randomBytes(10));
    const kept = await sendAll(user, 'x-big', 0, randomBytes(20 * MiB));
    expect((await commit(user, 'x-big', kept)).status).toBe(200);
    expect((await start(user, 'x-open', 0, 8 * MiB)).status).toBe(201);
    const over = await start(user, 'x-over', 0, 5 * MiB);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({
      code: 'quota_exceeded',
      error: 'Your synced data may hold at most 5,000 records and 30 MB',
    });
    expect(await sortKeys(stack, user.userId, 'UPLOAD#')).toHaveLength(1);
  }, 240_000);
});
