import { dueDate } from '@shared/disputes';
import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { describe, expect, it } from 'vitest';
import { calendarFileName, dueDateCalendar } from './calendar';

describe('dueDateCalendar', () => {
  it('is an all-day event on the due date (delivered November 4: the 30-day period ends December 3)', () => {
    const dispute = sampleDispute({ deliveredOn: '2026-11-04' });
    const due = dueDate(dispute)!;
    const ics = dueDateCalendar(dispute, due);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toMatch(/DTSTART;VALUE=DATE:20261203\r?\n/);
    expect(ics).toMatch(/DTEND;VALUE=DATE:20261204\r?\n/);
    expect(ics).toContain('SUMMARY:Response due from Experian (Round 1)');
    const unfolded = ics.replace(/\r?\n[ \t]/g, '').replace(/\\([,;])/g, '$1');
    expect(unfolded).toContain('the answer is due by December 3, 2026.');
    // Not on the due date itself: the bureau has 5 business days more to mail its results.
    expect(unfolded).toContain(
      'If no answer has arrived by December 11, 2026, open My Disputes to build the follow-up letter.',
    );
    expect(calendarFileName(dispute, due)).toBe('response-due-experian-2026-12-03.ics');
  });

  it('reminds the user the day before', () => {
    const dispute = sampleDispute({ deliveredOn: '2026-11-04' });
    const ics = dueDateCalendar(dispute, dueDate(dispute)!);
    const alarm = /BEGIN:VALARM\r?\n([\s\S]*?)END:VALARM/.exec(ics)?.[1] ?? '';
    expect(alarm).toMatch(/ACTION:DISPLAY/);
    expect(alarm).toMatch(/TRIGGER:-PT24H\r?\n/);
    expect(alarm).toContain('DESCRIPTION:Response due tomorrow from Experian (Round 1)');
  });

  it('writes no bare CR or LF from a name typed with line breaks', () => {
    const dispute = sampleDispute({
      deliveredOn: '2026-11-04',
      recipient: { kind: 'furnisher', name: 'Acme\rBank\r\nServicing\nDept', address: 'x' },
      items: [{ id: 'i1', accountName: 'Card\r\n1\r2', details: 'Not mine.' }],
    });
    const ics = dueDateCalendar(dispute, dueDate(dispute)!);
    // Every line ends in CRLF; nothing else breaks one.
    expect(ics).not.toMatch(/\r(?!\n)/);
    expect(ics).not.toMatch(/(?<!\r)\n/);
    expect(ics).toContain('SUMMARY:Response due from Acme Bank Servicing Dept (Round 1)');
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain('Card 1 2.');
  });
});
