import { furnisherLetterApplies, type ItemDraft } from '@shared/letters';

/** A disputed item as the creditor-letter panel offers it. */
export interface FurnisherLetterItem {
  accountName: string;
  /**
   * False for a bankruptcy (the bureaus take it from court records), personal information and
   * inquiries: 12 CFR 1022.43(b)(1) leaves them out of direct disputes.
   */
  applies: boolean;
  /** The item's error type, which says why no creditor letter applies. */
  errorType?: string;
  /** A collection: its company is a debt collector, whatever the box says. */
  collection?: boolean;
}

/** The draft's items, each with whether a letter to its creditor applies. */
export function furnisherLetterItems(items: readonly ItemDraft[]): FurnisherLetterItem[] {
  return items.map((item) => ({
    accountName: item.accountName.trim(),
    applies: furnisherLetterApplies(item),
    errorType: item.errorType,
    collection: item.errorType === 'outdated-info' && item.itemType === 'collection',
  }));
}
