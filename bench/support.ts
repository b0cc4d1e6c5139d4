import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);

/** `--name value` from the command line, if given. */
export function textOption(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** `--name <number>` from the command line, or the fallback. */
export function option(name: string, fallback: number): number {
  const value = textOption(name);
  return value === undefined ? fallback : Number(value);
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The API to load: the URL given on the command line (a running `npm start`, which should be
 * started with the rate limits raised), or `npm start`'s own entry (`local/start.ts`) run in a
 * child process with the rate limits raised: its own process, so the load generator does not
 * share the server's event loop. DynamoDB Local keeps its data in memory (`DATA_DIR=:memory:`),
 * or with `--disk` on disk in a fresh directory, as `npm start` does by default; on disk each
 * write costs DynamoDB Local's SQLite about 3 ms more, which measures the emulator, not the code.
 */
export async function benchTarget(): Promise<{
  base: string;
  storage: string;
  /** The server's node process and DynamoDB Local's processes, when the bench started them. */
  processes?: { server: number; database: number[] };
  stop(): Promise<void>;
}> {
  const givenUrl = args.find((arg) => arg.startsWith('http'));
  if (givenUrl) {
    return {
      base: givenUrl.replace(/\/$/, ''),
      storage: 'as started',
      stop: async () => undefined,
    };
  }
  const onDisk = args.includes('--disk');
  const dataDir = onDisk ? mkdtempSync(join(tmpdir(), 'cdl-bench-')) : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir ?? ':memory:',
      RATE_LIMIT_TOKEN: '1000000',
      RATE_LIMIT_SIGNUP: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const base = await new Promise<string>((resolveReady, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /Ready: (\S+)/.exec(out);
      if (ready) resolveReady(ready[1]!.replace(/\/$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`local/start.ts exited with ${code}:\n${out}`)));
  });
  return {
    base,
    storage: onDisk ? 'DynamoDB Local on disk' : 'DynamoDB Local in memory',
    processes: child.pid ? { server: child.pid, database: descendants(child.pid) } : undefined,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A process's children and their children (Linux /proc; none elsewhere). */
function descendants(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const parentOf = (name: string) => {
    try {
      return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    } catch {
      return undefined;
    }
  };
  const children = entries.filter((name) => parentOf(name) === pid).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** How the auth bench says its bcrypt figures ran on one CPU (bench/run.ts looks for it). */
export const PINNED_NOTE = 'server and bench pinned to one CPU';

/**
 * Pins processes, every thread, to a list of CPUs (`taskset`, util-linux); false where that
 * cannot be done (no taskset, not Linux).
 */
export function pinProcesses(pids: number[], cpuList: string): boolean {
  return pids.every((pid) => {
    const result = spawnSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], {
      stdio: 'ignore',
    });
    return !result.error && result.status === 0;
  });
}

export interface BenchResponse {
  status: number;
  ok: boolean;
  text: string;
}

/** Keep-alive connections, like a browser's; light on CPU, which the server needs more. */
const agent = new http.Agent({ keepAlive: true });

/** One HTTP request with node:http (fetch costs the load generator several times the CPU). */
export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<BenchResponse> {
  return new Promise((resolveResponse, reject) => {
    const body = init.body ?? '';
    const sent = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent,
        headers: { ...init.headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolveResponse({
            status,
            ok: status >= 200 && status < 300,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}
