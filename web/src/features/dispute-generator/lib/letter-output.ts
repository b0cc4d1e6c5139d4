import { letterTextFile, type BureauChoice, type LetterForm } from '@shared/letters';
import toast from '@/lib/toast';
import { saveFile } from '@/lib/save-file';
import { GENERATOR_MESSAGES, LETTER_MESSAGES } from '../messages';
import { bureauLettersZip, chosenBureaus } from './bureau-letters';
import { exportLetter, type ExportFormat } from './export-letter';
import type { PreparedLetter } from './prepared-letter';
import { downloadTextLetter } from './save-file';

/**
 * Toasts about a letter (download, export, mailed) appear at the bottom: the preview is often
 * open then, and its title and close cross are at the top (on a phone, under the toasts' corner).
 */
export const LETTER_TOAST = { position: 'bottom-center' } as const;

/** The text letter with its mailing advice; the toast says how it went. */
export function downloadLetter(letter: PreparedLetter): void {
  const outcome = downloadTextLetter(
    letterTextFile(letter.text, letter.advice),
    letter.fileNames.txt,
  );
  if (outcome === 'downloaded') toast.success(LETTER_MESSAGES.downloaded, LETTER_TOAST);
  else if (outcome === 'opened-in-window') toast(LETTER_MESSAGES.openedInWindow, LETTER_TOAST);
  else toast.error(LETTER_MESSAGES.downloadFailed, LETTER_TOAST);
}

/** The letter as a Word or HTML file; the toast says how it went. */
export async function exportLetterAs(letter: PreparedLetter, format: ExportFormat): Promise<void> {
  try {
    await exportLetter(format, letter);
    toast.success(GENERATOR_MESSAGES[format], LETTER_TOAST);
  } catch {
    toast.error(GENERATOR_MESSAGES.failed, LETTER_TOAST);
  }
}

/** One letter per chosen bureau, in one .zip; the message lists them. */
export async function downloadBureauLetters(
  form: LetterForm,
  reportNumber: string,
  copies: BureauChoice,
): Promise<void> {
  try {
    const zip = await bureauLettersZip(form, chosenBureaus(form, reportNumber, copies), new Date());
    saveFile(zip.blob, zip.fileName);
    toast.success(GENERATOR_MESSAGES.lettersZipped(zip.names), LETTER_TOAST);
  } catch {
    toast.error(LETTER_MESSAGES.downloadFailed, LETTER_TOAST);
  }
}
