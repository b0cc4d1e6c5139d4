import { DisputeStore, SYNC_SETTINGS_ID } from '../device-store/disputes-db';

/**
 * Turning sync on, opening it on another device, syncing, turning it off. Loaded only when sync
 * is used (this file's callers import it dynamically), with the crypto and the engine after it.
 */

export const SYNC_MESSAGES = {
  shortPassphrase: 'Use a sync passphrase of at least 12 characters',
  passphrasesDiffer: 'The two passphrases are not the same',
  alreadyOn:
    'Sync is already on for this account: enter its passphrase or recovery code to open it here',
  turnedOffElsewhere: 'Sync was turned off on another device. Your data here is kept.',
  tampered: (count: number) =>
    `${count} synced record${count === 1 ? ' was' : 's were'} damaged or changed on the server and not used. Your copy here is kept.`,
} as const;

export const MIN_PASSPHRASE_LENGTH = 12;

async function withStore<T>(userId: string, run: (store: DisputeStore) => Promise<T>): Promise<T> {
  const store = await DisputeStore.open(userId);
  try {
    return await run(store);
  } finally {
    store.close();
  }
}

async function parts() {
  const [api, crypto, engine] = await Promise.all([
    import('./sync-api'),
    import('./sync-crypto'),
    import('./sync-engine'),
  ]);
  return { api: api.syncApi(), SyncApiError: api.SyncApiError, ...crypto, ...engine };
}

/** Asked when the user starts sync here: is it already on for the account (another device)? */
export async function syncIsOnElsewhere(): Promise<boolean> {
  const { api, KEYRING_ID } = await parts();
  return (await api.list()).some((info) => info.id === KEYRING_ID);
}

export interface SyncOutcome {
  pulled: number;
  pushed: number;
  deleted: number;
  /** Shown to the user: damaged records, or sync turned off elsewhere. */
  warning?: string;
  /** Sync is no longer on here (turned off on another device). */
  off?: boolean;
}

/** One sync of this device with the server; null when sync is not on here. */
export async function syncNow(userId: string): Promise<SyncOutcome | null> {
  return withStore(userId, async (store) => {
    const settings = await store.getSyncState(SYNC_SETTINGS_ID);
    const key = settings?.key as CryptoKey | undefined;
    if (!key) return null;
    const { api, syncOnce, KEYRING_ID } = await parts();
    const listing = await api.list();
    if (!listing.some((info) => info.id === KEYRING_ID)) {
      await store.clearSyncState();
      return {
        pulled: 0,
        pushed: 0,
        deleted: 0,
        off: true,
        warning: SYNC_MESSAGES.turnedOffElsewhere,
      };
    }
    const first = await syncOnce(store, key, api, listing);
    // A write another device made meanwhile (409) is read and merged on a second pass.
    const second = first.retry
      ? await syncOnce(store, key, api)
      : { pulled: 0, pushed: 0, deleted: 0, tampered: [] };
    const tampered = new Set([...first.tampered, ...second.tampered]).size;
    return {
      pulled: first.pulled + second.pulled,
      pushed: first.pushed + second.pushed,
      deleted: first.deleted + second.deleted,
      ...(tampered ? { warning: SYNC_MESSAGES.tampered(tampered) } : {}),
    };
  });
}

/**
 * Turns sync on for the account from this device: a new sync key wrapped by the passphrase and by
 * a recovery code, the key ring stored, then everything here synced. Returns the recovery code,
 * shown once.
 */
export async function turnOnSync(userId: string, passphrase: string): Promise<string> {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) throw new Error(SYNC_MESSAGES.shortPassphrase);
  const { api, SyncApiError, createKeyRing, encodeKeyRing, newRecoveryCode, KEYRING_ID } =
    await parts();
  const recoveryCode = newRecoveryCode();
  const { ring, key } = await createKeyRing(passphrase, recoveryCode);
  try {
    await api.put(KEYRING_ID, 0, encodeKeyRing(ring));
  } catch (error) {
    if (error instanceof SyncApiError && error.status === 409)
      throw new Error(SYNC_MESSAGES.alreadyOn);
    throw error;
  }
  await withStore(userId, async (store) => {
    await store.clearSyncState();
    await store.putSyncState({ id: SYNC_SETTINGS_ID, key });
  });
  return recoveryCode;
}

/**
 * Opens the account's synced data on this device with the passphrase or the recovery code.
 * A wrong one throws "That passphrase does not open your data" and changes nothing.
 */
export async function openSyncHere(userId: string, secret: string): Promise<void> {
  const { api, decodeKeyRing, openKeyRing, KEYRING_ID } = await parts();
  const stored = await api.get(KEYRING_ID);
  const ring = stored && decodeKeyRing(stored.bytes);
  if (!ring) throw new Error(SYNC_MESSAGES.turnedOffElsewhere);
  const key = await openKeyRing(ring, secret);
  await withStore(userId, async (store) => {
    await store.clearSyncState();
    await store.putSyncState({ id: SYNC_SETTINGS_ID, key });
  });
}

/** Turns sync off: the server copy is deleted; this device keeps its data. */
export async function turnOffSync(userId: string): Promise<void> {
  const { api } = await parts();
  await api.deleteAll();
  await withStore(userId, (store) => store.clearSyncState());
}

/** Deletes the account's synced copy on our server when sync is on here; nothing otherwise. */
export async function deleteServerCopy(userId: string): Promise<void> {
  await withStore(userId, async (store) => {
    if (!(await store.getSyncState(SYNC_SETTINGS_ID))) return;
    const { api } = await parts();
    await api.deleteAll();
    await store.clearSyncState();
  });
}
