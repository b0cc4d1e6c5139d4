import 'fake-indexeddb/auto';
import { LIMITS, parseDispute } from '@shared/disputes';
import { afterEach, describe, expect, it } from 'vitest';
import { DisputeStore } from '@/lib/device-store';
import { deleteDisputesDatabase as deleteDisputesOnDevice } from '@/lib/device-store/disputes-db';
import { disputeFromMailedLetter, recordMailedLetter } from './record-mailed-letter';

afterEach(() => deleteDisputesOnDevice('user-1'));

const letter = {
  recipient: {
    kind: 'furnisher' as const,
    name: 'Midland Credit',
    address: 'P.O. Box 1\nSan Diego, CA',
  },
  items: [{ accountName: 'A'.repeat(500), accountNumber: '4321', details: 'Not mine.' }],
  letterText: 'Jane Q. Public\n...',
  sender: { name: 'Jane Q. Public', address: '12 Elm Street', phone: '', email: '' },
  mailedOn: '2026-11-02',
  trackingNumber: '  9407 1118 9922 3197 4284 90  ',
  followsFreeAnnualReport: true,
};

describe('recordMailedLetter', () => {
  it('makes a Round 1 dispute that a stored record may hold (long fields cut to the limits)', () => {
    const dispute = disputeFromMailedLetter(letter, new Date('2026-11-02T12:00:00Z'));
    expect(dispute).toMatchObject({
      round: 1,
      letterKind: 'direct-dispute',
      trackingNumber: '9407 1118 9922 3197 4284 90',
      // §1681j(a)(3) is about bureaus.
      followsFreeAnnualReport: false,
    });
    expect(dispute.items[0]!.accountName).toHaveLength(LIMITS.accountName);
    expect(parseDispute(dispute)).not.toBeNull();
  });

  it("stores it in the account's disputes", async () => {
    const recorded = await recordMailedLetter('user-1', letter);
    const store = await DisputeStore.open('user-1');
    expect((await store.list()).map((each) => each.id)).toEqual([recorded.id]);
    store.close();
  });
});
