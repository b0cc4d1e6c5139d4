import type { MissingField, RequiredItemField } from '@shared/letters';

/** The guided flow. */
export const STEPS = ['Your details', 'Disputed items', 'Review'] as const;
export const LAST_STEP = STEPS.length - 1;

/** The step (0-based) whose form holds `field`: today every required field is on step 2. */
export function stepOfField(field: MissingField): number {
  return field === 'bureau' || /^\d+\./.test(field) ? 1 : 0;
}

/** The step whose form holds a rule's field: "sender." is Your details, the rest Disputed items. */
export function stepOfProblem(field: string): number {
  return field.startsWith('sender.') ? 0 : 1;
}

/** The missing fields to mark: those of the steps already checked (by Next, or all by Generate). */
export function shownMissing(
  missing: readonly MissingField[],
  checkedSteps: ReadonlySet<number>,
): ReadonlySet<MissingField> {
  return new Set(missing.filter((field) => checkedSteps.has(stepOfField(field))));
}

/** The required item fields shown as missing for item `index`. */
export function itemErrors(
  missing: ReadonlySet<MissingField>,
  index: number,
): Set<RequiredItemField> {
  return new Set(
    (['errorType', 'accountName', 'details'] as const).filter((field) =>
      missing.has(`${index}.${field}`),
    ),
  );
}

/** The step a `?step=` value names (1-based in the address), the first when it names none. */
export function stepFromParam(value: string | null): number {
  const step = Number(value) - 1;
  return Number.isInteger(step) && step >= 0 && step <= LAST_STEP ? step : 0;
}
