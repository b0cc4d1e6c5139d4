import { describe, expect, it } from 'vitest';
import { dueDate, noResponseFrom, responseWindow } from './due-date';
import { overdueCount } from './attention';
import { disputeStatus } from './status';
import { sampleDispute } from './testing/sample-dispute';

describe('dueDate', () => {
  const A = { basis: '1681i(a)(1)(A)', counting: 'beginning-on-receipt', days: 30 } as const;

  it('runs the 30-day period from mailing + 5 days while delivery is unknown', () => {
    expect(dueDate(sampleDispute({ mailedOn: '2026-11-02' }))).toEqual({
      ...A,
      dueOn: '2026-12-06',
      deliveredOn: '2026-11-07',
      deliveryIsEstimate: true,
    });
  });

  it('§1681i(a)(1)(A): the 30-day period begins on the day of receipt, so delivery November 6 → December 5', () => {
    expect(dueDate(sampleDispute({ mailedOn: '2026-11-03', deliveredOn: '2026-11-06' }))).toEqual({
      ...A,
      dueOn: '2026-12-05',
      deliveredOn: '2026-11-06',
      deliveryIsEstimate: false,
    });
  });

  it('§1681i(a)(1)(B): more information sent extends that period by 15 days → December 20', () => {
    const due = dueDate(
      sampleDispute({
        mailedOn: '2026-11-03',
        deliveredOn: '2026-11-06',
        sentMoreInformation: true,
      }),
    );
    expect(due).toMatchObject({
      dueOn: '2026-12-20',
      days: 45,
      basis: '1681i(a)(1)(B)',
      counting: 'beginning-on-receipt',
    });
  });

  it('§1681j(a)(3): 45 days after receipt of a dispute after a free annual report → December 21', () => {
    const base = { mailedOn: '2026-11-03', deliveredOn: '2026-11-06' };
    expect(dueDate(sampleDispute({ ...base, followsFreeAnnualReport: true }))).toMatchObject({
      dueOn: '2026-12-21',
      days: 45,
      basis: '1681j(a)(3)',
      counting: 'after-receipt',
    });
    // The annual-report rule sets the period even when more information was sent too.
    expect(
      dueDate(sampleDispute({ ...base, followsFreeAnnualReport: true, sentMoreInformation: true }))
        ?.basis,
    ).toBe('1681j(a)(3)');
    // §1681j(a)(3) is about bureaus: a creditor's direct dispute keeps 30 days.
    const creditor = sampleDispute({
      ...base,
      letterKind: 'direct-dispute',
      recipient: { kind: 'furnisher', name: 'Chase', address: '' },
      followsFreeAnnualReport: true,
    });
    expect(dueDate(creditor)).toMatchObject({ days: 30, dueOn: '2026-12-05' });
  });

  it('§1681i(a)(7): a method-of-verification request, 15 days after receipt → November 21', () => {
    const request = sampleDispute({
      letterKind: 'method-of-verification',
      mailedOn: '2026-11-03',
      deliveredOn: '2026-11-06',
      sentMoreInformation: true,
    });
    expect(dueDate(request)).toMatchObject({
      dueOn: '2026-11-21',
      days: 15,
      basis: '1681i(a)(7)',
      counting: 'after-receipt',
    });
  });

  it('counts weekends like any day: a due date may fall on a Saturday or Sunday', () => {
    // Delivered Saturday 2026-11-07; the period's 30th day is Sunday 2026-12-06.
    const due = dueDate(sampleDispute({ mailedOn: '2026-11-03', deliveredOn: '2026-11-07' }));
    expect(due?.dueOn).toBe('2026-12-06');
    expect(new Date(`${due?.dueOn}T12:00:00Z`).getUTCDay()).toBe(0);
    // Mailed on a Saturday: the 5-day allowance is plain calendar days too.
    expect(dueDate(sampleDispute({ mailedOn: '2026-11-07' }))?.deliveredOn).toBe('2026-11-12');
  });

  it('has no date before mailing, and none for letters without an answer period', () => {
    expect(dueDate(sampleDispute({ mailedOn: undefined }))).toBeNull();
    expect(responseWindow(sampleDispute({ letterKind: 'statement-of-dispute' }))).toBeNull();
    expect(responseWindow(sampleDispute({ letterKind: 'no-response' }))).toBeNull();
  });

  it('"No response" opens the day after the due date', () => {
    expect(
      noResponseFrom(sampleDispute({ mailedOn: '2026-11-03', deliveredOn: '2026-11-06' })),
    ).toBe('2026-12-06');
    expect(noResponseFrom(sampleDispute({ mailedOn: undefined }))).toBeNull();
    expect(noResponseFrom(sampleDispute({ letterKind: 'statement-of-dispute' }))).toBeNull();
  });
});

describe('disputeStatus', () => {
  const delivered = { mailedOn: '2026-11-02', deliveredOn: '2026-11-04' };

  it('follows a letter from draft to resolved', () => {
    expect(disputeStatus(sampleDispute({ mailedOn: undefined }), '2026-11-10')).toBe('draft');
    expect(disputeStatus(sampleDispute(), '2026-11-10')).toBe('mailed');
    expect(disputeStatus(sampleDispute(delivered), '2026-11-10')).toBe('delivered');
    expect(disputeStatus(sampleDispute(delivered), '2026-12-03')).toBe('delivered');
    expect(disputeStatus(sampleDispute(delivered), '2026-12-04')).toBe('overdue');
    const answered = sampleDispute({
      ...delivered,
      items: sampleDispute().items.map((item, index) => ({
        ...item,
        outcome: index === 0 ? 'verified' : 'deleted',
      })),
    });
    expect(disputeStatus(answered, '2026-12-20')).toBe('response-received');
    const settled = sampleDispute({
      ...delivered,
      items: sampleDispute().items.map((item) => ({ ...item, outcome: 'corrected' })),
    });
    expect(disputeStatus(settled, '2026-12-20')).toBe('resolved');
    expect(disputeStatus(sampleDispute({ resolvedOn: '2026-12-01' }), '2026-12-20')).toBe(
      'resolved',
    );
  });

  it('stays overdue when the consumer records "No response", and counts overdue letters', () => {
    const silent = sampleDispute({
      ...delivered,
      items: sampleDispute().items.map((item) => ({ ...item, outcome: 'no-response' })),
    });
    expect(disputeStatus(silent, '2026-12-05')).toBe('overdue');
    const all = [silent, sampleDispute({ mailedOn: undefined }), sampleDispute(delivered)];
    // Counted once the no-response letter can be made (December 11); waiting before (issue 41).
    expect(overdueCount(all, '2026-12-11')).toBe(2);
    expect(overdueCount(all, '2026-12-05')).toBe(0);
  });

  it('reopens a resolved item that came back on the report', () => {
    const back = sampleDispute({
      ...delivered,
      items: sampleDispute().items.map((item) => ({
        ...item,
        outcome: 'deleted',
        reappearedOn: '2027-01-10',
      })),
    });
    expect(disputeStatus(back, '2027-01-11')).toBe('response-received');
  });
});
