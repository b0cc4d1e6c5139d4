import { useState } from 'react';
import type { GuardedAction } from './guarded-action';
import type { PreparedLetter } from './prepared-letter';

/**
 * Printing, exporting and marking as mailed run at once, or, while the letter still has
 * placeholders, wait (`pending`) until the user proceeds or cancels.
 */
export function useGuardedAction(
  letter: PreparedLetter,
  initial: GuardedAction | null,
  run: (action: GuardedAction) => void,
) {
  const [pending, setPending] = useState<GuardedAction | null>(initial);

  function perform(action: GuardedAction) {
    setPending(null);
    run(action);
  }

  return {
    pending,
    /** Runs the action, or first warns while the letter still has placeholders. */
    attempt(action: GuardedAction) {
      if (letter.placeholders.length > 0) setPending(action);
      else perform(action);
    },
    proceed() {
      if (pending) perform(pending);
    },
    cancel: () => setPending(null),
  };
}
