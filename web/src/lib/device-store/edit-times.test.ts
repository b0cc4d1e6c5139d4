import 'fake-indexeddb/auto';
import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DisputeStore,
  forgetDetails,
  forgetDraft,
  forgetThisDevice,
  localEditTimes,
  saveDetails,
  saveDraft,
} from '.';

/**
 * The device store stamps when each field was edited as it writes the record, by its one clock:
 * sync merges by these times, not by when it noticed a change.
 */
const T1 = Date.parse('2026-11-20T09:00:00Z');
const T2 = Date.parse('2026-11-20T09:05:00Z');
const at = (time: number) => vi.setSystemTime(time);
const draft = { bureau: 'experian', items: [{ accountName: 'Chase' }], enclosures: [] };
const stores: DisputeStore[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  await forgetThisDevice('alice');
  localStorage.clear();
  vi.useRealTimers();
});

describe('edit times', () => {
  it('stamp a draft’s changed fields when it is saved, the others keeping theirs', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(T1);
    saveDraft('alice', draft);
    expect(localEditTimes('alice', 'draft')).toEqual({ bureau: T1, items: T1, enclosures: T1 });
    at(T2);
    saveDraft('alice', { ...draft, bureau: 'equifax' });
    saveDraft('alice', { ...draft, bureau: 'equifax' }); // saved again unchanged: no new edit
    expect(localEditTimes('alice', 'draft')).toEqual({ bureau: T2, items: T1, enclosures: T1 });
    // A synced copy's times are kept as they came, not stamped now.
    saveDraft('alice', { ...draft, items: [] }, { bureau: 7, items: 8 });
    expect(localEditTimes('alice', 'draft')).toEqual({ bureau: 7, items: 8 });
    forgetDraft('alice');
    expect(localEditTimes('alice', 'draft')).toEqual({});
  });

  it('stamp only the details fields a change named and changed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(T1);
    saveDetails('alice', { address: '12 Elm Street', phone: '555-0100' });
    at(T2);
    saveDetails('alice', { phone: '555-0199', address: '12 Elm Street' });
    // The name was never given (the account's shows meanwhile): no edit of it.
    expect(localEditTimes('alice', 'details')).toEqual({
      email: T1,
      previousAddress: T1,
      address: T1,
      phone: T2,
    });
    forgetDetails('alice');
    expect(localEditTimes('alice', 'details')).toEqual({});
  });

  it('stamp a dispute’s changed fields as it is stored, exhibits included', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = await DisputeStore.open('alice');
    stores.push(store);
    at(T1);
    await store.put(sampleDispute());
    const first = (await store.editTimes()).get('d1')!;
    expect(first.mailedOn).toBe(T1);
    at(T2);
    await store.put(sampleDispute({ trackingNumber: '1Z999' }));
    await store.addExhibit(
      'd1',
      { id: 'x1', exhibit: 1, name: 'statement.png', type: 'image/png', size: 3 },
      new ArrayBuffer(3),
    );
    expect((await store.editTimes()).get('d1')).toEqual({
      ...first,
      trackingNumber: T2,
      exhibits: T2,
    });
    await store.put(sampleDispute(), { mailedOn: 1 });
    expect((await store.editTimes()).get('d1')).toEqual({ mailedOn: 1 });
    await store.remove('d1');
    expect((await store.editTimes()).size).toBe(0);
  });
});
