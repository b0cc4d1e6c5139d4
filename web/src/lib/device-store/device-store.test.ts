import 'fake-indexeddb/auto';
import { emptyCheckup } from '@shared/checkup';
import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { createFakeSupabase, makeSession, makeUser } from '@/testing/fake-supabase';
import {
  deleteAllMyData,
  DisputeStore,
  exportBackup,
  forgetThisDevice,
  hasDeviceData,
  importBackup,
  loadCheckup,
  loadDetails,
  loadDraft,
  newId,
  saveCheckup,
  saveDetails,
  saveDraft,
  ServerCopiesNotDeletedError,
  STORAGE_KEYS,
  switchReminders,
  remindersSwitchedOn,
} from '.';

vi.mock('@/lib/supabase');

/** The requests "Delete all my data" makes to our server, answered with `status` each. */
let serverCalls: string[] = [];
function answerServer(status: (url: string) => number | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      serverCalls.push(`${init?.method ?? 'GET'} ${url}`);
      const answer = status(url);
      if (answer instanceof Error) throw answer;
      return new Response(answer === 204 ? null : '{}', { status: answer });
    }),
  );
}

beforeEach(() => {
  serverCalls = [];
  const fake = createFakeSupabase({ session: makeSession(makeUser({ id: 'bob' })) });
  vi.mocked(getSupabase).mockResolvedValue(fake.client);
  answerServer(() => 204);
});

afterEach(async () => {
  await forgetThisDevice('alice');
  await forgetThisDevice('bob');
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the device store', () => {
  it('makes ids without crypto.randomUUID (missing on plain HTTP)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = new Set(Array.from({ length: 100 }, newId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('keeps the draft per account in localStorage (every tab, after a restart), not per tab', () => {
    saveDraft('alice', { bureau: 'experian', items: [{ accountName: 'ACME' }], enclosures: [] });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.draft('alice'))).toContain('ACME');
    expect(loadDraft('alice')?.bureau).toBe('experian');
    expect(loadDraft('bob')).toBeNull();
  });

  it('reads stored records with their schema: a malformed one is not used', () => {
    localStorage.setItem(
      STORAGE_KEYS.details('alice'),
      JSON.stringify({ name: 7, address: ['x'] }),
    );
    expect(loadDetails('alice')).toEqual({
      name: undefined,
      address: '',
      phone: '',
      email: '',
      previousAddress: '',
    });
    localStorage.setItem(STORAGE_KEYS.draft('alice'), JSON.stringify('not a draft'));
    expect(loadDraft('alice')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.checkup('alice'), '{broken');
    expect(loadCheckup('alice')).toBeNull();
  });

  it('exports and imports the disputes with the checkup in one backup', async () => {
    const store = await DisputeStore.open('alice');
    await store.put(sampleDispute());
    saveCheckup('alice', { ...emptyCheckup(), lastStep: 'inquiries' });
    const backup = await exportBackup(store, new Date('2026-11-01T00:00:00Z'));
    store.close();
    expect(backup.checkup?.lastStep).toBe('inquiries');

    await forgetThisDevice('alice');
    const again = await DisputeStore.open('alice');
    expect(await importBackup(again, backup)).toBe(1);
    expect(await again.list()).toEqual([sampleDispute()]);
    again.close();
    expect(loadCheckup('alice')?.lastStep).toBe('inquiries');
  });

  it("forgets this device's records of one account only; Delete all my data too", async () => {
    for (const user of ['alice', 'bob']) {
      saveDetails(user, { name: user });
      saveDraft(user, { bureau: 'equifax', items: [] });
      const store = await DisputeStore.open(user);
      await store.put(sampleDispute());
      store.close();
    }
    await forgetThisDevice('alice');
    expect(await hasDeviceData('alice')).toBe(false);
    expect(loadDraft('alice')).toBeNull();
    expect(await hasDeviceData('bob')).toBe(true);
    await deleteAllMyData('bob');
    expect(await hasDeviceData('bob')).toBe(false);
    expect(loadDetails('bob').name).toBeUndefined();
  });

  it('Delete all my data deletes the server copies too, with sync off here: the synced copy and the reminders', async () => {
    saveDetails('bob', { name: 'Bob' });
    switchReminders('bob', true);
    const store = await DisputeStore.open('bob');
    await store.put(sampleDispute());
    store.close();
    await deleteAllMyData('bob');
    expect(serverCalls.sort()).toEqual([
      'DELETE http://api.test/functions/v1/reminders',
      'DELETE http://api.test/functions/v1/sync/records',
    ]);
    expect(await hasDeviceData('bob')).toBe(false);
    expect(remindersSwitchedOn('bob')).toBe(false);
  });

  it('deletes nothing here when the server does not confirm deleting its copies, and says so', async () => {
    saveDetails('bob', { name: 'Bob' });
    switchReminders('bob', true);
    const store = await DisputeStore.open('bob');
    await store.put(sampleDispute());
    store.close();
    for (const answer of [
      (url: string) => (url.includes('/sync/') ? 503 : 200),
      (url: string) => (url.includes('/reminders') ? new TypeError('Failed to fetch') : 204),
    ]) {
      answerServer(answer);
      await expect(deleteAllMyData('bob')).rejects.toBeInstanceOf(ServerCopiesNotDeletedError);
      expect(await hasDeviceData('bob')).toBe(true);
      expect(loadDetails('bob').name).toBe('Bob');
      expect(remindersSwitchedOn('bob')).toBe(true);
    }
  });
});
