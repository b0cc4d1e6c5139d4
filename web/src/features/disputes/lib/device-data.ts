import { openDB } from 'idb';

/**
 * What My Disputes keeps on this device, without loading the store itself: small enough for the
 * app shell (header count, sign-out).
 */

/** One database per account: nothing of one user is ever read while another is signed in. */
export function databaseName(userId: string): string {
  return `credit-dispute-letters:my-disputes:${userId}`;
}

/** Fired on `window` after every change, so the header's overdue count follows. */
export const DISPUTES_CHANGED = 'credit-dispute-letters:disputes-changed';

export function announceChange(): void {
  window.dispatchEvent(new Event(DISPUTES_CHANGED));
}

/** How many disputes this account's database holds, without creating it when there is none. */
async function countDisputes(userId: string): Promise<number> {
  let db;
  try {
    db = await openDB(databaseName(userId), undefined, {
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
      if (!databases.some((database) => database.name === databaseName(userId))) return false;
    }
    return (await countDisputes(userId)) > 0;
  } catch {
    return false;
  }
}

/** "Delete all my data": removes this account's database (connections close themselves). */
export function deleteDisputesOnDevice(userId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(databaseName(userId));
    request.onsuccess = () => {
      announceChange();
      resolve();
    };
    request.onerror = () => reject(request.error ?? new Error('The data could not be deleted'));
  });
}
