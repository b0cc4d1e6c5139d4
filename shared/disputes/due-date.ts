import { addDays, type IsoDate } from '../letters/dates';
import type { Dispute } from './model';

/** 15 U.S.C. §1681i(a)(1)(A): 30 days from the bureau's receipt of the dispute. */
export const REINVESTIGATION_DAYS = 30;
/**
 * 45 days when the consumer sends more information during the 30 days (§1681i(a)(1)(B)) or
 * disputes after a free annual report (§1681j(a)(3)).
 */
export const EXTENDED_REINVESTIGATION_DAYS = 45;
/** §1681i(a)(7): the method of verification within 15 days of the request. */
export const METHOD_OF_VERIFICATION_DAYS = 15;
/** Allowance for certified mail to arrive, used until the return receipt gives the real date. */
export const MAIL_DELIVERY_ALLOWANCE_DAYS = 5;

type ClockFields = Pick<
  Dispute,
  'letterKind' | 'recipient' | 'followsFreeAnnualReport' | 'sentMoreInformation'
>;

/**
 * Days the recipient has to answer, counted from delivery; null for letters the law sets no
 * answer period for (a statement of dispute is added to the file; a no-response follow-up
 * demands what was already due). Weekends and holidays count like any day.
 */
export function responseWindowDays(dispute: ClockFields): number | null {
  switch (dispute.letterKind) {
    case 'method-of-verification':
      return METHOD_OF_VERIFICATION_DAYS;
    case 'statement-of-dispute':
    case 'no-response':
      return null;
    default: {
      const annualReport = dispute.recipient.kind === 'bureau' && dispute.followsFreeAnnualReport;
      return annualReport || dispute.sentMoreInformation
        ? EXTENDED_REINVESTIGATION_DAYS
        : REINVESTIGATION_DAYS;
    }
  }
}

export interface DueDate {
  dueOn: IsoDate;
  /** Delivery: the return-receipt date, or mailing + 5 days until it is known. */
  deliveredOn: IsoDate;
  deliveryIsEstimate: boolean;
  days: number;
}

/** When the answer is due, or null before mailing and for letters without an answer period. */
export function dueDate(
  dispute: ClockFields & Pick<Dispute, 'mailedOn' | 'deliveredOn'>,
): DueDate | null {
  const days = responseWindowDays(dispute);
  if (!dispute.mailedOn || days === null) return null;
  const deliveryIsEstimate = !dispute.deliveredOn;
  const deliveredOn =
    dispute.deliveredOn || addDays(dispute.mailedOn, MAIL_DELIVERY_ALLOWANCE_DAYS);
  return { dueOn: addDays(deliveredOn, days), deliveredOn, deliveryIsEstimate, days };
}
