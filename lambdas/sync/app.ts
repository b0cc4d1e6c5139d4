// One per function folder: the Hono routes its Lambda entry and the local server share.
import { createAccessTokenVerifier } from '../identity/access-tokens';
import { systemClock, type Clock } from '../platform/clock';
import { syncCors } from '../platform/cors';
import { createTable } from '../platform/dynamo';
import { HttpError, renderJsonError } from '../platform/errors';
import { createLambdaApp } from '../platform/lambda-app';
import { requirePublishableKey } from '../platform/publishable-key';
import type { SyncConfig } from './config';
import { SyncError } from './errors';
import { syncRecords } from './records';

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

  app.get('/records/:id', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const { info, bytes } = await records.get(userId, recordId(c.req.param('id')));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/octet-stream',
      'X-Record-Version': String(info.version),
      'Cache-Control': 'no-store',
    });
  });

  app.put('/records/:id', async (c) => {
    const userId = await user(c.req.header('authorization'));
    const id = recordId(c.req.param('id'));
    const expected = expectedVersion(c.req.header('if-match'));
    if (Number(c.req.header('content-length') ?? 0) > config.quotas.recordBytes)
      throw new SyncError(
        413,
        'quota_exceeded',
        `A record may hold at most ${config.quotas.recordBytes} bytes`,
      );
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await records.put(userId, id, expected, bytes));
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
