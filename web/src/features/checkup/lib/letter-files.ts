import type { CheckupBureauLetter, CheckupCreditorLetter } from '@shared/checkup';
import { letterTextFile, mailingAdvice, toIsoDate } from '@shared/letters';
import { zipFiles, type TextFile } from '@/lib/zip-files';

export type CheckupLetter = CheckupBureauLetter | CheckupCreditorLetter;

/** A letter as the .txt file the user prints: the letter, then how to mail it. */
export function letterFile(letter: CheckupLetter): TextFile {
  const kind = 'bureau' in letter ? 'bureau' : 'furnisher';
  return { name: letter.fileName, text: letterTextFile(letter.text, mailingAdvice(kind)) };
}

/** Every letter of the checkup in one .zip, one .txt file each. */
export async function allLettersZip(
  letters: readonly CheckupLetter[],
  date: Date,
): Promise<{ blob: Blob; fileName: string }> {
  return {
    blob: await zipFiles(letters.map(letterFile)),
    fileName: `checkup-letters-${toIsoDate(date)}.zip`,
  };
}
