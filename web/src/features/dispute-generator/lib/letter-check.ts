import {
  bureauChoiceProblems,
  validateLetterDraft,
  type BureauChoice,
  type FieldProblem,
  type IsoDate,
  type ItemDraft,
  type LetterForm,
  type MissingField,
  type SenderDetails,
} from '@shared/letters';
import { contactProblems } from './contact-rules';
import { shownProblems } from './field-problems';
import { letterDraft, type GeneratorDraft } from './generator-draft';
import { shownMissing, stepOfField, stepOfProblem } from './guided-steps';

/** What the generator's form holds, lacks and breaks, checked as the letter builder reads it. */
export interface LetterCheck {
  /** The letter form once no field is missing and every rule of the draft and the details holds. */
  form: LetterForm | null;
  /** `form`, once the further bureaus' report numbers hold too: a letter can be built. */
  complete: LetterForm | null;
  missing: readonly MissingField[];
  /** The broken rules: the details' phone and e-mail, the draft's, then the further bureaus'. */
  problems: readonly FieldProblem[];
}

/** Checks the draft with the user's details and the further bureaus ticked under "Also send to". */
export function checkLetter(
  draft: GeneratorDraft,
  details: SenderDetails,
  copies: BureauChoice,
  today: IsoDate,
): LetterCheck {
  const validation = validateLetterDraft(letterDraft(draft, details), today);
  const contact = contactProblems(details);
  const copyProblems = bureauChoiceProblems(copies);
  const form = validation.ok && contact.length === 0 ? validation.form : null;
  return {
    form,
    complete: copyProblems.length === 0 ? form : null,
    missing: validation.ok ? [] : validation.missing,
    problems: [...contact, ...(validation.ok ? [] : validation.problems), ...copyProblems],
  };
}

/** The steps (of `steps`) with a missing field or a broken rule, first step first. */
export function stepsToFix(check: LetterCheck, steps: ReadonlySet<number>): number[] {
  const marked = [
    ...check.missing.map(stepOfField),
    ...check.problems.map((problem) => stepOfProblem(problem.field)),
  ];
  return [...new Set(marked)].filter((each) => steps.has(each)).sort((a, b) => a - b);
}

/** What the form marks: the missing fields of checked steps, and the problems shown inline. */
export function shownChecks(
  check: LetterCheck,
  items: readonly ItemDraft[],
  checkedSteps: ReadonlySet<number>,
): { missing: ReadonlySet<MissingField>; problems: FieldProblem[] } {
  return {
    missing: shownMissing(check.missing, checkedSteps),
    problems: shownProblems(check.problems, items, checkedSteps),
  };
}
