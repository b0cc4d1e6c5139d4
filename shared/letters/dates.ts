const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days a bureau has to finish a reinvestigation after it receives the dispute (15 U.S.C. §1681i(a)(1)). */
export const REINVESTIGATION_DAYS = 30;
/** When the dispute follows a free annual file disclosure (15 U.S.C. §1681j(a)(3)). */
export const FREE_ANNUAL_REPORT_REINVESTIGATION_DAYS = 45;
/** Allowance for certified mail to arrive, used until the return receipt gives the real date. */
export const MAIL_DELIVERY_ALLOWANCE_DAYS = 5;

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar date of `date`, e.g. "November 22, 2026". */
export function formatLongUsDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The local calendar date of `date` as `YYYY-MM-DD`. */
export function toIsoDate(date: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parseIsoDate(iso: IsoDate): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(iso);
  const [year, month, day] = match ? [match[1], match[2], match[3]].map(Number) : [];
  if (year === undefined || month === undefined || day === undefined)
    throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    throw new RangeError(`Not a calendar date: ${iso}`);
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  try {
    parseIsoDate(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  const { year, month, day } = parseIsoDate(iso);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** "2026-11-22" → "November 22, 2026". */
export function formatIsoLong(iso: IsoDate): string {
  const { year, month, day } = parseIsoDate(iso);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
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
