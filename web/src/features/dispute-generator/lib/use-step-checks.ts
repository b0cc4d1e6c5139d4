import type { ItemDraft } from '@shared/letters';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { shownChecks, stepsToFix, type LetterCheck } from './letter-check';

/**
 * Which steps have their missing fields and broken rules marked: those left by "Next", or all
 * once a letter was asked for. Marking moves focus to the first marked field, on its own step.
 * `form` holds the steps as `[data-step]` sections.
 */
export function useStepChecks(
  form: RefObject<HTMLFormElement | null>,
  [step, goTo]: readonly [number, (index: number) => void],
  check: LetterCheck,
  items: readonly ItemDraft[],
) {
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<number>>(new Set());
  const focusOnArrival = useRef<number | null>(null);

  const focusFirstInvalid = useCallback(
    (index: number) =>
      form.current
        ?.querySelector<HTMLElement>(`[data-step="${index}"] [aria-invalid="true"]`)
        ?.focus(),
    [form],
  );

  useEffect(() => {
    if (focusOnArrival.current !== step) return;
    focusOnArrival.current = null;
    focusFirstInvalid(step);
  }, [step, focusFirstInvalid]);

  /** Marks the missing fields and broken rules of `steps` and focuses the first, on its step. */
  function showMissing(steps: ReadonlySet<number>) {
    flushSync(() => setCheckedSteps((checked) => new Set([...checked, ...steps])));
    const [itsStep] = stepsToFix(check, steps);
    if (itsStep === undefined) return;
    if (itsStep === step) focusFirstInvalid(itsStep);
    else {
      // The step shows once the address changes; its first marked field takes focus then.
      focusOnArrival.current = itsStep;
      goTo(itsStep);
    }
  }

  return {
    ...shownChecks(check, items, checkedSteps),
    showMissing,
    /** "Next" checks the step it leaves: its missing fields are marked beside them, and it stays. */
    next() {
      const leaving = new Set([step]);
      if (stepsToFix(check, leaving).length > 0) showMissing(leaving);
      else goTo(step + 1);
    },
    reset: () => setCheckedSteps(new Set()),
  };
}
