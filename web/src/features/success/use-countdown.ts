import { useEffect, useRef, useState } from 'react';

/** Counts down one per second from `seconds` to 0, then calls `onDone` exactly once. */
export function useCountdown(seconds: number, onDone: () => void) {
  const [remaining, setRemaining] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  const fired = useRef(false);

  useEffect(() => {
    if (remaining <= 0) {
      if (!fired.current) {
        fired.current = true;
        done.current();
      }
      return;
    }
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  /** Skips the rest of the countdown (the done callback still fires only once). */
  function finishNow() {
    if (fired.current) return;
    fired.current = true;
    done.current();
  }

  return { remaining, finishNow };
}
