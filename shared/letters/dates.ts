import {
  addDays as addDaysToDate,
  addMonths as addMonthsToDate,
  addYears as addYearsToDate,
  differenceInCalendarMonths,
  format,
  isValid,
  parse,
  parseISO,
} from 'date-fns';

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_FORMAT = 'yyyy-MM-dd';
const LONG_US_FORMAT = 'MMMM d, yyyy';
const MONTH_YEAR_FORMAT = 'MMMM yyyy';

/** The local calendar date of `date`, e.g. "November 22, 2026". */
export function formatLongUsDate(date: Date): string {
  return format(date, LONG_US_FORMAT);
}

/** The local calendar date of `date` as `YYYY-MM-DD`. */
export function toIsoDate(date: Date): IsoDate {
  return format(date, ISO_FORMAT);
}

// A checkup asks about the same few dates hundreds of times: each answer is kept. parseISO
// checks the calendar (no February 30) at a third of the cost of isMatch, which reads its
// format anew each call (9 ms of a checkup step's first render). Year 0000 is refused, as
// isMatch refused it.
const checkedDates = new Map<string, boolean>();

export function isIsoDate(value: string): boolean {
  let known = checkedDates.get(value);
  if (known === undefined) {
    known = /^(?!0000)\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));
    if (checkedDates.size < 10_000) checkedDates.set(value, known);
  }
  return known;
}

/** Local midnight of a `YYYY-MM-DD` date; RangeError when it is not a calendar date. */
export function parseIsoDate(iso: IsoDate): Date {
  if (!isIsoDate(iso)) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${iso}`);
  // A date-only ISO string is local midnight to parseISO (unlike new Date()).
  return parseISO(iso);
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return toIsoDate(addDaysToDate(parseIsoDate(iso), days));
}

/** Whole years later; February 29 becomes February 28 in a common year. */
export function addYears(iso: IsoDate, years: number): IsoDate {
  return toIsoDate(addYearsToDate(parseIsoDate(iso), years));
}

/** Whole months later; a day the month lacks becomes its last (January 31 + 1 → February 28). */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  return toIsoDate(addMonthsToDate(parseIsoDate(iso), months));
}

/** Calendar months from `from` to `to` ("2026-11-26" to "2027-01-02": 2; earlier: negative). */
export function calendarMonthsBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarMonths(parseIsoDate(to), parseIsoDate(from));
}

/** A month as people write it ("March 2025"), whole months later; RangeError if it is not one. */
export function addMonthsToMonthName(month: string, months: number): string {
  const first = parse(month, MONTH_YEAR_FORMAT, new Date(2000, 0, 1));
  if (Number.isNaN(first.getTime())) throw new RangeError(`Not a month and year: ${month}`);
  return format(addMonthsToDate(first, months), MONTH_YEAR_FORMAT);
}

/**
 * Orders ISO dates and timestamps (`YYYY-MM-DD…`), earliest first. Their text order is their time
 * order, so no collation is needed: `localeCompare` would load ICU's collator (about 40 ms of a
 * throttled phone's first render).
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** "2026-12-01" → "December 1": for a date within weeks of today. */
export function formatIsoMonthDay(iso: IsoDate): string {
  return format(parseIsoDate(iso), 'MMMM d');
}

/** "2026-11-22" → "November 22, 2026". */
export function formatIsoLong(iso: IsoDate): string {
  return formatLongUsDate(parseIsoDate(iso));
}
