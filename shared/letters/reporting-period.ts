import { addDays, addYears, type IsoDate } from './dates';
import type { BureauStatuteId } from './statutes';

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
}

const COLLECTION: readonly BureauStatuteId[] = ['1681c(a)(4)', '1681c(c)(1)'];

export const ITEM_TYPES: Readonly<Record<ItemTypeId, ItemType>> = {
  collection: {
    id: 'collection',
    label: 'Collection',
    startsWith: 'delinquency',
    citations: COLLECTION,
  },
  'charge-off': {
    id: 'charge-off',
    label: 'Charge-off',
    startsWith: 'delinquency',
    citations: COLLECTION,
  },
  'late-payment': {
    id: 'late-payment',
    label: 'Late payment',
    startsWith: 'delinquency',
    citations: ['1681c(a)(5)'],
  },
  'chapter-7': {
    id: 'chapter-7',
    label: 'Chapter 7 bankruptcy',
    startsWith: 'filing',
    citations: ['1681c(a)(1)'],
  },
  'chapter-13': {
    id: 'chapter-13',
    label: 'Chapter 13 bankruptcy',
    startsWith: 'filing',
    citations: ['1681c(a)(1)'],
  },
  other: { id: 'other', label: 'Other', startsWith: 'delinquency', citations: ['1681c(a)(5)'] },
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
  /** Chapter 13: removed after 7 years by the bureaus' policy, though the law allows 10. */
  byBureauPolicy: boolean;
}

/**
 * When an adverse item stops being reportable under 15 U.S.C. §1681c:
 * - collections and charge-offs: 7 years from the end of the 180 days after the delinquency that
 *   led to them began (§1681c(a)(4), (c)(1));
 * - a late payment: 7 years from the late payment (§1681c(a)(5));
 * - any other negative item: counted as a collection, 7 years after the 180 days, so that the
 *   date is never earlier than the law allows (§1681c(a)(5));
 * - Chapter 7: 10 years from filing (§1681c(a)(1));
 * - Chapter 13: the law allows 10 years (§1681c(a)(1)); the three bureaus remove it 7 years
 *   after filing by their own policy, and the letter says so.
 */
export function reportingPeriod(itemType: ItemTypeId, startsOn: IsoDate): ReportingPeriod {
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
      return {
        ...base,
        reportableUntil: addYears(startsOn, 7),
        rule: '7 years from the late payment',
      };
    case 'other':
      return {
        ...base,
        reportableUntil: addYears(addDays(startsOn, DELINQUENCY_GRACE_DAYS), 7),
        rule: '7 years, counted from 180 days after the delinquency began',
      };
    case 'chapter-7':
      return {
        ...base,
        reportableUntil: addYears(startsOn, 10),
        rule: '10 years from the date it was filed',
      };
    case 'chapter-13':
      return {
        ...base,
        reportableUntil: addYears(startsOn, 7),
        rule: 'the law allows 10 years, but the credit bureaus’ own policy is to remove a Chapter 13 bankruptcy 7 years after it was filed',
        byBureauPolicy: true,
      };
  }
}

/** True once the letter's date is past the last reportable day. */
export function isObsolete(period: ReportingPeriod, today: IsoDate): boolean {
  return today > period.reportableUntil;
}
