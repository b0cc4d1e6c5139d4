import { isBureauId, type BureauId } from './bureaus';
import type { EnclosureId } from './enclosures';
import { isErrorTypeId, type ErrorTypeId } from './error-types';

export interface DisputedItem {
  errorType: ErrorTypeId;
  accountName: string;
  details: string;
}

/** The consumer's own details; any left blank become placeholders in the letter. */
export interface SenderDetails {
  name: string;
  /** Street address and city/state/ZIP, one line each. */
  address: string;
  phone: string;
  email: string;
}

export interface LetterForm {
  bureau: BureauId;
  errorType: ErrorTypeId;
  accountName: string;
  details: string;
  evidence?: string | undefined;
  /** More disputed items after the first, listed in the same letter. */
  additionalItems?: readonly DisputedItem[] | undefined;
  sender?: Partial<SenderDetails> | undefined;
  enclosures?: readonly EnclosureId[] | undefined;
}

/** What the form holds while the user types: every field a string, selects possibly empty. */
export interface LetterDraft {
  bureau: string;
  errorType: string;
  accountName: string;
  details: string;
  evidence: string;
  additionalItems: readonly { errorType: string; accountName: string; details: string }[];
  sender?: Partial<SenderDetails> | undefined;
  enclosures?: readonly EnclosureId[] | undefined;
}

export type DraftValidation = { ok: true; form: LetterForm } | { ok: false };

/** Bureau, and for every item the error type, account name and details, are required. */
export function validateLetterDraft(draft: LetterDraft): DraftValidation {
  const { bureau } = draft;
  const items = [draft, ...draft.additionalItems].map((item) => ({
    errorType: item.errorType,
    accountName: item.accountName.trim(),
    details: item.details.trim(),
  }));
  const complete = items.every(
    (item): item is DisputedItem =>
      isErrorTypeId(item.errorType) && item.accountName !== '' && item.details !== '',
  );
  if (!isBureauId(bureau) || !complete) return { ok: false };
  const [first, ...rest] = items as DisputedItem[];
  if (!first) return { ok: false };
  return {
    ok: true,
    form: {
      bureau,
      ...first,
      evidence: draft.evidence.trim() || undefined,
      additionalItems: rest,
      sender: draft.sender,
      enclosures: draft.enclosures,
    },
  };
}

export function disputedItems(form: LetterForm): DisputedItem[] {
  const { errorType, accountName, details } = form;
  return [{ errorType, accountName, details }, ...(form.additionalItems ?? [])];
}
