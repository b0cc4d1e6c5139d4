import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * The backend test suite's log capture: every line its workers write to stdout and stderr (and
 * the output of the processes they spawn) is also appended to a file of this run's capture
 * directory (`LOG_CAPTURE_DIR`, set by vitest.config.ts), which
 * `tests/platform/log-scan.test.ts` reads after the suite.
 */
const dir = process.env.LOG_CAPTURE_DIR;
const file = dir && join(dir, `${process.pid}-${threadId}.log`);

/** Adds output of a child process (e.g. `npm start` spawned by a test) to the capture. */
export function captureOutput(text: string): void {
  if (file) appendFileSync(file, text);
}

const isRecord = (text: string) => /^\{"(level|_aws)"/.test(text);

/**
 * Installed in every backend test worker (`tests/support/log-capture-setup.ts`). Structured
 * records (the Lambdas' JSON log lines and EMF metrics) are kept off the terminal; anything
 * else passes through.
 */
export function installLogCapture(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString();
      captureOutput(text);
      if (isRecord(text)) {
        const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        callback?.();
        return true;
      }
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
}
