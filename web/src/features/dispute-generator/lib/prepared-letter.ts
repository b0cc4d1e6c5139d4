import type { MailedLetter } from '@shared/disputes';
import type { LetterFileExtension, LetterKind } from '@shared/letters';

/** A built letter, ready to preview, download, export or mark as mailed. */
export interface PreparedLetter {
  kind: LetterKind;
  /** The bureau's or the creditor's name. */
  recipient: string;
  accountNames: string[];
  /** The letter itself, needing no hand editing once the user's details are in. */
  text: string;
  /** How to mail it: after the letter in the text file, on its own page elsewhere. */
  advice: string;
  /** Placeholders still in the letter: the user is warned before printing, exporting or mailing. */
  placeholders: string[];
  fileNames: Record<LetterFileExtension, string>;
  /** What "Mark as mailed" records in My Disputes, less the mailing details. */
  record: Omit<MailedLetter, 'mailedOn' | 'trackingNumber' | 'followsFreeAnnualReport'>;
}

/**
 * Which letter "Mark as mailed" records: the same text to the same recipient is the same letter,
 * however often Preview or Generate builds it again.
 */
export function mailedKey(letter: PreparedLetter): string {
  return JSON.stringify([letter.record.recipient, letter.text]);
}
