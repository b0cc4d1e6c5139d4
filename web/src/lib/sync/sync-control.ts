import { recipientName } from '@shared/disputes';
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
  /** `limit` is the server's 413 message, naming the limit. */
  notSynced: (names: string[], limit: string) =>
    `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not synced. ${limit}.`,
  keptHere: 'It stays in this browser, and the rest of your data is synced.',
} as const;

/** What the user calls a record the server refused: the file's name, or what it holds. */
async function nameOf(store: DisputeStore, id: string): Promise<string> {
  if (id === 'details') return 'Your details';
  if (id === 'checkup') return 'Your report checkup';
  const disputes = await store.list();
  if (id.startsWith('x-')) {
    const exhibit = disputes
      .flatMap((dispute) => dispute.exhibits)
      .find((each) => each.id === id.slice(2));
    if (exhibit) return `"${exhibit.name}"`;
  }
  const dispute = disputes.find((each) => each.id === id.slice(2));
  return dispute ? `Your dispute with ${recipientName(dispute.recipient)}` : 'A record';
}

/** One warning naming each refused record and its limit. */
async function refusedWarning(
  store: DisputeStore,
  refused: { id: string; limit: string }[],
): Promise<string> {
  const byLimit = new Map<string, string[]>();
  for (const { id, limit } of new Map(refused.map((each) => [each.id, each])).values())
    byLimit.set(limit, [...(byLimit.get(limit) ?? []), await nameOf(store, id)]);
  const sentences = [...byLimit].map(([limit, names]) => SYNC_MESSAGES.notSynced(names, limit));
  return sentences.length ? `${sentences.join(' ')} ${SYNC_MESSAGES.keptHere}` : '';
}

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
    const second = first.retry ? await syncOnce(store, key, api) : undefined;
    const passes = second ? [first, second] : [first];
    const tampered = new Set(passes.flatMap((pass) => pass.tampered)).size;
    const warning = [
      tampered ? SYNC_MESSAGES.tampered(tampered) : '',
      // The last pass knows which records are still refused.
      await refusedWarning(store, (second ?? first).refused),
    ]
      .filter(Boolean)
      .join(' ');
    const sum = (field: 'pulled' | 'pushed' | 'deleted') =>
      passes.reduce((total, pass) => total + pass[field], 0);
    return {
      pulled: sum('pulled'),
      pushed: sum('pushed'),
      deleted: sum('deleted'),
      ...(warning ? { warning } : {}),
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
