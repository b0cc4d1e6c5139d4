import { useEffect } from 'react';

/**
 * While `active`, closing the tab, reloading or leaving the site asks first (the browser's own
 * prompt). Moves inside the app need no prompt: the draft stays for the session.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
