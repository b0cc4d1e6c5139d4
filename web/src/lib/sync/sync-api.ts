import { SYNC_PART_BYTES } from '@shared/sync-limits';
import * as v from 'valibot';
import { MissingAccessTokenError } from '../functions';
import { getSupabase } from '../supabase';

/** The sync route (`lambdas/sync`): ciphertext by record id, each with a version. */
export const SYNC_PATH = '/functions/v1/sync';

const RecordInfoSchema = v.object({
  id: v.string(),
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  size: v.number(),
  updatedAt: v.string(),
});
export type RecordInfo = v.InferOutput<typeof RecordInfoSchema>;

const UploadSchema = v.object({
  upload: v.string(),
  parts: v.pipe(v.number(), v.integer(), v.minValue(1)),
  partBytes: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

const ListSchema = v.object({ records: v.array(RecordInfoSchema) });
const ManySchema = v.object({
  records: v.array(v.object({ ...RecordInfoSchema.entries, data: v.optional(v.string()) })),
});

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
};
const joined = (pieces: Uint8Array[]) => {
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A batch: up to 99 records (one transaction) and well under the route's 3 MB body. */
export const BATCH_RECORDS = 99;
export const BATCH_BYTES = 1024 * 1024;
/** Records up to this size go in batches; larger ones (files) one request each. */
export const BATCHED_RECORD_BYTES = 16 * 1024;

/** A refusal of the sync route: its status, code and message (413 names the limit). */
export class SyncApiError extends Error {
  override name = 'SyncApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function refusal(response: Response): Promise<SyncApiError> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; code?: unknown };
  return new SyncApiError(
    response.status,
    typeof body.code === 'string' ? body.code : 'unexpected_failure',
    typeof body.error === 'string' ? body.error : `Sync answered ${response.status}`,
  );
}

/** The signed-in account's synced records on our server, as ciphertext. */
export function syncApi() {
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    const token = data.session?.access_token;
    if (!token) throw new MissingAccessTokenError();
    const response = await fetch(`${supabase.config.url}${SYNC_PATH}${path}`, {
      ...init,
      headers: {
        ...init.headers,
        Authorization: `Bearer ${token}`,
        apikey: supabase.config.publishableKey,
      },
    });
    if (!response.ok) throw await refusal(response);
    return response;
  }

  return {
    async list(): Promise<RecordInfo[]> {
      const body: unknown = await (await call('/records')).json();
      return v.parse(ListSchema, body).records;
    },
    /**
     * The record's ciphertext and version; null when the server holds no such record. A record
     * larger than one response comes in parts, all of one version (read again if it changed).
     */
    async get(id: string): Promise<{ version: number; bytes: Uint8Array } | null> {
      const path = `/records/${encodeURIComponent(id)}`;
      try {
        for (let attempt = 0; ; attempt++) {
          const first = await call(path);
          const version = Number(first.headers.get('x-record-version'));
          const parts = Number(first.headers.get('x-record-parts') ?? 1) || 1;
          const pieces = [new Uint8Array(await first.arrayBuffer())];
          for (let part = 1; part < parts; part++) {
            const next = await call(`${path}?part=${part}`);
            if (Number(next.headers.get('x-record-version')) !== version) break;
            pieces.push(new Uint8Array(await next.arrayBuffer()));
          }
          if (pieces.length === parts) return { version, bytes: joined(pieces) };
          if (attempt === 2) throw new SyncApiError(409, 'version_conflict', 'Changed while read');
        }
      } catch (error) {
        if (error instanceof SyncApiError && error.status === 404) return null;
        throw error;
      }
    },
    /**
     * Writes over `expected` (0: a new record); a 409 means another device wrote first. A record
     * larger than one request is sent in parts and committed whole: until then, other devices
     * read the version before. Its size is sent first, so a record over a limit costs no upload.
     */
    async put(id: string, expected: number, bytes: Uint8Array): Promise<RecordInfo> {
      const path = `/records/${encodeURIComponent(id)}`;
      if (bytes.length <= SYNC_PART_BYTES) {
        const response = await call(path, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream', 'If-Match': String(expected) },
          body: bytes as BufferSource,
        });
        return v.parse(RecordInfoSchema, await response.json());
      }
      const opened = await call(`${path}/uploads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'If-Match': String(expected) },
        body: JSON.stringify({ size: bytes.length }),
      });
      const { upload, parts, partBytes } = v.parse(UploadSchema, await opened.json());
      const uploadPath = `${path}/uploads/${encodeURIComponent(upload)}`;
      try {
        let next = 0;
        // Two parts at a time: the server writes one while the next is on its way.
        await Promise.all(
          [0, 1].map(async () => {
            for (let part = next++; part < parts; part = next++)
              await call(`${uploadPath}/parts/${part}`, {
                method: 'PUT',
                headers: { 'Content-Type': 'application/octet-stream' },
                body: bytes.subarray(part * partBytes, (part + 1) * partBytes) as BufferSource,
              });
          }),
        );
        const committed = await call(`${uploadPath}/commit`, { method: 'POST' });
        return v.parse(RecordInfoSchema, await committed.json());
      } catch (error) {
        // Its parts are deleted now rather than when the next upload starts (best effort).
        await call(uploadPath, { method: 'DELETE' }).catch(() => undefined);
        throw error;
      }
    },
    /** Many records' ciphertext in one request; a record kept in chunks comes without bytes. */
    async getMany(
      ids: string[],
    ): Promise<{ id: string; version: number; bytes?: Uint8Array | undefined }[]> {
      const response = await call('/batch/get', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids }),
      });
      return v.parse(ManySchema, await response.json()).records.map((record) => ({
        id: record.id,
        version: record.version,
        bytes: record.data === undefined ? undefined : fromBase64(record.data),
      }));
    },
    /** Many small records written together, or none of them (409 when one changed meanwhile). */
    async putMany(
      records: { id: string; expected: number; bytes: Uint8Array }[],
    ): Promise<RecordInfo[]> {
      const response = await call('/batch/put', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          records: records.map((record) => ({
            id: record.id,
            expected: record.expected,
            data: toBase64(record.bytes),
          })),
        }),
      });
      return v.parse(ListSchema, await response.json()).records;
    },
    async remove(id: string): Promise<void> {
      try {
        await call(`/records/${encodeURIComponent(id)}`, { method: 'DELETE' });
      } catch (error) {
        if (!(error instanceof SyncApiError && error.status === 404)) throw error;
      }
    },
    async deleteAll(): Promise<void> {
      await call('/records', { method: 'DELETE' });
    },
  };
}

export type SyncApi = ReturnType<typeof syncApi>;
