import { addBusinessDays } from 'date-fns';
import { addDays, parseIsoDate, toIsoDate, type IsoDate } from '../letters/dates';
import type { Dispute } from './model';

/** 15 U.S.C. §1681i(a)(1)(A): the 30-day period beginning on the day the bureau receives the dispute. */
export const REINVESTIGATION_DAYS = 30;
/**
 * 45 days when the consumer sends more information during the 30 days (§1681i(a)(1)(B): the
 * 30-day period extended by at most 15 days) or disputes after a free annual report
 * (§1681j(a)(3): "not later than 45 days after the date on which the request is received").
 */
export const EXTENDED_REINVESTIGATION_DAYS = 45;
/** §1681i(a)(7): the method of verification "not later than 15 days after receiving" the request. */
export const METHOD_OF_VERIFICATION_DAYS = 15;
/** Allowance for certified mail to arrive, used until the return receipt gives the real date. */
export const MAIL_DELIVERY_ALLOWANCE_DAYS = 5;

/** The provision that sets a letter's answer period. */
export type DeadlineBasis = '1681i(a)(1)(A)' | '1681i(a)(1)(B)' | '1681j(a)(3)' | '1681i(a)(7)';

/**
 * How many days, which provision says so, and how it counts them:
 * - "beginning-on-receipt": a period *beginning on* the day of receipt (§1681i(a)(1)(A), extended
 *   by (B)) includes that day, so its last day is receipt + days − 1: delivered November 6, the
 *   30-day period ends December 5 and the 45-day one December 20;
 * - "after-receipt": *N days after* receipt (§1681j(a)(3), §1681i(a)(7)) starts counting the next
 *   day, so the last day is receipt + days: delivered November 6, 45 days after is December 21
 *   and 15 days after is November 21.
 * Weekends and holidays count like any day (the law counts calendar days).
 */
export interface ResponseWindow {
  days: number;
  basis: DeadlineBasis;
  counting: 'beginning-on-receipt' | 'after-receipt';
}

type ClockFields = Pick<
  Dispute,
  'letterKind' | 'recipient' | 'followsFreeAnnualReport' | 'sentMoreInformation'
>;

/**
 * The recipient's answer period, counted from delivery; null for letters the law sets no answer
 * period for (a statement of dispute is added to the file; a no-response follow-up demands what
 * was already due). A creditor's direct dispute has the period a bureau would have
 * (12 CFR 1022.43(e)(3)), so the same rules apply, except the annual-report one (bureaus only).
 */
export function responseWindow(dispute: ClockFields): ResponseWindow | null {
  switch (dispute.letterKind) {
    case 'method-of-verification':
      return { days: METHOD_OF_VERIFICATION_DAYS, basis: '1681i(a)(7)', counting: 'after-receipt' };
    case 'statement-of-dispute':
    case 'no-response':
      return null;
    default:
      if (dispute.recipient.kind === 'bureau' && dispute.followsFreeAnnualReport)
        return {
          days: EXTENDED_REINVESTIGATION_DAYS,
          basis: '1681j(a)(3)',
          counting: 'after-receipt',
        };
      return dispute.sentMoreInformation
        ? {
            days: EXTENDED_REINVESTIGATION_DAYS,
            basis: '1681i(a)(1)(B)',
            counting: 'beginning-on-receipt',
          }
        : { days: REINVESTIGATION_DAYS, basis: '1681i(a)(1)(A)', counting: 'beginning-on-receipt' };
  }
}

export interface DueDate extends ResponseWindow {
  /** The last day the answer is on time. */
  dueOn: IsoDate;
  /** Delivery: the return-receipt date, or mailing + 5 days until it is known. */
  deliveredOn: IsoDate;
  deliveryIsEstimate: boolean;
}

/** When the answer is due, or null before mailing and for letters without an answer period. */
export function dueDate(
  dispute: ClockFields & Pick<Dispute, 'mailedOn' | 'deliveredOn'>,
): DueDate | null {
  const window = responseWindow(dispute);
  if (!dispute.mailedOn || window === null) return null;
  const deliveryIsEstimate = !dispute.deliveredOn;
  const deliveredOn =
    dispute.deliveredOn || addDays(dispute.mailedOn, MAIL_DELIVERY_ALLOWANCE_DAYS);
  const lastDay = window.counting === 'beginning-on-receipt' ? window.days - 1 : window.days;
  return { ...window, dueOn: addDays(deliveredOn, lastDay), deliveredOn, deliveryIsEstimate };
}

/**
 * The first day a "No response" can be recorded and its follow-up built: the day after the due
 * date. Null when the letter has no answer period (or is not mailed).
 */
export function noResponseFrom(
  dispute: ClockFields & Pick<Dispute, 'mailedOn' | 'deliveredOn'>,
): IsoDate | null {
  const due = dueDate(dispute);
  return due ? addDays(due.dueOn, 1) : null;
}

/** §1681i(a)(6)(A): the results are due in writing 5 business days after the reinvestigation ends. */
export const RESULTS_NOTICE_BUSINESS_DAYS = 5;

/**
 * The first day the no-response letter can be built: the day after the due date plus 5 business
 * days, since results mailed on the last day may still be on their way (§1681i(a)(6)(A)).
 * Business days skip Saturdays and Sundays (federal holidays are not counted out). Null when the
 * letter has no answer period (or is not mailed).
 */
export function noResponseLetterFrom(
  dispute: ClockFields & Pick<Dispute, 'mailedOn' | 'deliveredOn'>,
): IsoDate | null {
  const due = dueDate(dispute);
  if (!due) return null;
  const noticeBy = toIsoDate(
    addBusinessDays(parseIsoDate(due.dueOn), RESULTS_NOTICE_BUSINESS_DAYS),
  );
  return addDays(noticeBy, 1);
}

/** Whether "No response" can be recorded today: only once the deadline has passed. */
export function canRecordNoResponse(
  dispute: ClockFields & Pick<Dispute, 'mailedOn' | 'deliveredOn'>,
  today: IsoDate,
): boolean {
  const from = noResponseFrom(dispute);
  return from !== null && today >= from;
}
