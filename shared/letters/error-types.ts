import type { BureauStatuteId } from './statutes';

export const ERROR_TYPE_IDS = [
  'incorrect-balance',
  'duplicate-account',
  'not-mine',
  'outdated-info',
  'incorrect-status',
  'incorrect-dates',
  'incorrect-payment-history',
  'incorrect-personal-info',
  'unauthorized-inquiry',
] as const;
export type ErrorTypeId = (typeof ERROR_TYPE_IDS)[number];

export interface ErrorType {
  readonly id: ErrorTypeId;
  readonly label: string;
  /** One sentence shown under the Error Type select; the letter uses the user's own facts instead. */
  readonly description: string;
  /** Exactly the product's citations table: the baseline `itemCitations` adapts to the facts. */
  readonly citations: readonly BureauStatuteId[];
}

export const ERROR_TYPES: Readonly<Record<ErrorTypeId, ErrorType>> = {
  'incorrect-balance': {
    id: 'incorrect-balance',
    label: 'Incorrect Balance',
    description: 'The balance reported for this account does not match the amount I actually owe.',
    citations: ['1681i', '1681e(b)'],
  },
  'duplicate-account': {
    id: 'duplicate-account',
    label: 'Duplicate Account',
    description:
      'This account appears more than once in my credit file, which overstates what I owe.',
    citations: ['1681i', '1681e(b)'],
  },
  'not-mine': {
    id: 'not-mine',
    label: 'Account Not Mine',
    description: 'This account does not belong to me; I never opened or authorized it.',
    citations: ['1681i', '1681c', '1681e(b)'],
  },
  'outdated-info': {
    id: 'outdated-info',
    label: 'Outdated Information',
    description:
      'This negative information is older than the period for which the law allows it to be reported.',
    citations: ['1681c', '1681c(a)(4)'],
  },
  'incorrect-status': {
    id: 'incorrect-status',
    label: 'Incorrect Account Status',
    description:
      'The status reported for this account, such as open, closed, paid or charged off, is wrong.',
    citations: ['1681i', '1681e(b)', '1681s-2(b)'],
  },
  'incorrect-dates': {
    id: 'incorrect-dates',
    label: 'Incorrect Dates',
    description:
      'The dates reported for this account, such as the date opened or the date of first delinquency, are wrong.',
    citations: ['1681i', '1681e(b)'],
  },
  'incorrect-payment-history': {
    id: 'incorrect-payment-history',
    label: 'Incorrect Payment History',
    description:
      'Payments on this account are reported as late or missed although I made them on time.',
    citations: ['1681i', '1681e(b)', '1681s-2(b)'],
  },
  'incorrect-personal-info': {
    id: 'incorrect-personal-info',
    label: 'Incorrect Personal Information',
    description:
      'A name, address, employer, date of birth or SSN variation in my file is wrong or not mine.',
    citations: ['1681i', '1681e(b)'],
  },
  'unauthorized-inquiry': {
    id: 'unauthorized-inquiry',
    label: 'Unauthorized Inquiry',
    description: 'A company pulled my report although I never applied for credit with it.',
    citations: ['1681i', '1681e(b)'],
  },
};

/**
 * Types a bureau only can correct: 12 CFR 1022.43(b)(1)(i)-(iii) leave identifying information,
 * employers and inquiries out of direct disputes to a creditor.
 */
export const BUREAU_ONLY_ERROR_TYPES: readonly ErrorTypeId[] = [
  'incorrect-personal-info',
  'unauthorized-inquiry',
];

/** Types with an account behind them: the rest (personal information, inquiries) have no account number. */
export function hasAccount(errorType: string): boolean {
  return !(BUREAU_ONLY_ERROR_TYPES as readonly string[]).includes(errorType);
}

/** Types "This is identity theft" applies to: §1681c-2 blocks accounts, addresses and inquiries alike. */
export const IDENTITY_THEFT_ERROR_TYPES: readonly ErrorTypeId[] = [
  'not-mine',
  'incorrect-personal-info',
  'unauthorized-inquiry',
];

export function isErrorTypeId(value: string): value is ErrorTypeId {
  return (ERROR_TYPE_IDS as readonly string[]).includes(value);
}
