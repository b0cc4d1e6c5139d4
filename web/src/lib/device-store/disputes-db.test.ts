import 'fake-indexeddb/auto';
import { parseBackup } from '@shared/disputes';
import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DisputeStore,
  deleteDisputesDatabase as deleteAllData,
  hasDisputesOnDevice,
} from './disputes-db';
import { DATA_CHANGED as DISPUTES_CHANGED, STORAGE_KEYS } from './keys';

const png = { id: 'x1', exhibit: 1, name: 'statement.png', type: 'image/png', size: 3 } as const;
const open: DisputeStore[] = [];

async function storeFor(userId: string) {
  const store = await DisputeStore.open(userId);
  open.push(store);
  return store;
}

afterEach(async () => {
  for (const store of open.splice(0)) store.close();
  for (const user of ['alice', 'bob']) await deleteAllData(user);
  localStorage.clear();
});

describe('hasDisputesOnDevice', () => {
  it('counts in the database itself where indexedDB.databases() is missing (Firefox < 126)', async () => {
    Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
    try {
      expect(await hasDisputesOnDevice('alice')).toBe(false);
      const alice = await storeFor('alice');
      await alice.put(sampleDispute());
      expect(await hasDisputesOnDevice('alice')).toBe(true);
      expect(await hasDisputesOnDevice('bob')).toBe(false);
    } finally {
      delete (indexedDB as { databases?: unknown }).databases;
    }
    // Looking did not create a database for an account that had none.
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([
      STORAGE_KEYS.database('alice'),
    ]);
  });
});

describe('DisputeStore', () => {
  it("keeps each account's disputes apart", async () => {
    const alice = await storeFor('alice');
    await alice.put(sampleDispute());
    const bob = await storeFor('bob');
    expect(await bob.list()).toEqual([]);
    expect(await alice.list()).toEqual([sampleDispute()]);
    expect(STORAGE_KEYS.database('alice')).not.toBe(STORAGE_KEYS.database('bob'));
    expect(await hasDisputesOnDevice('alice')).toBe(true);
    await deleteAllData('alice');
    expect(await hasDisputesOnDevice('alice')).toBe(false);
  });

  it('stores exhibits with their dispute and removes a dispute with its later rounds', async () => {
    const store = await storeFor('alice');
    let changes = 0;
    const count = () => changes++;
    window.addEventListener(DISPUTES_CHANGED, count);
    await store.put(sampleDispute());
    await store.put(sampleDispute({ id: 'd2', parentId: 'd1', round: 2 }));
    await store.put(sampleDispute({ id: 'd3', parentId: 'd2', round: 3 }));
    await store.put(sampleDispute({ id: 'other' }));
    const withFile = await store.addExhibit('d2', png, new Uint8Array([1, 2, 3]).buffer);
    expect(withFile.exhibits).toEqual([png]);
    expect(new Uint8Array(await store.exhibitBytes('x1'))).toEqual(new Uint8Array([1, 2, 3]));

    await store.remove('d1');
    expect((await store.list()).map((dispute) => dispute.id)).toEqual(['other']);
    await expect(store.exhibitBytes('x1')).rejects.toThrow();
    window.removeEventListener(DISPUTES_CHANGED, count);
    expect(changes).toBe(6);
  });

  it('exports a backup, deletes everything, and imports it back whole', async () => {
    const store = await storeFor('alice');
    await store.put(sampleDispute());
    await store.addExhibit('d1', png, new Uint8Array([1, 2, 3]).buffer);
    const backup = await store.exportBackup(new Date('2026-12-20T10:00:00Z'));
    const text = JSON.stringify(backup);
    store.close();

    await deleteAllData('alice');
    const fresh = await storeFor('alice');
    expect(await fresh.list()).toEqual([]);

    const parsed = parseBackup(text, 'alice');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(await fresh.importBackup(parsed.backup)).toBe(1);
    expect(await fresh.list()).toEqual([sampleDispute({ exhibits: [png] })]);
    expect(new Uint8Array(await fresh.exhibitBytes('x1'))).toEqual(new Uint8Array([1, 2, 3]));
    expect(parseBackup(text, 'bob').ok).toBe(false);
  });

  it('skips a stored record that is not a dispute', async () => {
    const store = await storeFor('alice');
    await store.put({ ...sampleDispute(), round: 0 });
    await store.put(sampleDispute({ id: 'good' }));
    expect((await store.list()).map((dispute) => dispute.id)).toEqual(['good']);
  });
});
