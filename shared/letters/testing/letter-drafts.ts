import { EMPTY_ITEM_DRAFT, validateLetterDraft, type ItemDraft, type LetterDraft } from '../index';

/** The moment letter tests write their letters, and that day as the form's "today". */
export const DATE = new Date(2026, 10, 22, 9, 30);
export const TODAY = '2026-11-22';

/** A typical one-item draft for Experian, with `change` to its item and `rest` to the letter. */
export function draft(change: Partial<ItemDraft>, rest: Partial<LetterDraft> = {}): LetterDraft {
  return {
    ...EMPTY_ITEM_DRAFT,
    bureau: 'experian',
    accountName: 'Capital One Visa',
    accountNumber: '4321',
    details: 'I paid this card down in March 2026, as my bank statement shows.',
    additionalItems: [],
    ...change,
    ...rest,
  };
}

/** The problems of a draft, as `field → message`. */
export function problems(input: LetterDraft): Record<string, string> {
  const result = validateLetterDraft(input, TODAY);
  return result.ok ? {} : Object.fromEntries(result.problems.map((p) => [p.field, p.message]));
}
