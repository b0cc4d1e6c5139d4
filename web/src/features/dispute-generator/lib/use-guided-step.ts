import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { stepFromParam } from './guided-steps';

/**
 * The current step, kept in the address (`?step=2`): each move is a history entry, so the
 * browser's Back goes to the previous step and a reload stays on the same one. After a move
 * (by a button or by Back and Forward), focus goes to the new step's heading.
 */
export function useGuidedStep(headings: { current: (HTMLElement | null)[] }) {
  const [params, setParams] = useSearchParams();
  const step = stepFromParam(params.get('step'));
  const shown = useRef(step);

  // At commit, so the heading has focus as soon as the step shows.
  useLayoutEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    headings.current[step]?.focus();
  }, [step, headings]);

  const goTo = useCallback(
    (index: number) => {
      if (index === step) {
        headings.current[index]?.focus();
        return;
      }
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (index === 0) next.delete('step');
        else next.set('step', String(index + 1));
        return next;
      });
    },
    [step, setParams, headings],
  );

  return [step, goTo] as const;
}
