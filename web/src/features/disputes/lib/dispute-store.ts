import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  parseDispute,
  type Backup,
  type Dispute,
  type ExhibitInfo,
} from '@shared/disputes';
import { compareIso } from '@shared/letters';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { announceChange, databaseName } from './device-data';

interface DisputesSchema extends DBSchema {
  disputes: { key: string; value: Dispute };
  /** Attached files' bytes, by exhibit id; described in their dispute's `exhibits`. */
  files: { key: string; value: { id: string; bytes: ArrayBuffer } };
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

/** The signed-in user's disputes and attached files in this browser's IndexedDB. */
export class DisputeStore {
  private constructor(
    readonly userId: string,
    private readonly db: IDBPDatabase<DisputesSchema>,
  ) {}

  static async open(userId: string): Promise<DisputeStore> {
    const db = await openDB<DisputesSchema>(databaseName(userId), 1, {
      upgrade(database) {
        database.createObjectStore('disputes', { keyPath: 'id' });
        database.createObjectStore('files', { keyPath: 'id' });
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

  async put(dispute: Dispute): Promise<void> {
    await this.db.put('disputes', dispute);
    announceChange();
  }

  /** Stores the file and lists it as the dispute's next exhibit, together. */
  async addExhibit(disputeId: string, info: ExhibitInfo, bytes: ArrayBuffer): Promise<Dispute> {
    const tx = this.db.transaction(['disputes', 'files'], 'readwrite');
    const dispute = await tx.objectStore('disputes').get(disputeId);
    if (!dispute) throw new Error(`No dispute ${disputeId}`);
    const next = { ...dispute, exhibits: [...dispute.exhibits, info] };
    await tx.objectStore('files').put({ id: info.id, bytes });
    await tx.objectStore('disputes').put(next);
    await tx.done;
    announceChange();
    return next;
  }

  async removeExhibit(disputeId: string, exhibitId: string): Promise<Dispute> {
    const tx = this.db.transaction(['disputes', 'files'], 'readwrite');
    const dispute = await tx.objectStore('disputes').get(disputeId);
    if (!dispute) throw new Error(`No dispute ${disputeId}`);
    const next = { ...dispute, exhibits: dispute.exhibits.filter((each) => each.id !== exhibitId) };
    await tx.objectStore('files').delete(exhibitId);
    await tx.objectStore('disputes').put(next);
    await tx.done;
    announceChange();
    return next;
  }

  async exhibitBytes(exhibitId: string): Promise<ArrayBuffer> {
    const file = await this.db.get('files', exhibitId);
    if (!file) throw new Error(`No file ${exhibitId}`);
    return file.bytes;
  }

  /** Removes a dispute with its later rounds and their files. */
  async remove(id: string): Promise<void> {
    const tx = this.db.transaction(['disputes', 'files'], 'readwrite');
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
   * others are kept. Either all of it is written or nothing is.
   */
  async importBackup(backup: Backup): Promise<number> {
    const files = backup.exhibits.map((exhibit) => ({
      id: exhibit.id,
      bytes: fromBase64(exhibit.base64),
    }));
    const tx = this.db.transaction(['disputes', 'files'], 'readwrite');
    await Promise.all([
      ...files.map((file) => tx.objectStore('files').put(file)),
      ...backup.disputes.map((dispute) => tx.objectStore('disputes').put(dispute)),
      tx.done,
    ]);
    announceChange();
    return backup.disputes.length;
  }
}
