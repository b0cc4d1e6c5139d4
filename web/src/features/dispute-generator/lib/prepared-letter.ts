import type { LetterFileExtension } from '@shared/letters';

/** A built letter, ready to preview, download, export or mark as mailed. */
export interface PreparedLetter {
  kind: 'bureau' | 'furnisher';
  /** The bureau's or the creditor's name. */
  recipient: string;
  accountNames: string[];
  text: string;
  fileNames: Record<LetterFileExtension, string>;
}
