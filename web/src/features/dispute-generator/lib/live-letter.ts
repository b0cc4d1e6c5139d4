import { buildLetter, draftForm, type ItemDraft, type LetterDraft } from '@shared/letters';

/** Stand-ins for the required words not typed yet, so the letter can be read as it grows. */
export const LIVE_PLACEHOLDERS = {
  accountName: '[Account Name]',
  details: '[Error Details]',
} as const;

function withStandIns(item: ItemDraft): ItemDraft {
  return {
    ...item,
    accountName: item.accountName.trim() ? item.accountName : LIVE_PLACEHOLDERS.accountName,
    details: item.details.trim() ? item.details : LIVE_PLACEHOLDERS.details,
  };
}

/**
 * The letter as the form stands, for the live preview: blanks in the account name and details
 * show as stand-ins. `null` until the bureau and every item's error type are chosen, since the
 * letter's address and wording depend on them.
 */
export function liveLetterText(draft: LetterDraft, date: Date): string | null {
  // The rules that stop a letter from being made are marked on the form; the preview still grows.
  const form = draftForm({
    ...withStandIns(draft),
    bureau: draft.bureau,
    additionalItems: draft.additionalItems.map(withStandIns),
    sender: draft.sender,
    enclosures: draft.enclosures,
  });
  return form ? buildLetter(form, date) : null;
}
