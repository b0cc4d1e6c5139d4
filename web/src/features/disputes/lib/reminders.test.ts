import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { noResponseLetterFrom, dueDate } from '@shared/disputes';
import { addDays, toIsoDate } from '@shared/letters';
import { describe, expect, it } from 'vitest';
import { reminderRounds } from './reminders';

const today = toIsoDate(new Date());
const mailed = (id: string, daysAgo: number, overrides = {}) =>
  sampleDispute({ id, mailedOn: addDays(today, -daysAgo), ...overrides });

describe('what the browser sends for reminders', () => {
  it('each open round: its id and dates, nothing about the dispute', () => {
    const bureau = mailed('a1b2c3', 3);
    const creditor = mailed('c4d5e6', 3, {
      recipient: { kind: 'furnisher', name: 'Citibank N.A.', address: '1 Bank Way' },
    });
    const rounds = reminderRounds([bureau, creditor], today);
    expect(rounds).toEqual([
      { id: 'a1b2c3', dueOn: dueDate(bureau)!.dueOn, followUpOn: noResponseLetterFrom(bureau)! },
      // A creditor's dispute has no no-response letter: its due date only.
      { id: 'c4d5e6', dueOn: dueDate(creditor)!.dueOn },
    ]);
    const sent = JSON.stringify(rounds);
    for (const secret of ['experian', 'Experian', 'Chase', 'Citibank', '4321', 'Midland', 'Jane'])
      expect(sent).not.toContain(secret);
  });

  it('leaves out drafts, answered, closed and followed-up rounds, and rounds long past', () => {
    const draft = sampleDispute({ id: 'draft', mailedOn: undefined });
    const answered = mailed('answered', 3, { responseOn: today });
    const closed = mailed('closed', 3, { resolvedOn: today });
    const parent = mailed('parent', 40);
    const child = mailed('child', 1, { parentId: 'parent', round: 2 });
    const old = mailed('old', 200);
    const tooLong = mailed('x'.repeat(65), 3);
    expect(
      reminderRounds([draft, answered, closed, parent, child, old, tooLong], today).map(
        (round) => round.id,
      ),
    ).toEqual(['child']);
  });
});
