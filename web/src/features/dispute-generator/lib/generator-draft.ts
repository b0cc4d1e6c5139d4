import {
  DEFAULT_BUREAU_ENCLOSURES,
  EMPTY_ITEM_DRAFT,
  isEnclosureId,
  type EnclosureId,
  type ItemDraft,
  type LetterDraft,
  type SenderDetails,
} from '@shared/letters';

/** What the generator's steps 2 and 3 hold; "Your details" are kept apart (stored-records.ts). */
export interface GeneratorDraft {
  bureau: string;
  items: ItemDraft[];
  enclosures: EnclosureId[];
  /** §1681i(d): the people to tell of a deletion, one a line (none when blank). */
  notifyRecipients: string;
}

export const EMPTY_DRAFT: GeneratorDraft = {
  bureau: '',
  items: [EMPTY_ITEM_DRAFT],
  enclosures: [...DEFAULT_BUREAU_ENCLOSURES],
  notifyRecipients: '',
};

/** The draft with the user's details, as the letter builder and the validation read it. */
export function letterDraft(draft: GeneratorDraft, sender: SenderDetails): LetterDraft {
  const [first = EMPTY_ITEM_DRAFT, ...more] = draft.items;
  return {
    bureau: draft.bureau,
    ...first,
    additionalItems: more,
    sender,
    enclosures: draft.enclosures,
    notifyRecipients: draft.notifyRecipients,
  };
}

function parseItem(raw: unknown): ItemDraft {
  const record = (raw ?? {}) as Record<string, unknown>;
  const item: Record<string, string | boolean> = { ...EMPTY_ITEM_DRAFT };
  for (const [key, empty] of Object.entries(EMPTY_ITEM_DRAFT))
    if (typeof record[key] === typeof empty) item[key] = record[key] as string | boolean;
  return item as unknown as ItemDraft;
}

/** A stored draft read back; anything malformed becomes the empty draft's value. */
export function parseDraft(raw: unknown): GeneratorDraft {
  const record = (raw ?? {}) as Record<string, unknown>;
  const items = Array.isArray(record.items) ? record.items.map(parseItem) : [];
  const enclosures = Array.isArray(record.enclosures)
    ? record.enclosures.filter(
        (each): each is EnclosureId => typeof each === 'string' && isEnclosureId(each),
      )
    : EMPTY_DRAFT.enclosures;
  return {
    bureau: typeof record.bureau === 'string' ? record.bureau : '',
    items: items.length > 0 ? items : EMPTY_DRAFT.items,
    enclosures,
    notifyRecipients: typeof record.notifyRecipients === 'string' ? record.notifyRecipients : '',
  };
}

/**
 * The draft as it may be kept for the session: an identity theft report number is an identity
 * document's number, so it stays in the page only, like the date of birth, SSN digits and report
 * number (which are sender details and never part of this draft).
 */
export function storableDraft(draft: GeneratorDraft): GeneratorDraft {
  return {
    ...draft,
    items: draft.items.map((item) => ({ ...item, identityTheftReportNumber: '' })),
  };
}

/** A stored draft (another device's) with the fields kept only in this page taken from `page`. */
export function withPageOnlyFields(stored: GeneratorDraft, page: GeneratorDraft): GeneratorDraft {
  return {
    ...stored,
    items: stored.items.map((item, index) => ({
      ...item,
      identityTheftReportNumber: page.items[index]?.identityTheftReportNumber ?? '',
    })),
  };
}

/** Whether the user typed anything into the draft's items a reload or a closed tab would lose. */
export function hasItemInput(draft: GeneratorDraft): boolean {
  return (
    draft.bureau !== '' ||
    draft.notifyRecipients.trim() !== '' ||
    draft.items.some((item) => !sameItem(item, EMPTY_ITEM_DRAFT))
  );
}

function sameItem(a: ItemDraft, b: ItemDraft): boolean {
  return (Object.keys(b) as (keyof ItemDraft)[]).every((key) => a[key] === b[key]);
}

/** Details that live only while the page is open: leaving loses them. */
export function hasPageOnlyDetails(details: SenderDetails): boolean {
  return details.dateOfBirth !== '' || details.ssnLast4 !== '' || details.reportNumber !== '';
}
