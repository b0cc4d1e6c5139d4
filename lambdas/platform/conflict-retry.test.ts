import { describe, expect, it } from 'vitest';
import { RETRY, retryOnConflict } from './conflict-retry';

describe('retryOnConflict', () => {
  it('answers the first attempt that does not ask to retry', async () => {
    const seen: number[] = [];
    const out = await retryOnConflict(
      { attempts: 5 },
      async (n) => {
        seen.push(n);
        return n < 2 ? RETRY : `won at ${n}`;
      },
      () => 'exhausted',
    );
    expect(out).toBe('won at 2');
    expect(seen).toEqual([0, 1, 2]);
  });

  it('stops after the bounded number of attempts and answers exhausted()', async () => {
    let calls = 0;
    const run = retryOnConflict(
      { attempts: 3, backoffMs: 1 },
      async () => {
        calls += 1;
        return RETRY;
      },
      () => {
        throw new Error('too many conflicts');
      },
    );
    await expect(run).rejects.toThrow('too many conflicts');
    expect(calls).toBe(3);
  });

  it('lets an attempt that throws end the loop at once', async () => {
    let calls = 0;
    const run = retryOnConflict(
      { attempts: 4 },
      async () => {
        calls += 1;
        throw new Error('not a conflict');
      },
      () => 'exhausted',
    );
    await expect(run).rejects.toThrow('not a conflict');
    expect(calls).toBe(1);
  });
});
