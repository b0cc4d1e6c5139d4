import { isBureauId, type BureauId } from './bureaus';
import { isIsoDate, toIsoDate, type IsoDate } from './dates';
import { isEnclosureId, type EnclosureId } from './enclosures';
import { hasAccount, isErrorTypeId, type ErrorTypeId } from './error-types';
import {
  isDuplicateRemoveId,
  isPersonalInfoKindId,
  PERSONAL_INFO_KINDS,
  type DuplicateRemoveId,
  type PersonalInfoKindId,
} from './item-facts';
import { itemProblems, notifyProblems, senderProblems, type FieldProblem } from './item-rules';
import { isItemTypeId, type ItemTypeId } from './reporting-period';

/** The facts that make a dispute specific; only those of the item's error type are used. */
export interface ItemFacts {
  /** Incorrect Balance. */
  reportedBalance?: string | undefined;
  correctBalance?: string | undefined;
  /** Duplicate Account: the other entry this one repeats. */
  duplicateOf?: string | undefined;
  /** Duplicate Account: which of the two entries the bureau should remove. */
  duplicateRemove?: DuplicateRemoveId | undefined;
  /** Duplicate Account: the last 4 digits of the account number of the entry to remove. */
  duplicateRemoveLast4?: string | undefined;
  /** Duplicate Account: the debt was sold, so the original creditor's entry should show $0 and "transferred or sold". */
  soldDebt?: boolean | undefined;
  /** Incorrect Personal Information: which fact, what the report shows, what is true. */
  personalInfoKind?: PersonalInfoKindId | undefined;
  reportedInfo?: string | undefined;
  correctInfo?: string | undefined;
  /** Incorrect Personal Information: the reported fact was never the consumer's (nothing to correct it to). */
  personalInfoNotMine?: boolean | undefined;
  /** Unauthorized Inquiry: the date the report gives. */
  inquiryDate?: IsoDate | undefined;
  /** Account Not Mine: identity theft (§1681c-2 block) rather than a mixed file. */
  identityTheft?: boolean | undefined;
  /**
   * Identity theft: the consumer has an FTC or police identity theft report to enclose. A report
   * number counts as having one; without either the letter neither mentions nor encloses a report.
   */
  hasIdentityTheftReport?: boolean | undefined;
  identityTheftReportNumber?: string | undefined;
  /** Outdated Information. */
  itemType?: ItemTypeId | undefined;
  dateOfFirstDelinquency?: IsoDate | undefined;
  /** For a bankruptcy, in place of the date of first delinquency. */
  dateFiled?: IsoDate | undefined;
  /** Chapter 13: the plan was completed (the bureaus' 7-year policy covers only that). */
  planCompleted?: boolean | undefined;
  /** Incorrect Account Status. */
  reportedStatus?: string | undefined;
  correctStatus?: string | undefined;
  /** Incorrect Dates: which date, e.g. "Date opened". */
  whichDate?: string | undefined;
  reportedDate?: IsoDate | undefined;
  correctDate?: IsoDate | undefined;
  /** Incorrect Payment History, e.g. "June and July 2026". */
  monthsReportedLate?: string | undefined;
}

export interface DisputedItem extends ItemFacts {
  errorType: ErrorTypeId;
  accountName: string;
  details: string;
  /** As the user gives it; the last 4 digits are enough. */
  accountNumber?: string | undefined;
  /** Ticked when the report shows no account number (in place of one). */
  accountNumberNotShown?: boolean | undefined;
  /** This item's supporting documents, one a line; each becomes a numbered exhibit. */
  evidence?: string | undefined;
}

/** The consumer's own details; a blank name or address becomes a placeholder in the letter. */
export interface SenderDetails {
  name: string;
  /** Street address and city/state/ZIP, one line each. */
  address: string;
  phone: string;
  email: string;
  dateOfBirth: IsoDate | '';
  /** Only ever the last 4 digits; anything else is left out of the letter. */
  ssnLast4: string;
  /** If moved in the last 2 years. */
  previousAddress: string;
  /** The number on the bureau's report. */
  reportNumber: string;
}

/** The first disputed item's fields sit on the form itself; more items follow it. */
export interface LetterForm extends DisputedItem {
  bureau: BureauId;
  /** More disputed items after the first, listed in the same letter. */
  additionalItems?: readonly DisputedItem[] | undefined;
  sender?: Partial<SenderDetails> | undefined;
  enclosures?: readonly EnclosureId[] | undefined;
  /** §1681i(d): the people the consumer designates to be told of a deletion, one a line. */
  notifyRecipients?: string | undefined;
}

type ItemCheckbox =
  | 'identityTheft'
  | 'hasIdentityTheftReport'
  | 'accountNumberNotShown'
  | 'soldDebt'
  | 'personalInfoNotMine'
  | 'planCompleted';

/** One item as the form holds it while the user types: every field a string, selects possibly empty. */
export type ItemDraft = { [K in Exclude<keyof DisputedItem, ItemCheckbox>]-?: string } & {
  [K in ItemCheckbox]: boolean;
};

export interface LetterDraft extends ItemDraft {
  bureau: string;
  additionalItems: readonly ItemDraft[];
  sender?: Partial<SenderDetails> | undefined;
  enclosures?: readonly string[] | undefined;
  notifyRecipients?: string | undefined;
}

export const EMPTY_ITEM_DRAFT: ItemDraft = {
  errorType: '',
  accountName: '',
  details: '',
  accountNumber: '',
  accountNumberNotShown: false,
  evidence: '',
  reportedBalance: '',
  correctBalance: '',
  duplicateOf: '',
  duplicateRemove: '',
  duplicateRemoveLast4: '',
  soldDebt: false,
  personalInfoKind: '',
  reportedInfo: '',
  correctInfo: '',
  personalInfoNotMine: false,
  inquiryDate: '',
  identityTheft: false,
  hasIdentityTheftReport: false,
  identityTheftReportNumber: '',
  itemType: '',
  dateOfFirstDelinquency: '',
  dateFiled: '',
  planCompleted: false,
  reportedStatus: '',
  correctStatus: '',
  whichDate: '',
  reportedDate: '',
  correctDate: '',
  monthsReportedLate: '',
};

/** The spec's required fields, the only ones: the bureau, and each item's type, account name and details. */
export type RequiredItemField = 'errorType' | 'accountName' | 'details';
export type MissingField = 'bureau' | `${number}.${RequiredItemField}`;

/**
 * Missing required fields (`missing`, worded by the form) and the other reasons no letter can be
 * made yet (`problems`, each with its own message: see item-rules.ts).
 */
export type DraftValidation =
  | { ok: true; form: LetterForm }
  | { ok: false; missing: readonly MissingField[]; problems: readonly FieldProblem[] };

function optionalText(value: string): string | undefined {
  return value.trim() || undefined;
}

function optionalDate(value: string): IsoDate | undefined {
  return isIsoDate(value.trim()) ? value.trim() : undefined;
}

function itemFromDraft(draft: ItemDraft, errorType: ErrorTypeId): DisputedItem {
  const personalInfoKind = isPersonalInfoKindId(draft.personalInfoKind)
    ? draft.personalInfoKind
    : undefined;
  const onlyAccounts = hasAccount(errorType);
  return {
    errorType,
    accountName: draft.accountName.trim() || personalInfoName(draft, personalInfoKind),
    details: draft.details.trim(),
    accountNumber: onlyAccounts ? optionalText(draft.accountNumber) : undefined,
    accountNumberNotShown:
      (onlyAccounts && draft.accountNumberNotShown && !draft.accountNumber.trim()) || undefined,
    duplicateRemove: isDuplicateRemoveId(draft.duplicateRemove) ? draft.duplicateRemove : undefined,
    duplicateRemoveLast4: optionalText(draft.duplicateRemoveLast4),
    soldDebt: draft.soldDebt || undefined,
    personalInfoKind,
    reportedInfo: optionalText(draft.reportedInfo),
    correctInfo: draft.personalInfoNotMine ? undefined : optionalText(draft.correctInfo),
    personalInfoNotMine: draft.personalInfoNotMine || undefined,
    inquiryDate: optionalDate(draft.inquiryDate),
    evidence: optionalText(draft.evidence),
    reportedBalance: optionalText(draft.reportedBalance),
    correctBalance: optionalText(draft.correctBalance),
    duplicateOf: optionalText(draft.duplicateOf),
    identityTheft: draft.identityTheft || undefined,
    hasIdentityTheftReport: draft.hasIdentityTheftReport || undefined,
    // The form asks for the number once the report box is ticked; unticked, a number left behind is not used.
    identityTheftReportNumber: draft.hasIdentityTheftReport
      ? optionalText(draft.identityTheftReportNumber)
      : undefined,
    itemType: isItemTypeId(draft.itemType) ? draft.itemType : undefined,
    dateOfFirstDelinquency: optionalDate(draft.dateOfFirstDelinquency),
    dateFiled: optionalDate(draft.dateFiled),
    // Asked for a Chapter 13 only: false there means the law's 10 years.
    planCompleted: draft.itemType === 'chapter-13' ? draft.planCompleted : undefined,
    reportedStatus: optionalText(draft.reportedStatus),
    correctStatus: optionalText(draft.correctStatus),
    whichDate: optionalText(draft.whichDate),
    reportedDate: optionalDate(draft.reportedDate),
    correctDate: optionalDate(draft.correctDate),
    monthsReportedLate: optionalText(draft.monthsReportedLate),
  };
}

/** Personal information needs no account name: the letter names the fact instead. */
function personalInfoName(draft: ItemDraft, kind: PersonalInfoKindId | undefined): string {
  return kind ? `${PERSONAL_INFO_KINDS[kind].label}: ${draft.reportedInfo.trim()}` : '';
}

function accountNameRequired(item: ItemDraft): boolean {
  return item.errorType !== 'incorrect-personal-info';
}

/**
 * Which required fields are missing and which rules fail (item-rules.ts), in form order; the form
 * when none does. `today` tells future dates and items not yet obsolete.
 */
export function validateLetterDraft(
  draft: LetterDraft,
  today: IsoDate = toIsoDate(new Date()),
): DraftValidation {
  const missing: MissingField[] = isBureauId(draft.bureau) ? [] : ['bureau'];
  const drafts = [draft, ...draft.additionalItems];
  const problems = [
    ...senderProblems(draft.sender, today),
    ...notifyProblems(draft.notifyRecipients),
    ...drafts.flatMap((item, index) => itemProblems(item, index, today)),
  ];
  const items = drafts.flatMap((item, index) => {
    const absent = (['errorType', 'accountName', 'details'] as const).filter((field) =>
      field === 'errorType'
        ? !isErrorTypeId(item.errorType)
        : field === 'accountName'
          ? accountNameRequired(item) && item.accountName.trim() === ''
          : item[field].trim() === '',
    );
    missing.push(...absent.map((field): MissingField => `${index}.${field}`));
    return isErrorTypeId(item.errorType) ? [itemFromDraft(item, item.errorType)] : [];
  });
  const [first, ...rest] = items;
  if (missing.length > 0 || problems.length > 0 || !first || !isBureauId(draft.bureau))
    return { ok: false, missing, problems };
  return {
    ok: true,
    form: {
      bureau: draft.bureau,
      ...first,
      additionalItems: rest,
      sender: draft.sender,
      enclosures: draft.enclosures?.filter(isEnclosureId),
      notifyRecipients: optionalText(draft.notifyRecipients ?? ''),
    },
  };
}

/**
 * The letter form as the draft stands, whatever the rules say: for the live preview only, which
 * shows the letter as it grows. Null until the bureau and every item's error type are chosen.
 */
export function draftForm(draft: LetterDraft): LetterForm | null {
  if (!isBureauId(draft.bureau)) return null;
  const drafts = [draft, ...draft.additionalItems];
  const items = drafts.flatMap((item) =>
    isErrorTypeId(item.errorType) ? [itemFromDraft(item, item.errorType)] : [],
  );
  const [first, ...rest] = items;
  if (!first || items.length < drafts.length) return null;
  return {
    bureau: draft.bureau,
    ...first,
    additionalItems: rest,
    sender: draft.sender,
    enclosures: draft.enclosures?.filter(isEnclosureId),
    notifyRecipients: optionalText(draft.notifyRecipients ?? ''),
  };
}

export function disputedItems(form: LetterForm): DisputedItem[] {
  const {
    bureau: _bureau,
    additionalItems,
    sender: _sender,
    enclosures: _enclosures,
    notifyRecipients: _notify,
    ...first
  } = form;
  return [first, ...(additionalItems ?? [])];
}

/** Fewer words than this in Error Details gets a soft warning (never a block). */
export const SPECIFIC_DETAILS_MIN_WORDS = 8;

/** True when the details are too short to say what is wrong and what is correct. */
export function detailsTooShort(details: string): boolean {
  const words = details.trim().split(/\s+/).filter(Boolean).length;
  return words > 0 && words < SPECIFIC_DETAILS_MIN_WORDS;
}

/** Keeps only digits; `null` when there are more than 4 (the field refuses a full SSN). */
export function ssnLast4Input(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  return digits.length > 4 ? null : digits;
}
