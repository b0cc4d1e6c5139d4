// One per function folder: the Hono routes its Lambda entry and the local server share.
import type { Context } from 'hono';
import { createAccessTokenVerifier } from '../identity/access-tokens';
import { systemClock, type Clock } from '../platform/clock';
import { syncCors } from '../platform/cors';
import { createTable } from '../platform/dynamo';
import { HttpError, renderJsonError } from '../platform/errors';
import { createLambdaApp } from '../platform/lambda-app';
import { requirePublishableKey } from '../platform/publishable-key';
import * as v from 'valibot';
import { parseBody } from '../platform/request-body';
import type { SyncConfig } from './config';
import { SYNC_PART_BYTES } from '../../shared/sync-limits';
import { SyncError } from './errors';
import { INLINE_BYTES, syncRecords } from './records';
import { syncUploads } from './uploads';

export const SYNC_PATH = '/functions/v1/sync';

/** Ids the browser gives its records: random or fixed names, never anything the user typed. */
const RECORD_ID = /^[A-Za-z0-9_.-]{1,128}$/;

function recordId(raw: string): string {
  if (!RECORD_ID.test(raw))
    throw new SyncError(
      400,
      'invalid_record_id',
      'A record id is 1 to 128 letters, digits, . _ or -',
    );
  return raw;
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

function uploadId(raw: string): string {
  if (!UPLOAD_ID.test(raw)) throw new SyncError(409, 'version_conflict', 'No such upload is open');
  return raw;
}

/** A part's number: `?part=` on a read, the path's `:part` on an upload. */
function partNumber(raw: string | undefined): number {
  const part = raw === undefined ? 0 : Number(raw);
  if (!Number.isSafeInteger(part) || part < 0 || part > 999)
    throw new SyncError(400, 'invalid_part', 'A part is a whole number from 0');
  return part;
}

/** `If-Match: <version>`: the version the browser last read (0 for a new record). */
function expectedVersion(header: string | undefined): number {
  const version = header === undefined ? NaN : Number(header.replace(/"/g, ''));
  if (!Number.isSafeInteger(version) || version < 0)
    throw new SyncError(
      428,
      'version_required',
      'Send If-Match with the version you last read (0 for a new record)',
    );
  return version;
}

/** At most this many records in one batch: a transaction holds 100 items, one is the usage. */
export const MAX_BATCH_RECORDS = 99;
/** A batch's JSON body: under the 6 MB a Lambda request may carry, and a transaction's 4 MB. */
const MAX_BATCH_BODY_BYTES = 3 * 1024 * 1024;

const recordIdSchema = v.pipe(v.string(), v.regex(RECORD_ID));
const BatchGetSchema = v.object({
  ids: v.pipe(v.array(recordIdSchema), v.maxLength(200)),
});
const BatchPutSchema = v.object({
  records: v.pipe(
    v.array(
      v.object({
        id: recordIdSchema,
        expected: v.pipe(v.number(), v.integer(), v.minValue(0)),
        data: v.pipe(v.string(), v.base64(), v.maxLength(Math.ceil(INLINE_BYTES / 3) * 4)),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_BATCH_RECORDS),
  ),
});

const UploadStartSchema = v.object({
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

async function batchBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BATCH_BODY_BYTES)
    throw new SyncError(
      413,
      'quota_exceeded',
      `A batch may hold at most ${MAX_BATCH_BODY_BYTES} bytes`,
    );
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new SyncError(400, 'invalid_record_id', 'The batch must be a JSON object');
  }
  return parseBody(
    schema,
    body,
    () =>
      new SyncError(
        400,
        'invalid_record_id',
        `A batch is up to ${MAX_BATCH_RECORDS} records, each with a valid id, version and at most ${INLINE_BYTES} bytes of base64 data`,
      ),
  );
}

export interface SyncAppOptions {
  now?: Clock;
}

/**
 * End-to-end-encrypted sync: the signed-in user's records as ciphertext, by id, with versions.
 * The server cannot read them; it keeps ids, versions, sizes and times, and enforces quotas.
 * Every key is built from the verified token's user id, so another account's id is a 404.
 */
export function createSyncApp(config: SyncConfig, options: SyncAppOptions = {}) {
  const table = createTable(config.table);
  const now = options.now ?? systemClock;
  const verifier = createAccessTokenVerifier({ table, ...config.tokens, now });
  const records = syncRecords(table, config.quotas, now);
  const uploads = syncUploads(table, config.quotas, now);
  const app = createLambdaApp(SYNC_PATH, renderJsonError);
  const user = async (authorization: string | undefined) =>
    (await verifier.verify(authorization)).userId;

  app.use('*', syncCors(config.access.allowedOrigins));
  app.use('*', requirePublishableKey(config.access.publishableKey));

  app.get('/records', async (c) => {
    const userId = await user(c.req.header('authorization'));
    return c.json({ records: await records.list(userId) });
  });

  app.delete('/records', async (c) => {
    const userId = await user(c.req.header('authorization'));
    await records.removeAll(userId);
    return c.body(null, 204);
  });

  /** A record in parts of what one response may carry: `?part=n` from 0, `X-Record-Parts` of them. */
  app.get('/records/:id', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const id = recordId(c.req.param('id'));
    const { info, parts, bytes } = await records.get(userId, id, partNumber(c.req.query('part')));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/octet-stream',
      'X-Record-Version': String(info.version),
      'X-Record-Size': String(info.size),
      'X-Record-Parts': String(parts),
      'Cache-Control': 'no-store',
    });
  });

  app.post('/batch/get', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const { ids } = await batchBody(c, BatchGetSchema);
    const found = await records.getMany(userId, ids);
    return c.json({
      records: found.map(({ data, ...info }) => ({
        ...info,
        ...(data ? { data: Buffer.from(data).toString('base64') } : {}),
      })),
    });
  });

  app.post('/batch/put', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const body = await batchBody(c, BatchPutSchema);
    const writes = body.records.map((record) => ({
      id: record.id,
      expected: record.expected,
      bytes: new Uint8Array(Buffer.from(record.data, 'base64')),
    }));
    return c.json({ records: await records.putMany(userId, writes) });
  });

  app.put('/records/:id', async (c) => {
    const userId = await user(c.req.header('authorization'));
    records.checkOneRequest(Number(c.req.header('content-length') ?? 0));
    // Read before any other refusal: a body left unread resets a kept-alive connection.
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const id = recordId(c.req.param('id'));
    const expected = expectedVersion(c.req.header('if-match'));
    return c.json(await records.put(userId, id, expected, bytes));
  });

  /**
   * A record larger than one request, in three steps: open an upload (`If-Match`, `{size}`),
   * PUT its parts, commit. Until the commit, other devices see the version before.
   */
  app.post('/records/:id/uploads', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const id = recordId(c.req.param('id'));
    const expected = expectedVersion(c.req.header('if-match'));
    const { size } = parseBody(
      UploadStartSchema,
      await c.req.json().catch(() => null),
      () => new SyncError(400, 'invalid_part', 'Send {"size": <the record\'s bytes>}'),
    );
    return c.json(await uploads.start(userId, id, expected, size), 201);
  });

  app.put('/records/:id/uploads/:upload/parts/:part', async (c) => {
    const userId = await user(c.req.header('authorization'));
    if (Number(c.req.header('content-length') ?? 0) > SYNC_PART_BYTES)
      throw new SyncError(413, 'quota_exceeded', `A part has at most ${SYNC_PART_BYTES} bytes`);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const id = recordId(c.req.param('id'));
    const part = partNumber(c.req.param('part'));
    await uploads.putPart(userId, id, uploadId(c.req.param('upload')), part, bytes);
    return c.body(null, 204);
  });

  app.post('/records/:id/uploads/:upload/commit', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const id = recordId(c.req.param('id'));
    return c.json(await uploads.commit(userId, id, uploadId(c.req.param('upload'))));
  });

  app.delete('/records/:id/uploads/:upload', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const id = recordId(c.req.param('id'));
    await uploads.abort(userId, id, uploadId(c.req.param('upload')));
    return c.body(null, 204);
  });

  app.delete('/records/:id', async (c) => {
    const userId = await user(c.req.header('authorization'));
    await records.remove(userId, recordId(c.req.param('id')));
    return c.body(null, 204);
  });

  app.all('*', () => {
    throw new HttpError(404, 'not_found', 'No such sync route');
  });

  return app;
}
