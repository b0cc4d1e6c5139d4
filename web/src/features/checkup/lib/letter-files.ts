import type {
  CheckupBureauLetter,
  CheckupBureauLetter as BureauLetter,
  CheckupCreditorLetter,
} from '@shared/checkup';
import { BUREAUS, letterTextFile, mailingAdvice, toIsoDate } from '@shared/letters';
import { zipFiles, type TextFile } from '@/lib/zip-files';

export type CheckupLetter = CheckupBureauLetter | CheckupCreditorLetter;

/** A letter as the .txt file the user prints: the letter, then how to mail it. */
export function letterFile(letter: CheckupLetter): TextFile {
  const kind = 'bureau' in letter ? 'bureau' : 'furnisher';
  return { name: letter.fileName, text: letterTextFile(letter.text, mailingAdvice(kind)) };
}

/** Every letter of the checkup in one .zip, one .txt file each; a sample's says so in its name. */
export async function allLettersZip(
  letters: readonly CheckupLetter[],
  date: Date,
  sample = false,
): Promise<{ blob: Blob; fileName: string }> {
  return {
    blob: await zipFiles(letters.map(letterFile)),
    fileName: `${sample ? 'SAMPLE-not-for-mailing-' : ''}checkup-letters-${toIsoDate(date)}.zip`,
  };
}

/** "3 letters to the credit bureaus, one per bureau with all of its items, and 6 direct disputes…" */
export function lettersSummary(
  bureauLetters: readonly BureauLetter[],
  creditorLetters: number,
): string {
  if (bureauLetters.length + creditorLetters === 0)
    return 'No letter: no finding can go in one yet.';
  const [only] = bureauLetters.length === 1 ? bureauLetters : [];
  const bureaus = only
    ? `1 letter to ${BUREAUS[only.bureau].name} with all of its items`
    : `${bureauLetters.length} letters to the credit bureaus, one per bureau with all of its items`;
  const creditors =
    creditorLetters === 0
      ? ''
      : `, and ${creditorLetters} direct ${creditorLetters === 1 ? 'dispute' : 'disputes'} to the creditors that report the accounts`;
  return `${bureaus}${creditors}.`;
}
