import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureOutput } from './log-capture';

export interface StartedProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Runs `local/start.ts` the way `npm start` does (after the web build), in a child process. */
export function spawnLocalStart(env: Record<string, string>): StartedProcess {
  let out = '';
  let err = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    captureOutput(chunk.toString());
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    captureOutput(chunk.toString());
  });
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => resolveExit(code)),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

export async function waitForOutput(started: StartedProcess, pattern: RegExp, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.stdout())) {
    if (started.child.exitCode !== null) {
      throw new Error(`exited early (${started.child.exitCode}): ${started.stderr()}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out; stderr: ${started.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A PATH holding nothing but node: how a machine without Java looks to `npm start`. */
export function nodeOnlyPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdl-node-only-'));
  symlinkSync(process.execPath, join(dir, 'node'));
  return dir;
}
