/** A pass that returns this ends its run even when another pass was asked for meanwhile. */
export const STOP = 'stop';

/** One pass of a run; `queued()` says whether a call came meanwhile (one more pass will follow). */
export type Pass = (queued: () => boolean) => Promise<typeof STOP | void>;

/**
 * Runs passes one at a time. A call while a run is going is not dropped: it makes one more pass
 * run right after the current one (calls meanwhile share that pass, the last call's), so what it was for does not
 * wait for the next call. Every call's promise settles when the run it joined ends. A run ends
 * early when a pass returns `STOP` or throws (then its promise rejects).
 */
export function oneRunAtATime(): (pass: Pass) => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  // The pass of the latest call: one more pass runs what was asked last (a new user id, say).
  let latest: Pass;
  const queued = () => again;
  return (pass) => {
    latest = pass;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          if ((await latest(queued)) === STOP) return;
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
