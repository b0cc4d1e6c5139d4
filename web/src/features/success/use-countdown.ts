import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Counts down one per second from `seconds` to 0, then calls `onDone` exactly once. `pause()`
 * stops it for good: the user is reading or doing something, and leaves when they choose.
 */
export function useCountdown(seconds: number, onDone: () => void) {
  const [remaining, setRemaining] = useState(seconds);
  const [paused, setPaused] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  const fired = useRef(false);

  useEffect(() => {
    if (paused) return;
    if (remaining <= 0) {
      if (!fired.current) {
        fired.current = true;
        done.current();
      }
      return;
    }
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining, paused]);

  /** Skips the rest of the countdown (the done callback still fires only once). */
  function finishNow() {
    if (fired.current) return;
    fired.current = true;
    done.current();
  }

  const pause = useCallback(() => setPaused(true), []);

  return { remaining, paused, pause, finishNow };
}
