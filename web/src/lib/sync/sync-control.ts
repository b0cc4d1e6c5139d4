import { DisputeStore } from '../device-store/disputes-db';

/** The sync state entry that says sync is on for the account on this device (and holds its key). */
export const SYNC_SETTINGS_ID = 'settings';

/** Deletes the account's synced copy on our server when sync is on here; nothing otherwise. */
export async function deleteServerCopy(userId: string): Promise<void> {
  const store = await DisputeStore.open(userId);
  try {
    if (!(await store.getSyncState(SYNC_SETTINGS_ID))) return;
    const { syncApi } = await import('./sync-api');
    await syncApi().deleteAll();
    await store.clearSyncState();
  } finally {
    store.close();
  }
}
