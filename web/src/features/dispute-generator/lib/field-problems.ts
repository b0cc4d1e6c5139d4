import type { FieldProblem, ItemDraft } from '@shared/letters';
import { stepOfProblem } from './guided-steps';

/**
 * Fields whose value is wrong while it is being typed (a phone number's first digits, an e-mail
 * address before its "@"): marked once Next or Generate checks them, not on every keystroke.
 */
const MARKED_WHEN_CHECKED: ReadonlySet<string> = new Set(['sender.phone', 'sender.email']);

/**
 * The problems shown inline: a value that breaks a rule (a future date, too many SSN digits) at
 * once; a fact left blank, or a phone or e-mail that cannot be one, only after the first attempt
 * to build the letter, like a required field.
 */
export function visibleProblems(
  problems: readonly FieldProblem[],
  items: readonly ItemDraft[],
  afterAttempt: boolean,
): FieldProblem[] {
  return problems.filter((problem) => {
    if (afterAttempt) return true;
    if (MARKED_WHEN_CHECKED.has(problem.field)) return false;
    const [scope, field] = problem.field.split('.');
    const item = items[Number(scope)];
    if (!item) return true;
    const value = item[field as keyof ItemDraft];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/**
 * The problems shown inline in the guided flow: every problem of a step already checked (by
 * Next, or all by Generate); on the others only broken rules of values already typed.
 */
export function shownProblems(
  problems: readonly FieldProblem[],
  items: readonly ItemDraft[],
  checkedSteps: ReadonlySet<number>,
): FieldProblem[] {
  const checked = (problem: FieldProblem) => checkedSteps.has(stepOfProblem(problem.field));
  return [
    ...visibleProblems(
      problems.filter((problem) => !checked(problem)),
      items,
      false,
    ),
    ...problems.filter(checked),
  ];
}

/** The problems under `prefix` ("0.", "sender.", "reportNumber."), keyed by the field's name. */
export function problemsUnder(
  problems: readonly FieldProblem[],
  prefix: string,
): Map<string, string> {
  return new Map(
    problems
      .filter((problem) => problem.field.startsWith(prefix))
      .map((problem) => [problem.field.slice(prefix.length), problem.message]),
  );
}
