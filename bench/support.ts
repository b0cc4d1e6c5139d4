import { startLocalRuntime } from '../local/runtime';

const args = process.argv.slice(2);

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The API to load: the URL given on the command line (a running `npm start`, which should be
 * started with the rate limits raised), or an in-process local runtime with rate limits raised.
 */
export async function benchTarget(): Promise<{ base: string; stop(): Promise<void> }> {
  const givenUrl = args.find((arg) => arg.startsWith('http'));
  if (givenUrl) return { base: givenUrl.replace(/\/$/, ''), stop: async () => undefined };
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir: null,
    webDist: 'web/dist',
    env: { RATE_LIMIT_TOKEN: '1000000', RATE_LIMIT_SIGNUP: '1000000' },
  });
  return { base: runtime.url, stop: () => runtime.stop() };
}
