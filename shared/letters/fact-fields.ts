// The facts each error type asks for, as the generator and My Disputes' direct dispute show them.
import { ERROR_TYPE_IDS, ERROR_TYPES, type ErrorTypeId } from './error-types';
import {
  DUPLICATE_REMOVE,
  DUPLICATE_REMOVE_IDS,
  PERSONAL_INFO_KIND_IDS,
  PERSONAL_INFO_KINDS,
} from './item-facts';
import type { ItemDraft } from './letter-form';
import { ITEM_TYPE_IDS, ITEM_TYPES } from './reporting-period';

/** The item's text facts an error type asks for (the rest have fields of their own). */
export type TextFactKey = Exclude<
  keyof ItemDraft,
  | 'errorType'
  | 'accountName'
  | 'details'
  | 'accountNumber'
  | 'evidence'
  | 'identityTheft'
  | 'hasIdentityTheftReport'
  | 'accountNumberNotShown'
  | 'soldDebt'
  | 'personalInfoNotMine'
  | 'planCompleted'
>;

export interface FactOption {
  value: string;
  label: string;
}

export interface FactFieldSpec {
  key: TextFactKey;
  label: string;
  type?: 'date' | 'select';
  placeholder?: string;
  suggestions?: readonly string[];
  options?: readonly FactOption[];
  /** Marked required: the letter needs it to say what is true. */
  required?: boolean;
}

const options = <Id extends string>(ids: readonly Id[], labels: Record<Id, { label: string }>) =>
  ids.map((each): FactOption => ({ value: each, label: labels[each].label }));

export const ERROR_TYPE_OPTIONS = options(ERROR_TYPE_IDS, ERROR_TYPES);
export const ITEM_TYPE_OPTIONS = options(ITEM_TYPE_IDS, ITEM_TYPES);

/** The facts each error type asks for (Account Not Mine and Outdated Information have their own). */
export const FACT_FIELDS: Partial<Record<ErrorTypeId, readonly FactFieldSpec[]>> = {
  'incorrect-balance': [
    { key: 'reportedBalance', label: 'Reported Balance', placeholder: 'e.g. $2,400' },
    {
      key: 'correctBalance',
      label: 'Correct balance (may be $0)',
      placeholder: 'e.g. $150, or $0',
      required: true,
    },
  ],
  'duplicate-account': [
    {
      key: 'duplicateOf',
      label: 'Duplicate Of',
      placeholder: 'e.g. Capital One Bank account ending 1234',
      required: true,
    },
    {
      key: 'duplicateRemove',
      label: 'Entry to Remove',
      type: 'select',
      placeholder: 'Select the entry to remove',
      options: options(DUPLICATE_REMOVE_IDS, DUPLICATE_REMOVE),
    },
    {
      key: 'duplicateRemoveLast4',
      label: 'Account Number to Remove (last 4 digits)',
      placeholder: 'e.g. 8765',
    },
  ],
  'incorrect-status': [
    { key: 'reportedStatus', label: 'Reported Status', placeholder: 'e.g. Charged off' },
    {
      key: 'correctStatus',
      label: 'Correct Status',
      placeholder: 'e.g. Paid in full',
      required: true,
    },
  ],
  'incorrect-dates': [
    {
      key: 'whichDate',
      label: 'Which Date',
      suggestions: [
        'Date opened',
        'Date closed',
        'Date of last payment',
        'Date of first delinquency',
      ],
      required: true,
    },
    { key: 'reportedDate', label: 'Reported Date', type: 'date' },
    { key: 'correctDate', label: 'Correct Date', type: 'date', required: true },
  ],
  'incorrect-payment-history': [
    {
      key: 'monthsReportedLate',
      label: 'Months Reported Late',
      placeholder: 'e.g. June and July 2026',
      required: true,
    },
  ],
  'incorrect-personal-info': [
    {
      key: 'personalInfoKind',
      label: 'Information Type',
      type: 'select',
      placeholder: 'Select what is wrong',
      options: options(PERSONAL_INFO_KIND_IDS, PERSONAL_INFO_KINDS),
      required: true,
    },
    {
      key: 'reportedInfo',
      label: 'What You Report',
      placeholder: 'As your report shows it, e.g. 99 Pine Road, Dayton, OH',
      required: true,
    },
  ],
  'unauthorized-inquiry': [
    { key: 'inquiryDate', label: 'Inquiry Date', type: 'date', required: true },
  ],
};

/** Whether a fact is required: as its field says; the entry to remove unless the debt was sold. */
export function factRequired(field: FactFieldSpec, item: ItemDraft): boolean {
  return (
    field.required ??
    ((field.key === 'duplicateRemove' || field.key === 'duplicateRemoveLast4') && !item.soldDebt)
  );
}
