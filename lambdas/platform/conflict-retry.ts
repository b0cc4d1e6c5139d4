/** What an attempt answers when a concurrent write beat it and it should run again. */
export const RETRY: unique symbol = Symbol('retry');

export interface ConflictRetry {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Before attempt n+2, wait a random time below `backoffMs * 2 ** n` (none when absent). */
  backoffMs?: number;
}

/**
 * The one loop for conditional writes that lose a race: runs `attempt` until it answers
 * something other than RETRY, at most `attempts` times, then answers `exhausted()`.
 * A bounded loop, so no library: the SDK's own retries cover throttling, not conflicts.
 */
export async function retryOnConflict<T>(
  { attempts, backoffMs }: ConflictRetry,
  attempt: (n: number) => Promise<T | typeof RETRY>,
  exhausted: () => T | never,
): Promise<T> {
  for (let n = 0; n < attempts; n += 1) {
    if (n > 0 && backoffMs) {
      const wait = backoffMs * 2 ** (n - 1) * Math.random();
      await new Promise((resolveWait) => setTimeout(resolveWait, wait));
    }
    const outcome = await attempt(n);
    if (outcome !== RETRY) return outcome;
  }
  return exhausted();
}
