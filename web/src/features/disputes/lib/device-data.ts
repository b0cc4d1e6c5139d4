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

/** Whether this browser holds disputes of this account. */
export async function hasDisputesOnDevice(userId: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === databaseName(userId));
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
