import { useEffect } from 'react';

const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Runs `preload` at the user's first interaction with the page: a tool's code is there before
 * its button is pressed, and the page's first load does not also parse it.
 */
export function usePreloadOnInteraction(preload: () => void): void {
  useEffect(() => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      remove();
      preload();
    };
    const remove = () => {
      for (const each of FIRST_INTERACTIONS) window.removeEventListener(each, run, true);
    };
    for (const each of FIRST_INTERACTIONS)
      window.addEventListener(each, run, { capture: true, passive: true });
    return remove;
  }, [preload]);
}
