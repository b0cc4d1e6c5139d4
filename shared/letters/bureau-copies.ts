import { BUREAU_IDS, isBureauId, type BureauId } from './bureaus';
import { buildLetter, letterFileName } from './build-letter';
import { reportNumberProblem, type FieldProblem } from './item-rules';
import type { LetterForm } from './letter-form';

/**
 * One dispute, several bureaus: an item two or three bureaus report is entered once, and each
 * chosen bureau gets its own letter, with its address and the report number from its report.
 */

/** The bureaus chosen, in the form's order, with the report number the user gives for each. */
export type BureauChoice = Partial<Record<BureauId, { reportNumber: string }>>;

export interface BureauLetter {
  bureau: BureauId;
  form: LetterForm;
  text: string;
  fileName: string;
}

/** Each chosen bureau's report number that is too long, as `reportNumber.{bureau}`. */
export function bureauChoiceProblems(choice: BureauChoice): FieldProblem[] {
  return BUREAU_IDS.flatMap((bureau) => {
    const message = reportNumberProblem(choice[bureau]?.reportNumber);
    return message ? [{ field: `reportNumber.${bureau}`, message }] : [];
  });
}

/** The form addressed to `bureau`, with that bureau's report number (or none). */
export function formForBureau(form: LetterForm, bureau: BureauId, reportNumber = ''): LetterForm {
  return { ...form, bureau, sender: { ...form.sender, reportNumber: reportNumber.trim() } };
}

/** One letter per chosen bureau, in the order Experian, Equifax, TransUnion. */
export function bureauLetters(form: LetterForm, choice: BureauChoice, date: Date): BureauLetter[] {
  return BUREAU_IDS.filter((bureau) => isBureauId(bureau) && choice[bureau]).map((bureau) => {
    const each = formForBureau(form, bureau, choice[bureau]?.reportNumber);
    return {
      bureau,
      form: each,
      text: buildLetter(each, date),
      fileName: letterFileName(each, date),
    };
  });
}
