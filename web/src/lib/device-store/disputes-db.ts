import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  parseDispute,
  type Backup,
  type Dispute,
  type ExhibitInfo,
} from '@shared/disputes';
import { compareIso } from '@shared/letters';
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { stampEdits, type EditTimes } from './edit-times';
import { now } from './ids';
import { DATA_CHANGED, STORAGE_KEYS } from './keys';

/** What sync keeps about the account on this device (`lib/sync/`): its key and each record's state. */
export interface SyncStateEntry {
  id: string;
  [field: string]: unknown;
}

interface DisputesSchema extends DBSchema {
  disputes: { key: string; value: Dispute };
  /** Attached files' bytes, by exhibit id; described in their dispute's `exhibits`. */
  files: { key: string; value: { id: string; bytes: ArrayBuffer } };
  /** Version 2: the sync key (a non-extractable CryptoKey) and each synced record's version. */
  sync: { key: string; value: SyncStateEntry };
  /** Version 3: by dispute id, when each of its fields was last edited here (sync merges by it). */
  edits: { key: string; value: { id: string; times: EditTimes } };
}

const DB_VERSION = 3;

/** The sync state entry that says sync is on for the account on this device (and holds its key). */
export const SYNC_SETTINGS_ID = 'settings';

export function announceChange(): void {
  window.dispatchEvent(new Event(DATA_CHANGED));
}

function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let at = 0; at < view.length; at += 0x8000)
    binary += String.fromCharCode(...view.subarray(at, at + 0x8000));
  return btoa(binary);
}

function fromBase64(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes.buffer;
}

type DisputesTransaction = IDBPTransaction<
  DisputesSchema,
  ('disputes' | 'files' | 'edits')[],
  'readwrite'
>;

/** The signed-in user's disputes, attached files and sync state in this browser's IndexedDB. */
export class DisputeStore {
  private constructor(
    readonly userId: string,
    private readonly db: IDBPDatabase<DisputesSchema>,
  ) {}

  static async open(userId: string): Promise<DisputeStore> {
    const db = await openDB<DisputesSchema>(STORAGE_KEYS.database(userId), DB_VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore('disputes', { keyPath: 'id' });
          database.createObjectStore('files', { keyPath: 'id' });
        }
        if (oldVersion < 2) database.createObjectStore('sync', { keyPath: 'id' });
        if (oldVersion < 3) database.createObjectStore('edits', { keyPath: 'id' });
      },
      // "Delete all my data" (here or in another tab) must not wait for this connection.
      blocking() {
        db.close();
      },
    });
    return new DisputeStore(userId, db);
  }

  close(): void {
    this.db.close();
  }

  /** Every stored dispute, oldest first; a record that is not a valid dispute is skipped. */
  async list(): Promise<Dispute[]> {
    const records = await this.db.getAll('disputes');
    return records
      .map(parseDispute)
      .filter((dispute): dispute is Dispute => dispute !== null)
      .sort((a, b) => compareIso(a.createdAt, b.createdAt));
  }

  async get(id: string): Promise<Dispute | undefined> {
    return (await this.db.get('disputes', id)) ?? undefined;
  }

  /**
   * Stores the dispute with its edit times: `editedAt` when given (only sync passes it, a synced
   * copy's), else each field that differs from the stored one stamped now.
   */
  async put(dispute: Dispute, editedAt?: EditTimes): Promise<void> {
    const tx = this.db.transaction(['disputes', 'edits'], 'readwrite');
    await Promise.all([
      this.writeDispute(
        tx,
        dispute,
        editedAt,
        editedAt ? undefined : await tx.objectStore('disputes').get(dispute.id),
      ),
      tx.done,
    ]);
    announceChange();
  }

  /** Writes a dispute and its edit times in `tx`; `before` is the stored one it replaces. */
  private async writeDispute(
    tx: DisputesTransaction,
    dispute: Dispute,
    editedAt: EditTimes | undefined,
    before: Dispute | undefined,
  ): Promise<void> {
    const edits = tx.objectStore('edits');
    const times =
      editedAt ?? stampEdits((await edits.get(dispute.id))?.times, before, dispute, now());
    await Promise.all([
      tx.objectStore('disputes').put(dispute),
      edits.put({ id: dispute.id, times }),
    ]);
  }

  /**
   * Disputes from another device with the edit times they carry: one transaction, and one change
   * announced for all (views reload once, not once per dispute).
   */
  async putSynced(records: { dispute: Dispute; editedAt: EditTimes }[]): Promise<void> {
    if (!records.length) return;
    const tx = this.db.transaction(['disputes', 'edits'], 'readwrite');
    await Promise.all([
      ...records.flatMap(({ dispute, editedAt }) => [
        tx.objectStore('disputes').put(dispute),
        tx.objectStore('edits').put({ id: dispute.id, times: editedAt }),
      ]),
      tx.done,
    ]);
    announceChange();
  }

  /** When each field of each dispute was last edited on this device, by dispute id. */
  async editTimes(): Promise<Map<string, EditTimes>> {
    return new Map((await this.db.getAll('edits')).map((entry) => [entry.id, entry.times]));
  }

  /** Stores the file and lists it as the dispute's next exhibit, together. */
  async addExhibit(disputeId: string, info: ExhibitInfo, bytes: ArrayBuffer): Promise<Dispute> {
    const tx = this.db.transaction(['disputes', 'files', 'edits'], 'readwrite');
    const dispute = await tx.objectStore('disputes').get(disputeId);
    if (!dispute) throw new Error(`No dispute ${disputeId}`);
    const next = { ...dispute, exhibits: [...dispute.exhibits, info] };
    await tx.objectStore('files').put({ id: info.id, bytes });
    await this.writeDispute(tx, next, undefined, dispute);
    await tx.done;
    announceChange();
    return next;
  }

  async removeExhibit(disputeId: string, exhibitId: string): Promise<Dispute> {
    const tx = this.db.transaction(['disputes', 'files', 'edits'], 'readwrite');
    const dispute = await tx.objectStore('disputes').get(disputeId);
    if (!dispute) throw new Error(`No dispute ${disputeId}`);
    const next = { ...dispute, exhibits: dispute.exhibits.filter((each) => each.id !== exhibitId) };
    await tx.objectStore('files').delete(exhibitId);
    await this.writeDispute(tx, next, undefined, dispute);
    await tx.done;
    announceChange();
    return next;
  }

  /** A file's bytes, or undefined when this device does not hold it. */
  async findExhibitBytes(exhibitId: string): Promise<ArrayBuffer | undefined> {
    return (await this.db.get('files', exhibitId))?.bytes;
  }

  async putExhibitBytes(exhibitId: string, bytes: ArrayBuffer): Promise<void> {
    await this.db.put('files', { id: exhibitId, bytes });
  }

  async deleteExhibitBytes(exhibitId: string): Promise<void> {
    await this.db.delete('files', exhibitId);
  }

  async exhibitIds(): Promise<string[]> {
    return this.db.getAllKeys('files');
  }

  /** Removes one dispute record only (sync applies another device's deletions one by one). */
  async deleteOne(id: string): Promise<void> {
    const tx = this.db.transaction(['disputes', 'edits'], 'readwrite');
    await Promise.all([
      tx.objectStore('disputes').delete(id),
      tx.objectStore('edits').delete(id),
      tx.done,
    ]);
    announceChange();
  }

  async syncState(): Promise<SyncStateEntry[]> {
    return this.db.getAll('sync');
  }

  async getSyncState(id: string): Promise<SyncStateEntry | undefined> {
    return this.db.get('sync', id);
  }

  async putSyncState(entry: SyncStateEntry): Promise<void> {
    await this.db.put('sync', entry);
  }

  /** Many sync state entries in one transaction. */
  async putSyncStates(entries: SyncStateEntry[]): Promise<void> {
    if (!entries.length) return;
    const tx = this.db.transaction('sync', 'readwrite');
    await Promise.all([...entries.map((entry) => tx.store.put(entry)), tx.done]);
  }

  async deleteSyncState(id: string): Promise<void> {
    await this.db.delete('sync', id);
  }

  async clearSyncState(): Promise<void> {
    await this.db.clear('sync');
  }

  async exhibitBytes(exhibitId: string): Promise<ArrayBuffer> {
    const file = await this.db.get('files', exhibitId);
    if (!file) throw new Error(`No file ${exhibitId}`);
    return file.bytes;
  }

  /** Removes a dispute with its later rounds and their files. */
  async remove(id: string): Promise<void> {
    const tx = this.db.transaction(['disputes', 'files', 'edits'], 'readwrite');
    const all = await tx.objectStore('disputes').getAll();
    const doomed = new Set([id]);
    for (let grew = true; grew;) {
      grew = false;
      for (const dispute of all)
        if (dispute.parentId && doomed.has(dispute.parentId) && !doomed.has(dispute.id)) {
          doomed.add(dispute.id);
          grew = true;
        }
    }
    for (const dispute of all.filter((each) => doomed.has(each.id))) {
      for (const exhibit of dispute.exhibits) await tx.objectStore('files').delete(exhibit.id);
      await tx.objectStore('disputes').delete(dispute.id);
      await tx.objectStore('edits').delete(dispute.id);
    }
    await tx.done;
    announceChange();
  }

  /** Everything of this user, files included, as one backup. */
  async exportBackup(now: Date): Promise<Backup> {
    const tx = this.db.transaction(['disputes', 'files'], 'readonly');
    const disputes = await tx.objectStore('disputes').getAll();
    const files = await tx.objectStore('files').getAll();
    await tx.done;
    return {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      userId: this.userId,
      exportedAt: now.toISOString(),
      disputes,
      exhibits: files.map((file) => ({ id: file.id, base64: toBase64(file.bytes) })),
    };
  }

  /**
   * Writes a checked backup in one transaction: a dispute or file with the same id is replaced,
   * others are kept (an imported field that differs counts as edited now). Either all of it is
   * written or nothing is.
   */
  async importBackup(backup: Backup): Promise<number> {
    const files = backup.exhibits.map((exhibit) => ({
      id: exhibit.id,
      bytes: fromBase64(exhibit.base64),
    }));
    const tx = this.db.transaction(['disputes', 'files', 'edits'], 'readwrite');
    await Promise.all([
      ...files.map((file) => tx.objectStore('files').put(file)),
      ...backup.disputes.map(async (dispute) =>
        this.writeDispute(tx, dispute, undefined, await tx.objectStore('disputes').get(dispute.id)),
      ),
      tx.done,
    ]);
    announceChange();
    return backup.disputes.length;
  }
}

/** How many disputes this account's database holds, without creating it when there is none. */
async function countDisputes(userId: string): Promise<number> {
  let db;
  try {
    db = await openDB(STORAGE_KEYS.database(userId), undefined, {
      // No database yet: opening made an empty one. Aborting undoes that (and rejects).
      upgrade(_db, _old, _new, transaction) {
        transaction.done.catch(() => undefined);
        transaction.abort();
      },
    });
  } catch {
    return 0;
  }
  try {
    return db.objectStoreNames.contains('disputes') ? await db.count('disputes') : 0;
  } finally {
    db.close();
  }
}

/**
 * Whether this browser holds disputes of this account: its database is opened and counted (an
 * empty one holds nothing to keep). Where `indexedDB.databases()` exists it first says whether
 * there is a database at all; browsers without it (Firefox before 126) go straight to counting,
 * which never creates the database.
 */
export async function hasDisputesOnDevice(userId: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    if (typeof indexedDB.databases === 'function') {
      const databases = await indexedDB.databases();
      if (!databases.some((database) => database.name === STORAGE_KEYS.database(userId)))
        return false;
    }
    return (await countDisputes(userId)) > 0;
  } catch {
    return false;
  }
}

/** Removes this account's database: disputes, files and sync state (connections close themselves). */
export function deleteDisputesDatabase(userId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(STORAGE_KEYS.database(userId));
    request.onsuccess = () => {
      announceChange();
      resolve();
    };
    request.onerror = () => reject(request.error ?? new Error('The data could not be deleted'));
  });
}

/** Whether sync is on for the account on this device: read here only, so nothing is sent when off. */
export async function syncIsOnHere(userId: string): Promise<boolean> {
  const store = await DisputeStore.open(userId);
  try {
    return Boolean(await store.getSyncState(SYNC_SETTINGS_ID));
  } finally {
    store.close();
  }
}
