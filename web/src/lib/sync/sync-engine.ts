import { parseCheckup } from '@shared/checkup';
import { parseDispute, type Dispute } from '@shared/disputes';
import * as v from 'valibot';
import type { DisputeStore, SyncStateEntry } from '../device-store/disputes-db';
import type { EditTimes } from '../device-store/edit-times';
import {
  forgetCheckup,
  forgetDetails,
  forgetDraft,
  hasCheckupOnDevice,
  hasDetailsOnDevice,
  loadCheckup,
  loadDetails,
  loadDraft,
  localEditTimes,
  parseDetails,
  parseStoredDraft,
  saveCheckup,
  saveDetails,
  saveDraft,
  type LocalRecordName,
} from '../device-store/local-records';
import { decryptRecord, encryptRecord, TamperedRecordError } from './sync-crypto';
import type { RecordInfo, SyncApi } from './sync-api';
import { BATCH_BYTES, BATCH_RECORDS, BATCHED_RECORD_BYTES, SyncApiError } from './sync-api';

/**
 * Two-way sync of one account's records with the server's ciphertext. Record ids say only what
 * kind of record it is: `d-<dispute id>`, `x-<exhibit id>`, `details`, `checkup`, `draft` (all
 * random or fixed, never typed by the user); `keyring` is the wrapped key. A change on both sides
 * is settled here, per field: the field changed on one side only takes that side's value; a
 * field changed on both takes the later edit, by the edit times the device store stamped when
 * the user made it (carried inside the encrypted record).
 */

export const KEYRING_ID = 'keyring';
const STATE = 'rec:';

type JsonValue = Record<string, unknown>;
type Local =
  | { kind: 'json'; value: JsonValue; editedAt: EditTimes }
  /** A file: its bytes, or null for one held here, read only when it is sent. */
  | { kind: 'bytes'; bytes: ArrayBuffer | null };

/** Disputes pulled in one pass, written together (one transaction, one change announced). */
type PulledDisputes = { dispute: Dispute; editedAt: EditTimes }[];

/**
 * What a JSON record's plaintext holds besides its value: when each field was last edited (a
 * record written before per-field times carries one time for all its fields).
 */
const EnvelopeSchema = v.object({
  editedAt: v.union([v.record(v.string(), v.number()), v.number()]),
  value: v.record(v.string(), v.unknown()),
});

const LOCAL_RECORDS: readonly string[] = [
  'details',
  'checkup',
  'draft',
] satisfies LocalRecordName[];

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
  /** Records left for another pass: written elsewhere first (409), or edited here meanwhile. */
  retry: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const stable = (value: unknown) => JSON.stringify(value);

async function digestOf(local: Local): Promise<string> {
  if (local.kind === 'bytes') return 'file'; // an exhibit's file never changes under its id
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(stable(local.value)));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface Edited {
  value: JsonValue;
  editedAt: EditTimes;
}

/**
 * Per field: one side's change wins; both changed, the later edit wins (a tie keeps mine). The
 * merged record keeps each field's time from the side its value came from.
 */
export function mergeFields(base: JsonValue, mine: Edited, theirs: Edited): Edited {
  const merged: Edited = { value: {}, editedAt: {} };
  const fields = new Set([...Object.keys(mine.value), ...Object.keys(theirs.value)]);
  for (const field of fields) {
    const [b, m, t] = [base[field], mine.value[field], theirs.value[field]].map(stable);
    const [mineAt, theirsAt] = [mine.editedAt[field] ?? 0, theirs.editedAt[field] ?? 0];
    const side =
      m === t
        ? theirsAt > mineAt
          ? theirs
          : mine
        : t === b
          ? mine
          : m === b
            ? theirs
            : theirsAt > mineAt
              ? theirs
              : mine;
    if (side.value[field] !== undefined) merged.value[field] = side.value[field];
    if (side.editedAt[field] !== undefined) merged.editedAt[field] = side.editedAt[field]!;
  }
  return merged;
}

/** The account's details, checkup or draft as kept on this device, with its edit times. */
function localRecord(
  userId: string,
  id: LocalRecordName,
): Extract<Local, { kind: 'json' }> | undefined {
  const value =
    id === 'details'
      ? hasDetailsOnDevice(userId) && loadDetails(userId)
      : id === 'checkup'
        ? hasCheckupOnDevice(userId) && loadCheckup(userId)
        : loadDraft(userId);
  return value
    ? { kind: 'json', value: { ...value }, editedAt: localEditTimes(userId, id) }
    : undefined;
}

/** Every record of the account on this device, by sync id. */
async function localRecords(store: DisputeStore): Promise<Map<string, Local>> {
  const records = new Map<string, Local>();
  const times = await store.editTimes();
  for (const dispute of await store.list())
    records.set(`d-${dispute.id}`, {
      kind: 'json',
      value: { ...dispute },
      editedAt: times.get(dispute.id) ?? {},
    });
  for (const id of await store.exhibitIds()) records.set(`x-${id}`, { kind: 'bytes', bytes: null });
  for (const id of LOCAL_RECORDS) {
    const record = localRecord(store.userId, id as LocalRecordName);
    if (record) records.set(id, record);
  }
  return records;
}

/**
 * Whether the record on this device is still `read` (what sync read at the start): a user's edit
 * made while sync ran is never overwritten, the next pass merges it.
 */
async function unchangedSince(store: DisputeStore, id: string, read: Local | undefined) {
  const before = read?.kind === 'json' ? read.value : undefined;
  if (LOCAL_RECORDS.includes(id))
    return stable(localRecord(store.userId, id as LocalRecordName)?.value) === stable(before);
  // A dispute read as list() reads it; a new one's id is random, so none appears meanwhile.
  if (!before || !id.startsWith('d-')) return true;
  const now = await store.get(id.slice(2));
  return stable(now && { ...parseDispute(now) }) === stable(before);
}

/** Writes a record from the server on this device, after checking it with its schema. */
async function applyLocally(
  store: DisputeStore,
  id: string,
  local: Local,
  disputes: PulledDisputes,
): Promise<boolean> {
  if (local.kind === 'bytes') {
    if (!id.startsWith('x-') || !local.bytes) return false;
    await store.putExhibitBytes(id.slice(2), local.bytes);
    return true;
  }
  const { userId } = store;
  if (id.startsWith('d-')) {
    const dispute = parseDispute(local.value);
    if (!dispute || dispute.id !== id.slice(2)) return false;
    disputes.push({ dispute, editedAt: local.editedAt });
    return true;
  }
  if (id === 'details') return saveDetails(userId, parseDetails(local.value), local.editedAt);
  if (id === 'checkup') {
    const checkup = parseCheckup(local.value);
    return checkup ? saveCheckup(userId, checkup, local.editedAt) : false;
  }
  if (id === 'draft') {
    const draft = parseStoredDraft(local.value);
    return draft ? saveDraft(userId, draft, local.editedAt) : false;
  }
  return false;
}

/** Deleted on another device (a draft sent or discarded, details forgotten): deleted here. */
async function removeLocally(store: DisputeStore, id: string): Promise<void> {
  if (id.startsWith('d-')) await store.deleteOne(id.slice(2));
  else if (id.startsWith('x-')) await store.deleteExhibitBytes(id.slice(2));
  else if (id === 'details') forgetDetails(store.userId);
  else if (id === 'checkup') forgetCheckup(store.userId);
  else if (id === 'draft') forgetDraft(store.userId);
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

/**
 * One pass of two-way sync over the server's `listing` (listed now when not given); a second pass
 * settles what it left (`retry`): records another device wrote meanwhile.
 */
export async function syncOnce(
  store: DisputeStore,
  key: CryptoKey,
  api: SyncApi,
  listing?: RecordInfo[],
): Promise<SyncReport> {
  const report: SyncReport = {
    pulled: 0,
    pushed: 0,
    deleted: 0,
    tampered: [],
    refused: [],
    retry: 0,
  };
  const remote = new Map(
    (listing ?? (await api.list()))
      .filter((info) => info.id !== KEYRING_ID)
      .map((info) => [info.id, info]),
  );
  const local = await localRecords(store);
  const states = new Map(
    (await store.syncState())
      .filter((entry) => entry.id.startsWith(STATE))
      .map((entry) => [entry.id.slice(STATE.length), entry as RecordState]),
  );

  /** What this pass agreed on with the server, written together once the pass is done. */
  const agreed: RecordState[] = [];
  async function remember(id: string, version: number, record: Local) {
    agreed.push({
      id: STATE + id,
      version,
      digest: await digestOf(record),
      ...(record.kind === 'json' ? { base: record.value } : {}),
    });
  }
  const pulledDisputes: PulledDisputes = [];

  /** Sealed writes waiting to be sent: small ones in batches, files one by one. */
  const outbox: { id: string; expected: number; record: Local; sealed: Uint8Array }[] = [];

  async function push(id: string, expected: number, record: Local) {
    let plaintext: Uint8Array;
    if (record.kind === 'json')
      plaintext = encoder.encode(stable({ editedAt: record.editedAt, value: record.value }));
    else {
      const bytes = record.bytes ?? (await store.findExhibitBytes(id.slice(2)));
      if (!bytes) return; // removed meanwhile
      plaintext = new Uint8Array(bytes);
    }
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
          if (conflict(error)) report.retry++;
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
      const { editedAt, value } = envelope.output;
      return {
        kind: 'json',
        value,
        editedAt:
          typeof editedAt === 'number'
            ? Object.fromEntries(Object.keys(value).map((field) => [field, editedAt]))
            : editedAt,
      };
    } catch (error) {
      if (error instanceof TamperedRecordError || error instanceof SyntaxError) {
        report.tampered.push(id);
        return null;
      }
      throw error;
    }
  }

  const ids = [...new Set([...remote.keys(), ...local.keys(), ...states.keys()])];
  /** A record edited here while this pass ran: never overwritten, the next pass merges it. */
  const editedMeanwhile = async (id: string, mine: Local | undefined) => {
    if (await unchangedSince(store, id, mine)) return false;
    report.retry++;
    return true;
  };
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
      if (await editedMeanwhile(id, mine)) return;
      const mineChanged = mine && (!state || (await digestOf(mine)) !== state.digest);
      if (mine && mineChanged && mine.kind === 'json' && theirs.kind === 'json') {
        const merged: Local = { kind: 'json', ...mergeFields(state?.base ?? {}, mine, theirs) };
        if (await applyLocally(store, id, merged, pulledDisputes)) report.pulled++;
        await push(id, info.version, merged);
        return;
      }
      if (await applyLocally(store, id, theirs, pulledDisputes)) {
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
        if (mine && (await editedMeanwhile(id, mine))) return;
        if (mine) await removeLocally(store, id);
        await store.deleteSyncState(STATE + id);
        report.deleted++;
      }
      return;
    }
    if (!info && mine) await push(id, 0, mine);
  });
  // The pulled disputes are written before anything is remembered as agreed on.
  await store.putSynced(pulledDisputes);
  try {
    await flush();
  } finally {
    await store.putSyncStates(agreed);
  }
  return report;
}
