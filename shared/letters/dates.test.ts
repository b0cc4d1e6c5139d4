import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToMonthName,
  calendarMonthsBetween,
  compareIso,
  formatIsoLong,
  isIsoDate,
  toIsoDate,
} from './dates';

describe('dates', () => {
  it('adds days across months, leap days and DST changes', () => {
    expect(addDays('2026-11-22', 30)).toBe('2026-12-22');
    expect(addDays('2028-02-10', 20)).toBe('2028-03-01');
    expect(addDays('2027-02-10', 20)).toBe('2027-03-02');
    expect(addDays('2026-03-01', 30)).toBe('2026-03-31');
  });

  it('adds whole months, a missing day becoming the month’s last', () => {
    expect(addMonths('2026-11-26', 2)).toBe('2027-01-26');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-11-26', -12)).toBe('2025-11-26');
    expect(calendarMonthsBetween('2026-11-26', '2027-01-02')).toBe(2);
    expect(calendarMonthsBetween('2026-11-26', '2026-11-01')).toBe(0);
    expect(calendarMonthsBetween('2026-11-26', '2026-10-31')).toBe(-1);
    expect(addMonthsToMonthName('March 2025', 11)).toBe('February 2026');
    expect(() => addMonthsToMonthName('Marc 2025', 1)).toThrow(RangeError);
  });

  it('formats and validates calendar dates', () => {
    expect(formatIsoLong('2026-12-22')).toBe('December 22, 2026');
    expect(toIsoDate(new Date(2026, 0, 9))).toBe('2026-01-09');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('22/11/2026')).toBe(false);
    for (const notADate of ['2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01'])
      expect(isIsoDate(notADate), notADate).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(true);
  });
});

describe('compareIso', () => {
  it('orders ISO dates and timestamps in time order, earliest first', () => {
    const dates = ['2026-11-02', '2025-12-31', '2026-01-15', '2026-11-02'];
    expect([...dates].sort(compareIso)).toEqual([
      '2025-12-31',
      '2026-01-15',
      '2026-11-02',
      '2026-11-02',
    ]);
    expect(compareIso('2026-11-26T09:00:00.000Z', '2026-11-26T10:00:00.000Z')).toBe(-1);
    expect(compareIso('2026-11-26', '2026-11-26')).toBe(0);
    expect(compareIso('9999', '2026-11-26')).toBe(1);
  });
});
