import { parseCheckup } from '@shared/checkup';
import { parseDispute } from '@shared/disputes';
import * as v from 'valibot';
import type { DisputeStore, SyncStateEntry } from '../device-store/disputes-db';
import {
  hasCheckupOnDevice,
  hasDetailsOnDevice,
  loadCheckup,
  loadDetails,
  parseDetails,
  saveCheckup,
  saveDetails,
} from '../device-store/local-records';
import { decryptRecord, encryptRecord, TamperedRecordError } from './sync-crypto';
import type { RecordInfo, SyncApi } from './sync-api';
import { BATCH_BYTES, BATCH_RECORDS, BATCHED_RECORD_BYTES, SyncApiError } from './sync-api';

/**
 * Two-way sync of one account's records with the server's ciphertext. Record ids say only what
 * kind of record it is: `d-<dispute id>`, `x-<exhibit id>`, `details`, `checkup` (all random
 * or fixed, never typed by the user); `keyring` is the wrapped key. A change on both sides is
 * settled here, per field: the field changed on one side only takes that side's value; a
 * field changed on both takes the newer edit.
 */

export const KEYRING_ID = 'keyring';
const STATE = 'rec:';

type JsonValue = Record<string, unknown>;
type Local = { kind: 'json'; value: JsonValue } | { kind: 'bytes'; bytes: ArrayBuffer };

/** What a JSON record's plaintext holds besides its value: when it was last edited. */
const EnvelopeSchema = v.object({
  editedAt: v.number(),
  value: v.record(v.string(), v.unknown()),
});

/** This device's knowledge of a synced record: the version and content it last agreed on. */
interface RecordState extends SyncStateEntry {
  version: number;
  digest: string;
  base?: JsonValue;
}

export interface SyncReport {
  /** Records written on this device from the server. */
  pulled: number;
  /** Records written to the server from this device. */
  pushed: number;
  /** Records deleted here or there. */
  deleted: number;
  /** Records refused as damaged or changed: the local copy was kept. */
  tampered: string[];
  /** Records the server refused over a limit (413, its message naming it): kept here only. */
  refused: { id: string; limit: string }[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const stable = (value: unknown) => JSON.stringify(value);

async function digestOf(local: Local): Promise<string> {
  if (local.kind === 'bytes') return 'file'; // an exhibit's file never changes under its id
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(stable(local.value)));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Per field: one side's change wins; both changed, the newer edit wins. */
export function mergeFields(
  base: JsonValue,
  mine: JsonValue,
  mineEditedAt: number,
  theirs: JsonValue,
  theirsEditedAt: number,
): JsonValue {
  const merged: JsonValue = {};
  for (const field of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    const [b, m, t] = [stable(base[field]), stable(mine[field]), stable(theirs[field])];
    const value =
      m === t || t === b
        ? mine[field]
        : m === b
          ? theirs[field]
          : theirsEditedAt > mineEditedAt
            ? theirs[field]
            : mine[field];
    if (value !== undefined) merged[field] = value;
  }
  return merged;
}

/** Every record of the account on this device, by sync id. */
async function localRecords(store: DisputeStore): Promise<Map<string, Local>> {
  const records = new Map<string, Local>();
  for (const dispute of await store.list())
    records.set(`d-${dispute.id}`, { kind: 'json', value: { ...dispute } });
  for (const id of await store.exhibitIds()) {
    const bytes = await store.findExhibitBytes(id);
    if (bytes) records.set(`x-${id}`, { kind: 'bytes', bytes });
  }
  const { userId } = store;
  if (hasDetailsOnDevice(userId))
    records.set('details', { kind: 'json', value: { ...loadDetails(userId) } });
  const checkup = hasCheckupOnDevice(userId) ? loadCheckup(userId) : null;
  if (checkup) records.set('checkup', { kind: 'json', value: { ...checkup } });
  return records;
}

/** Writes a record from the server on this device, after checking it with its schema. */
async function applyLocally(store: DisputeStore, id: string, local: Local): Promise<boolean> {
  if (local.kind === 'bytes') {
    if (!id.startsWith('x-')) return false;
    await store.putExhibitBytes(id.slice(2), local.bytes);
    return true;
  }
  if (id.startsWith('d-')) {
    const dispute = parseDispute(local.value);
    if (!dispute || dispute.id !== id.slice(2)) return false;
    await store.put(dispute);
    return true;
  }
  if (id === 'details') return saveDetails(store.userId, parseDetails(local.value));
  if (id === 'checkup') {
    const checkup = parseCheckup(local.value);
    return checkup ? saveCheckup(store.userId, checkup) : false;
  }
  return false;
}

async function removeLocally(store: DisputeStore, id: string): Promise<void> {
  if (id.startsWith('d-')) await store.deleteOne(id.slice(2));
  else if (id.startsWith('x-')) await store.deleteExhibitBytes(id.slice(2));
}

/** Runs `run` over `items` a few at a time. */
async function inPool<T>(items: T[], run: (item: T) => Promise<void>, size = 6): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** One pass of two-way sync; a second pass settles records another device wrote meanwhile. */
export async function syncOnce(
  store: DisputeStore,
  key: CryptoKey,
  api: SyncApi,
  now: () => number = Date.now,
): Promise<SyncReport> {
  const report: SyncReport = { pulled: 0, pushed: 0, deleted: 0, tampered: [], refused: [] };
  const remote = new Map(
    (await api.list()).filter((info) => info.id !== KEYRING_ID).map((info) => [info.id, info]),
  );
  const local = await localRecords(store);
  const states = new Map(
    (await store.syncState())
      .filter((entry) => entry.id.startsWith(STATE))
      .map((entry) => [entry.id.slice(STATE.length), entry as RecordState]),
  );

  async function remember(id: string, version: number, record: Local) {
    await store.putSyncState({
      id: STATE + id,
      version,
      digest: await digestOf(record),
      ...(record.kind === 'json' ? { base: record.value } : {}),
    } satisfies RecordState);
  }

  /** Sealed writes waiting to be sent: small ones in batches, files one by one. */
  const outbox: { id: string; expected: number; record: Local; sealed: Uint8Array }[] = [];

  async function push(id: string, expected: number, record: Local) {
    const plaintext =
      record.kind === 'bytes'
        ? new Uint8Array(record.bytes)
        : encoder.encode(stable({ editedAt: now(), value: record.value }));
    outbox.push({
      id,
      expected,
      record,
      sealed: await encryptRecord(key, id, expected + 1, plaintext),
    });
  }

  async function sent(id: string, version: number, record: Local) {
    await remember(id, version, record);
    report.pushed++;
  }

  /** Sends the outbox; a record another device wrote first (409) waits for the next pass. */
  async function flush() {
    const single = outbox.filter((write) => write.sealed.length > BATCHED_RECORD_BYTES);
    const batches: (typeof outbox)[] = [];
    let batch: typeof outbox = [];
    let bytes = 0;
    for (const write of outbox.filter((each) => each.sealed.length <= BATCHED_RECORD_BYTES)) {
      if (batch.length === BATCH_RECORDS || bytes + write.sealed.length > BATCH_BYTES) {
        batches.push(batch);
        [batch, bytes] = [[], 0];
      }
      batch.push(write);
      bytes += write.sealed.length;
    }
    if (batch.length) batches.push(batch);
    const conflict = (error: unknown) => error instanceof SyncApiError && error.status === 409;
    const overLimit = (error: unknown) => error instanceof SyncApiError && error.status === 413;
    /** A record over a limit stays here and is reported; the others still go. */
    const refuse = (id: string, error: unknown) => {
      if (!overLimit(error)) return false;
      report.refused.push({ id, limit: (error as SyncApiError).message });
      return true;
    };
    await inPool(
      [...batches.map((each) => ({ batch: each })), ...single.map((each) => ({ batch: [each] }))],
      async ({ batch: writes }) => {
        try {
          const infos =
            writes.length === 1 && writes[0]!.sealed.length > BATCHED_RECORD_BYTES
              ? [await api.put(writes[0]!.id, writes[0]!.expected, writes[0]!.sealed)]
              : await api.putMany(
                  writes.map((write) => ({
                    id: write.id,
                    expected: write.expected,
                    bytes: write.sealed,
                  })),
                );
          for (const [index, info] of infos.entries())
            await sent(info.id, info.version, writes[index]!.record);
        } catch (error) {
          if (writes.length === 1 && refuse(writes[0]!.id, error)) return;
          if (!conflict(error) && !overLimit(error)) throw error;
          // One record of the batch changed elsewhere, or passed a quota: the others go one by one.
          for (const write of writes)
            try {
              const info = await api.put(write.id, write.expected, write.sealed);
              await sent(write.id, info.version, write.record);
            } catch (each) {
              if (!conflict(each) && !refuse(write.id, each)) throw each;
            }
        }
      },
      3,
    );
  }

  /** The server's ciphertext of every record to read, small ones in batches of 100. */
  const fetched = new Map<string, { version: number; bytes: Uint8Array }>();
  async function prefetch(ids: string[]) {
    const small = ids.filter((id) => !id.startsWith('x-'));
    const groups: string[][] = [];
    for (let at = 0; at < small.length; at += 100) groups.push(small.slice(at, at + 100));
    await inPool(
      groups,
      async (group) => {
        for (const record of await api.getMany(group))
          if (record.bytes)
            fetched.set(record.id, { version: record.version, bytes: record.bytes });
      },
      3,
    );
  }

  async function pull(id: string, info: RecordInfo): Promise<Local | null> {
    const got = fetched.get(id) ?? (await api.get(id));
    if (!got) return null;
    try {
      const plaintext = await decryptRecord(key, id, got.version, got.bytes);
      if (id.startsWith('x-')) return { kind: 'bytes', bytes: plaintext.slice().buffer };
      const envelope = v.safeParse(EnvelopeSchema, JSON.parse(decoder.decode(plaintext)));
      if (!envelope.success) throw new TamperedRecordError(id);
      info.version = got.version;
      (info as RecordInfo & { editedAt?: number }).editedAt = envelope.output.editedAt;
      return { kind: 'json', value: envelope.output.value };
    } catch (error) {
      if (error instanceof TamperedRecordError || error instanceof SyntaxError) {
        report.tampered.push(id);
        return null;
      }
      throw error;
    }
  }

  const ids = [...new Set([...remote.keys(), ...local.keys(), ...states.keys()])];
  await prefetch(
    ids.filter((id) => {
      const [info, state] = [remote.get(id), states.get(id)];
      return info && (!state || info.version > state.version);
    }),
  );
  await inPool(ids, async (id) => {
    const [info, mine, state] = [remote.get(id), local.get(id), states.get(id)];
    if (info && (!state || info.version > state.version)) {
      const theirs = await pull(id, info);
      if (!theirs) return; // damaged: refused and reported, the local copy kept
      const mineChanged = mine && (!state || (await digestOf(mine)) !== state.digest);
      if (mine && mineChanged && mine.kind === 'json' && theirs.kind === 'json') {
        const merged: Local = {
          kind: 'json',
          value: mergeFields(
            state?.base ?? {},
            mine.value,
            now(),
            theirs.value,
            (info as RecordInfo & { editedAt?: number }).editedAt ?? 0,
          ),
        };
        if (await applyLocally(store, id, merged)) report.pulled++;
        await push(id, info.version, merged);
        return;
      }
      if (await applyLocally(store, id, theirs)) {
        report.pulled++;
        await remember(id, info.version, theirs);
      }
      return;
    }
    if (info && state) {
      if (!mine) {
        await api.remove(id);
        await store.deleteSyncState(STATE + id);
        report.deleted++;
      } else if ((await digestOf(mine)) !== state.digest) await push(id, state.version, mine);
      return;
    }
    if (!info && state) {
      // Deleted on another device: deleted here too, unless it was changed here since.
      if (mine && (await digestOf(mine)) !== state.digest) await push(id, 0, mine);
      else {
        if (mine) await removeLocally(store, id);
        await store.deleteSyncState(STATE + id);
        report.deleted++;
      }
      return;
    }
    if (!info && mine) await push(id, 0, mine);
  });
  await flush();
  return report;
}
