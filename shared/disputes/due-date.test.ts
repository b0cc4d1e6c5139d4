import { describe, expect, it } from 'vitest';
import { dueDate, responseWindowDays } from './due-date';
import { disputeStatus, overdueCount } from './status';
import { sampleDispute } from './testing/sample-dispute';

describe('dueDate', () => {
  it('runs 30 days from mailing + 5 days while delivery is unknown', () => {
    expect(dueDate(sampleDispute({ mailedOn: '2026-11-02' }))).toEqual({
      dueOn: '2026-12-07',
      deliveredOn: '2026-11-07',
      deliveryIsEstimate: true,
      days: 30,
    });
  });

  it('runs 30 days from the return-receipt date once it is known', () => {
    expect(dueDate(sampleDispute({ mailedOn: '2026-11-02', deliveredOn: '2026-11-04' }))).toEqual({
      dueOn: '2026-12-04',
      deliveredOn: '2026-11-04',
      deliveryIsEstimate: false,
      days: 30,
    });
  });

  it('gives 45 days after a free annual report or when more information was sent', () => {
    const base = { mailedOn: '2026-11-02', deliveredOn: '2026-11-04' };
    expect(dueDate(sampleDispute({ ...base, followsFreeAnnualReport: true }))?.dueOn).toBe(
      '2026-12-19',
    );
    expect(dueDate(sampleDispute({ ...base, sentMoreInformation: true }))?.days).toBe(45);
    // §1681j(a)(3) is about bureaus: a creditor's direct dispute keeps 30 days.
    const creditor = sampleDispute({
      ...base,
      letterKind: 'direct-dispute',
      recipient: { kind: 'furnisher', name: 'Chase', address: '' },
      followsFreeAnnualReport: true,
    });
    expect(dueDate(creditor)?.days).toBe(30);
  });

  it('gives 15 days for a method-of-verification request', () => {
    const request = sampleDispute({
      letterKind: 'method-of-verification',
      mailedOn: '2026-12-10',
      deliveredOn: '2026-12-14',
      sentMoreInformation: true,
    });
    expect(dueDate(request)).toMatchObject({ dueOn: '2026-12-29', days: 15 });
  });

  it('counts weekends like any day: a due date may fall on a Saturday or Sunday', () => {
    // Delivered Friday 2026-11-06; 30 days later is Sunday 2026-12-06.
    const due = dueDate(sampleDispute({ mailedOn: '2026-11-03', deliveredOn: '2026-11-06' }));
    expect(due?.dueOn).toBe('2026-12-06');
    expect(new Date(`${due?.dueOn}T12:00:00Z`).getUTCDay()).toBe(0);
    // Mailed on a Saturday: the 5-day allowance is plain calendar days too.
    expect(dueDate(sampleDispute({ mailedOn: '2026-11-07' }))?.deliveredOn).toBe('2026-11-12');
  });

  it('has no date before mailing, and none for letters without an answer period', () => {
    expect(dueDate(sampleDispute({ mailedOn: undefined }))).toBeNull();
    expect(responseWindowDays(sampleDispute({ letterKind: 'statement-of-dispute' }))).toBeNull();
    expect(responseWindowDays(sampleDispute({ letterKind: 'no-response' }))).toBeNull();
  });
});

describe('disputeStatus', () => {
  const delivered = { mailedOn: '2026-11-02', deliveredOn: '2026-11-04' };

  it('follows a letter from draft to resolved', () => {
    expect(disputeStatus(sampleDispute({ mailedOn: undefined }), '2026-11-10')).toBe('draft');
    expect(disputeStatus(sampleDispute(), '2026-11-10')).toBe('mailed');
    expect(disputeStatus(sampleDispute(delivered), '2026-11-10')).toBe('delivered');
    expect(disputeStatus(sampleDispute(delivered), '2026-12-04')).toBe('delivered');
    expect(disputeStatus(sampleDispute(delivered), '2026-12-05')).toBe('overdue');
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
    expect(
      overdueCount(
        [silent, sampleDispute({ mailedOn: undefined }), sampleDispute(delivered)],
        '2026-12-05',
      ),
    ).toBe(2);
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
