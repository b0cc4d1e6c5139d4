import {
  addDays as addDaysToDate,
  addYears as addYearsToDate,
  format,
  isMatch,
  parse,
} from 'date-fns';

/** Days a bureau has to finish a reinvestigation after it receives the dispute (15 U.S.C. §1681i(a)(1)). */
export const REINVESTIGATION_DAYS = 30;
/** When the dispute follows a free annual file disclosure (15 U.S.C. §1681j(a)(3)). */
export const FREE_ANNUAL_REPORT_REINVESTIGATION_DAYS = 45;
/** Allowance for certified mail to arrive, used until the return receipt gives the real date. */
export const MAIL_DELIVERY_ALLOWANCE_DAYS = 5;

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_FORMAT = 'yyyy-MM-dd';
const LONG_US_FORMAT = 'MMMM d, yyyy';

/** The local calendar date of `date`, e.g. "November 22, 2026". */
export function formatLongUsDate(date: Date): string {
  return format(date, LONG_US_FORMAT);
}

/** The local calendar date of `date` as `YYYY-MM-DD`. */
export function toIsoDate(date: Date): IsoDate {
  return format(date, ISO_FORMAT);
}

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isMatch(value, ISO_FORMAT);
}

/** Local midnight of a `YYYY-MM-DD` date; RangeError when it is not a calendar date. */
export function parseIsoDate(iso: IsoDate): Date {
  if (!isIsoDate(iso)) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${iso}`);
  return parse(iso, ISO_FORMAT, new Date(2000, 0, 1));
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return toIsoDate(addDaysToDate(parseIsoDate(iso), days));
}

/** Whole years later; February 29 becomes February 28 in a common year. */
export function addYears(iso: IsoDate, years: number): IsoDate {
  return toIsoDate(addYearsToDate(parseIsoDate(iso), years));
}

/** "2026-11-22" → "November 22, 2026". */
export function formatIsoLong(iso: IsoDate): string {
  return formatLongUsDate(parseIsoDate(iso));
}

export interface ResponseDueInput {
  mailedOn: IsoDate;
  /** From the return receipt; without it delivery is estimated. */
  receivedOn?: IsoDate | undefined;
  followsFreeAnnualReport: boolean;
}

export interface ResponseDue {
  dueOn: IsoDate;
  receivedOn: IsoDate;
  receivedIsEstimate: boolean;
  days: number;
}

/** The day the bureau's reinvestigation must be finished: 30 days (45 after a free annual report) from receipt. */
export function responseDue(input: ResponseDueInput): ResponseDue {
  const receivedIsEstimate = !input.receivedOn;
  const receivedOn = input.receivedOn || addDays(input.mailedOn, MAIL_DELIVERY_ALLOWANCE_DAYS);
  const days = input.followsFreeAnnualReport
    ? FREE_ANNUAL_REPORT_REINVESTIGATION_DAYS
    : REINVESTIGATION_DAYS;
  return { dueOn: addDays(receivedOn, days), receivedOn, receivedIsEstimate, days };
}
