import type { BureauStatuteId } from './statutes';

export const ERROR_TYPE_IDS = [
  'incorrect-balance',
  'duplicate-account',
  'not-mine',
  'outdated-info',
  'incorrect-status',
  'incorrect-dates',
  'incorrect-payment-history',
] as const;
export type ErrorTypeId = (typeof ERROR_TYPE_IDS)[number];

export type RequestedAction = 'delete' | 'correct';

export interface ErrorType {
  readonly id: ErrorTypeId;
  readonly label: string;
  /** One sentence, in the consumer's voice, saying why the item is wrong. */
  readonly description: string;
  /** Exactly the product's citations table. */
  readonly citations: readonly BureauStatuteId[];
  readonly action: RequestedAction;
  /** The sentence asking for the action. */
  readonly request: string;
}

const CORRECT_REQUEST =
  'Please correct this item so that it is accurate and complete, or delete it if it cannot be verified.';

export const ERROR_TYPES: Readonly<Record<ErrorTypeId, ErrorType>> = {
  'incorrect-balance': {
    id: 'incorrect-balance',
    label: 'Incorrect Balance',
    description: 'The balance reported for this account does not match the amount I actually owe.',
    citations: ['1681i', '1681e(b)'],
    action: 'correct',
    request: CORRECT_REQUEST,
  },
  'duplicate-account': {
    id: 'duplicate-account',
    label: 'Duplicate Account',
    description:
      'This account appears more than once in my credit file, which overstates what I owe.',
    citations: ['1681i', '1681e(b)'],
    action: 'delete',
    request: 'Please delete the duplicate entry from my credit file.',
  },
  'not-mine': {
    id: 'not-mine',
    label: 'Account Not Mine',
    description: 'This account does not belong to me; I never opened or authorized it.',
    citations: ['1681i', '1681c', '1681e(b)'],
    action: 'delete',
    request: 'Please delete this account from my credit file.',
  },
  'outdated-info': {
    id: 'outdated-info',
    label: 'Outdated Information',
    description:
      'This negative information is older than the period for which the law allows it to be reported.',
    citations: ['1681c', '1681c(a)(4)'],
    action: 'delete',
    request: 'Please delete this obsolete information from my credit file.',
  },
  'incorrect-status': {
    id: 'incorrect-status',
    label: 'Incorrect Account Status',
    description:
      'The status reported for this account, such as open, closed, paid or charged off, is wrong.',
    citations: ['1681i', '1681e(b)', '1681s-2(b)'],
    action: 'correct',
    request: CORRECT_REQUEST,
  },
  'incorrect-dates': {
    id: 'incorrect-dates',
    label: 'Incorrect Dates',
    description:
      'The dates reported for this account, such as the date opened or the date of first delinquency, are wrong.',
    citations: ['1681i', '1681e(b)'],
    action: 'correct',
    request: CORRECT_REQUEST,
  },
  'incorrect-payment-history': {
    id: 'incorrect-payment-history',
    label: 'Incorrect Payment History',
    description:
      'Payments on this account are reported as late or missed although I made them on time.',
    citations: ['1681i', '1681e(b)', '1681s-2(b)'],
    action: 'correct',
    request: CORRECT_REQUEST,
  },
};

export function isErrorTypeId(value: string): value is ErrorTypeId {
  return (ERROR_TYPE_IDS as readonly string[]).includes(value);
}
