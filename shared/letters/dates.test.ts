import { describe, expect, it } from 'vitest';
import { addDays, formatIsoLong, isIsoDate, responseDue, toIsoDate } from './dates';

describe('dates', () => {
  it('adds days across months, leap days and DST changes', () => {
    expect(addDays('2026-11-22', 30)).toBe('2026-12-22');
    expect(addDays('2028-02-10', 20)).toBe('2028-03-01');
    expect(addDays('2027-02-10', 20)).toBe('2027-03-02');
    expect(addDays('2026-03-01', 30)).toBe('2026-03-31');
  });

  it('formats and validates calendar dates', () => {
    expect(formatIsoLong('2026-12-22')).toBe('December 22, 2026');
    expect(toIsoDate(new Date(2026, 0, 9))).toBe('2026-01-09');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('22/11/2026')).toBe(false);
  });
});

describe('responseDue', () => {
  it('is 30 days after the bureau receives the dispute', () => {
    expect(
      responseDue({
        mailedOn: '2026-11-02',
        receivedOn: '2026-11-06',
        followsFreeAnnualReport: false,
      }),
    ).toEqual({
      dueOn: '2026-12-06',
      receivedOn: '2026-11-06',
      receivedIsEstimate: false,
      days: 30,
    });
  });

  it('is 45 days when the dispute follows a free annual report', () => {
    expect(
      responseDue({
        mailedOn: '2026-11-02',
        receivedOn: '2026-11-06',
        followsFreeAnnualReport: true,
      }).dueOn,
    ).toBe('2026-12-21');
  });

  it('estimates receipt 5 days after mailing until the return receipt date is known', () => {
    expect(responseDue({ mailedOn: '2026-11-02', followsFreeAnnualReport: false })).toEqual({
      dueOn: '2026-12-07',
      receivedOn: '2026-11-07',
      receivedIsEstimate: true,
      days: 30,
    });
  });
});
