import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnLocalStart, waitForOutput, type StartedProcess } from '../support/local-process';
import { API_KEY, JSON_TYPE, jsonOf, send, signUp } from './harness';

/**
 * `npm start`'s runtime (local/start.ts, data on disk) is killed with SIGKILL while sign-ups and profile updates are in flight; started again on the same
 * data directory, every request that was answered 2xx is still there: the account signs in,
 * its session still verifies, and its last acknowledged update is what the API returns.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'cdl-durability-'));
const ENV = {
  PORT: '0',
  DATA_DIR: dataDir,
  BCRYPT_COST: '4',
  RATE_LIMIT_SIGNUP: '1000000',
  RATE_LIMIT_TOKEN: '1000000',
  RATE_LIMIT_USER_UPDATE: '1000000',
};
const PASSWORD = 'correct-horse-battery';
const WORKERS = 6;
/** Acknowledged sign-ups to collect before the crash. */
const ACKNOWLEDGED_BEFORE_CRASH = 60;

let running: StartedProcess | undefined;

afterAll(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ process: StartedProcess; url: string }> {
  const started = spawnLocalStart(ENV);
  running = started;
  await waitForOutput(started, /Ready: (http:\/\/\S+)/);
  return { process: started, url: /Ready: (http:\/\/\S+)/.exec(started.stdout())![1]! };
}

/** Every process below `pid` (DynamoDB Local's shell guard and its java), deepest last. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    // ps exits 1 when there are none.
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

async function waitUntilGone(pids: number[]): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (pids.some(alive)) await new Promise((r) => setTimeout(r, 100));
}

interface Account {
  email: string;
  accessToken: string;
  /** The last `data.step` the API acknowledged with a 2xx. */
  acknowledgedStep?: number;
}

describe('durability', () => {
  it('every 2xx before a kill -9 is still reflected after a restart', async () => {
    const first = await start();
    const accounts: Account[] = [];
    let crashed = false;
    let failuresBeforeCrash = 0;

    const worker = async (id: number) => {
      for (let n = 0; !crashed; n += 1) {
        const email = `durable-${id}-${n}-${Date.now()}@example.com`;
        try {
          const { status, json } = await signUp(first.url, email, PASSWORD);
          if (status !== 200) {
            if (!crashed) failuresBeforeCrash += 1;
            continue;
          }
          const account: Account = { email, accessToken: json.access_token as string };
          accounts.push(account);
          for (let step = 1; step <= 3 && !crashed; step += 1) {
            const update = await send(first.url, {
              method: 'PUT',
              path: '/auth/v1/user',
              headers: [API_KEY, JSON_TYPE, ['Authorization', `Bearer ${account.accessToken}`]],
              body: JSON.stringify({ data: { step } }),
            });
            if (update.status === 200) account.acknowledgedStep = step;
            else if (!crashed) failuresBeforeCrash += 1;
          }
        } catch {
          // The connection died with the server: no answer, so nothing was promised.
        }
      }
    };
    const traffic = Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));

    while (accounts.length < ACKNOWLEDGED_BEFORE_CRASH) {
      if (first.process.child.exitCode !== null) throw new Error(first.process.stderr());
      await new Promise((r) => setTimeout(r, 50));
    }
    // The runtime dies mid-traffic without any chance to clean up. Its DynamoDB Local guard
    // notices and stops java; wait for that before starting again on the same files.
    crashed = true;
    const pid = first.process.child.pid!;
    const database = descendants(pid);
    process.kill(pid, 'SIGKILL');
    await first.process.exited;
    await traffic;
    await waitUntilGone(database);
    expect(first.process.child.signalCode).toBe('SIGKILL');
    expect(failuresBeforeCrash).toBe(0);

    const second = await start();
    const lost: string[] = [];
    for (const account of accounts) {
      // The session the sign-up created still verifies; the last acknowledged update is there.
      const user = await send(second.url, {
        method: 'GET',
        path: '/auth/v1/user',
        headers: [API_KEY, ['Authorization', `Bearer ${account.accessToken}`]],
      });
      const body = jsonOf(user) as { email?: string; user_metadata?: { step?: number } };
      if (user.status !== 200 || body.email !== account.email) {
        lost.push(`${account.email}: GET /user ${user.status} ${JSON.stringify(body)}`);
        continue;
      }
      if (account.acknowledgedStep !== undefined) {
        // A later update may have landed without its answer arriving; never an earlier one.
        const step = body.user_metadata?.step ?? 0;
        if (step < account.acknowledgedStep) {
          lost.push(`${account.email}: step ${step} < ${account.acknowledgedStep}`);
        }
      }
      const signIn = await send(second.url, {
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        headers: [API_KEY, JSON_TYPE],
        body: JSON.stringify({ email: account.email, password: PASSWORD }),
      });
      if (signIn.status !== 200) lost.push(`${account.email}: sign-in ${signIn.status}`);
    }
    expect(accounts.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_CRASH);
    expect(lost).toEqual([]);
  }, 240_000);
});
