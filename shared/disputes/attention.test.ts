import { describe, expect, it } from 'vitest';
import { needsUserToday, overdueCount, roundStatus } from './attention';
import { sampleDispute } from './testing/sample-dispute';

// Delivered November 4: the 30-day period ends December 3, so December 5 is overdue.
const round1 = sampleDispute({ deliveredOn: '2026-11-04' });
const silent = sampleDispute({
  deliveredOn: '2026-11-04',
  items: round1.items.map((item) => ({ ...item, outcome: 'no-response' })),
});
const followUp = sampleDispute({
  id: 'd2',
  parentId: 'd1',
  round: 2,
  letterKind: 'no-response',
  mailedOn: undefined,
});
// The results may be in the mail until December 10: the no-response letter can be made from the 11th.
const today = '2026-12-11';

describe('roundStatus', () => {
  it('is Overdue until a follow-up exists, then "Followed up (Round 2)"', () => {
    expect(roundStatus(round1, [round1], today)).toEqual({ status: 'overdue', label: 'Overdue' });
    expect(roundStatus(round1, [round1, followUp], today)).toEqual({
      status: 'overdue',
      followedUpBy: 2,
      label: 'Followed up (Round 2)',
    });
    expect(roundStatus(silent, [silent, followUp], today).label).toBe('Followed up (Round 2)');
  });

  it('leaves a round on time, or answered, as it is', () => {
    expect(roundStatus(round1, [round1, followUp], '2026-12-01').label).toBe('Delivered');
    const answered = sampleDispute({
      items: round1.items.map((item) => ({ ...item, outcome: 'verified' })),
    });
    expect(roundStatus(answered, [answered, followUp], today).label).toBe('Response received');
  });
});

describe('a round waiting for its no-response letter (issue 41)', () => {
  it('says from when, in no alarm, and is not counted until the user can act', () => {
    const early = '2026-12-05';
    expect(roundStatus(round1, [round1], early)).toEqual({
      status: 'overdue',
      waitingUntil: '2026-12-11',
      label: 'Waiting: no-response letter from December 11',
    });
    expect(needsUserToday(roundStatus(round1, [round1], early))).toBe(false);
    expect(overdueCount([round1], early)).toBe(0);
    expect(overdueCount([round1], today)).toBe(1);
    // A method-of-verification request has no no-response letter: overdue is overdue.
    const mov = sampleDispute({ deliveredOn: '2026-11-04', letterKind: 'method-of-verification' });
    expect(overdueCount([mov], '2026-11-25')).toBe(1);
  });
});

describe('overdueCount', () => {
  it('counts only the overdue rounds nobody followed up', () => {
    expect(overdueCount([round1], today)).toBe(1);
    expect(overdueCount([round1, followUp], today)).toBe(0);
    expect(
      overdueCount(
        [silent, followUp, sampleDispute({ id: 'd3', deliveredOn: '2026-11-04' })],
        today,
      ),
    ).toBe(1);
  });
});
