import { describe, expect, it } from 'vitest';
import { oneRunAtATime, STOP, type Pass } from './one-run-at-a-time';

/** Passes that each wait until the test ends them, counting how many started. */
function heldPasses(outcome?: typeof STOP) {
  const ends: (() => void)[] = [];
  const queuedAtEnd: boolean[] = [];
  let started = 0;
  let inFlight = 0;
  let overlapped = false;
  const pass: Pass = (queued) => {
    started += 1;
    inFlight += 1;
    if (inFlight > 1) overlapped = true;
    return new Promise((resolve) =>
      ends.push(() => {
        inFlight -= 1;
        queuedAtEnd.push(queued());
        resolve(outcome);
      }),
    );
  };
  const endNext = async () => {
    ends.shift()!();
    // Lets the run go on to its next pass, if any.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    pass,
    endNext,
    queuedAtEnd,
    started: () => started,
    overlapped: () => overlapped,
  };
}

describe('oneRunAtATime', () => {
  it('runs one more pass after the current one when calls come during it', async () => {
    const run = oneRunAtATime();
    const passes = heldPasses();
    let settled = 0;
    const first = run(passes.pass).then(() => (settled += 1));
    // A focus and two changes while the first pass runs: they share one more pass.
    const during = [run(passes.pass), run(passes.pass), run(passes.pass)].map((call) =>
      call.then(() => (settled += 1)),
    );
    expect(passes.started()).toBe(1);
    await passes.endNext();
    expect(passes.started()).toBe(2);
    expect(settled).toBe(0);
    await passes.endNext();
    await Promise.all([first, ...during]);
    expect(passes.started()).toBe(2);
    expect(settled).toBe(4);
    expect(passes.queuedAtEnd).toEqual([true, false]);
    expect(passes.overlapped()).toBe(false);
  });

  it("runs the last call's pass after the current one (a new user id, not the first call's)", async () => {
    const run = oneRunAtATime();
    const first = heldPasses();
    const later = heldPasses();
    const done = Promise.all([run(first.pass), run(later.pass)]);
    await first.endNext();
    expect([first.started(), later.started()]).toEqual([1, 1]);
    await later.endNext();
    await done;
  });

  it('runs a single pass when nothing comes during it, and a new run for a later call', async () => {
    const run = oneRunAtATime();
    const passes = heldPasses();
    const first = run(passes.pass);
    await passes.endNext();
    await first;
    expect(passes.started()).toBe(1);
    const later = run(passes.pass);
    expect(passes.started()).toBe(2);
    await passes.endNext();
    await later;
    expect(passes.started()).toBe(2);
    expect(passes.queuedAtEnd).toEqual([false, false]);
  });

  it('ends the run at a pass that returns STOP, even with a call waiting', async () => {
    const run = oneRunAtATime();
    const passes = heldPasses(STOP);
    const first = run(passes.pass);
    const during = run(passes.pass);
    await passes.endNext();
    await Promise.all([first, during]);
    expect(passes.started()).toBe(1);
  });

  it('ends the run at a pass that throws, rejecting its calls; the next call runs again', async () => {
    const run = oneRunAtATime();
    let calls = 0;
    const failing: Pass = async () => {
      calls += 1;
      throw new Error('offline');
    };
    const first = run(failing);
    const during = run(failing);
    await expect(first).rejects.toThrow('offline');
    await expect(during).rejects.toThrow('offline');
    expect(calls).toBe(1);
    await expect(run(async () => undefined)).resolves.toBeUndefined();
  });
});
