import {
  BUREAUS,
  bureauLetters,
  letterTextFile,
  mailingAdvice,
  toIsoDate,
  type BureauChoice,
  type BureauId,
  type LetterForm,
} from '@shared/letters';
import { zipFiles } from '@/lib/zip-files';

/** The chosen bureau first, then the ones ticked under "Also send to", each with its report number. */
export function chosenBureaus(
  form: LetterForm,
  reportNumber: string,
  copies: BureauChoice,
): BureauChoice {
  return { ...copies, [form.bureau]: { reportNumber } };
}

export function isSeveral(copies: BureauChoice, primary: string): boolean {
  return Object.keys(copies).some((bureau) => bureau !== primary);
}

export interface LettersZip {
  blob: Blob;
  fileName: string;
  /** The bureaus in the zip, for the message that lists them. */
  names: string[];
}

/** One .zip with one text letter (and its mailing advice) per chosen bureau. */
export async function bureauLettersZip(
  form: LetterForm,
  choice: BureauChoice,
  date: Date,
): Promise<LettersZip> {
  const letters = bureauLetters(form, choice, date);
  const files = letters.map((letter) => ({
    name: letter.fileName,
    text: letterTextFile(letter.text, mailingAdvice('bureau')),
  }));
  return {
    blob: await zipFiles(files),
    fileName: `dispute-letters-${form.errorType}-${toIsoDate(date)}.zip`,
    names: letters.map((letter) => BUREAUS[letter.bureau].name),
  };
}

/** Drops `bureau` from the copies (it became the chosen bureau, or was unticked). */
export function withoutBureau(copies: BureauChoice, bureau: BureauId | string): BureauChoice {
  return Object.fromEntries(
    Object.entries(copies).filter(([each]) => each !== bureau),
  ) as BureauChoice;
}
