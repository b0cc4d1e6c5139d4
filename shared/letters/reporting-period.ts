import { addDays, addYears, type IsoDate } from './dates';
import type { BureauStatuteId, FurnisherStatuteId } from './statutes';

export const ITEM_TYPE_IDS = [
  'collection',
  'charge-off',
  'late-payment',
  'chapter-7',
  'chapter-13',
  'other',
] as const;
export type ItemTypeId = (typeof ITEM_TYPE_IDS)[number];

export interface ItemType {
  readonly id: ItemTypeId;
  /** The option in the form's Item Type select. */
  readonly label: string;
  /** Bankruptcies run from the date filed, everything else from the date of first delinquency. */
  readonly startsWith: 'filing' | 'delinquency';
  /** The paragraphs of §1681c that set its reporting period. */
  readonly citations: readonly BureauStatuteId[];
  /**
   * A public record (a bankruptcy): the bureaus take it from court records, not from a creditor,
   * and a direct dispute to a creditor does not cover it (12 CFR 1022.43(b)(1)(iv)).
   */
  readonly publicRecord: boolean;
  /**
   * The creditor's own duty about the date this type's period runs from, cited in a letter to the
   * creditor: §1681s-2(a)(5) covers accounts placed for collection or charged off.
   */
  readonly furnisherCitations: readonly FurnisherStatuteId[];
}

const COLLECTION = {
  startsWith: 'delinquency',
  citations: ['1681c(a)(4)', '1681c(c)(1)'],
  publicRecord: false,
  furnisherCitations: ['1681s-2(a)(5)'],
} as const;
const OTHER_ADVERSE = {
  startsWith: 'delinquency',
  citations: ['1681c(a)(5)'],
  publicRecord: false,
  furnisherCitations: [],
} as const;
const BANKRUPTCY = {
  startsWith: 'filing',
  citations: ['1681c(a)(1)'],
  publicRecord: true,
  furnisherCitations: [],
} as const;

export const ITEM_TYPES: Readonly<Record<ItemTypeId, ItemType>> = {
  collection: { id: 'collection', label: 'Collection', ...COLLECTION },
  'charge-off': { id: 'charge-off', label: 'Charge-off', ...COLLECTION },
  'late-payment': { id: 'late-payment', label: 'Late payment', ...OTHER_ADVERSE },
  'chapter-7': { id: 'chapter-7', label: 'Chapter 7 bankruptcy', ...BANKRUPTCY },
  'chapter-13': { id: 'chapter-13', label: 'Chapter 13 bankruptcy', ...BANKRUPTCY },
  other: { id: 'other', label: 'Other', ...OTHER_ADVERSE },
};

export function isItemTypeId(value: string): value is ItemTypeId {
  return (ITEM_TYPE_IDS as readonly string[]).includes(value);
}

/** Days after the delinquency begins before a collection's or charge-off's 7 years start (§1681c(c)(1)). */
export const DELINQUENCY_GRACE_DAYS = 180;

export interface ReportingPeriod {
  itemType: ItemTypeId;
  /** The date of first delinquency, or the date filed for a bankruptcy. */
  startsOn: IsoDate;
  /** The last day the item may be reported (for Chapter 13: by the bureaus' own policy). */
  reportableUntil: IsoDate;
  /** How the date was counted, in a few plain words for the letter and the form. */
  rule: string;
  /** Chapter 13 with a completed plan: removed after 7 years by the bureaus' policy, though the law allows 10. */
  byBureauPolicy: boolean;
}

export interface PeriodOptions {
  /**
   * Chapter 13: whether the plan was completed. The bureaus' 7-year policy covers a completed plan
   * only: anything but true (not completed, not known) leaves the law's 10 years.
   */
  planCompleted?: boolean | undefined;
}

/**
 * When an adverse item stops being reportable under 15 U.S.C. §1681c:
 * - collections and charge-offs: 7 years from the end of the 180 days after the delinquency that
 *   led to them began (§1681c(a)(4), (c)(1)); the 180 days are (c)(1)'s and apply to these only;
 * - a late payment or any other negative item: 7 years from its date, the date of first
 *   delinquency the form asks for (§1681c(a)(5));
 * - Chapter 7: 10 years from filing (§1681c(a)(1));
 * - Chapter 13: the law allows 10 years (§1681c(a)(1)); the three bureaus remove one whose plan
 *   was completed 7 years after filing by their own policy, and the letter says so.
 */
export function reportingPeriod(
  itemType: ItemTypeId,
  startsOn: IsoDate,
  options: PeriodOptions = {},
): ReportingPeriod {
  const base = { itemType, startsOn, byBureauPolicy: false };
  switch (itemType) {
    case 'collection':
    case 'charge-off':
      return {
        ...base,
        reportableUntil: addYears(addDays(startsOn, DELINQUENCY_GRACE_DAYS), 7),
        rule: '7 years, starting 180 days after the delinquency began',
      };
    case 'late-payment':
    case 'other':
      return {
        ...base,
        reportableUntil: addYears(startsOn, 7),
        rule: '7 years from the date of first delinquency',
      };
    case 'chapter-7':
    case 'chapter-13':
      if (itemType === 'chapter-7' || options.planCompleted !== true)
        return {
          ...base,
          reportableUntil: addYears(startsOn, 10),
          rule: '10 years from the date it was filed',
        };
      return {
        ...base,
        reportableUntil: addYears(startsOn, 7),
        rule: 'the law allows 10 years, but the credit bureaus’ own policy is to remove a Chapter 13 bankruptcy whose plan was completed 7 years after it was filed',
        byBureauPolicy: true,
      };
  }
}

/** True once the letter's date is past the last reportable day. */
export function isObsolete(period: ReportingPeriod, today: IsoDate): boolean {
  return today > period.reportableUntil;
}
