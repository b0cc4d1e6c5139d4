/**
 * Issue 38's figures:
 *  1. password guesses an hour against one account, from 1 client and from 1,000 clients, under
 *     the default back-off (computed with the server's own `signInDelayMs` and defaults);
 *  2. /recover median time for a known and an unknown address, against `npm start`'s entry in a
 *     child process (with `MAIL_ANSWER_FLOOR_MS`, default 500; `--floor 0` shows it without).
 * Usage: npx tsx bench/security-v-bench.ts [--samples 40] [--floor 500]
 */
import { performance } from 'node:perf_hooks';
import { readAuthConfig } from '../lambdas/auth/config';
import { signInDelayMs, type SignInDelayPolicy } from '../lambdas/identity/sign-in-failures';
import { LOCAL_PUBLISHABLE_KEY } from '../local/constants';
import { benchTarget, option, percentile, request } from './support';

const SAMPLES = option('samples', 40);
const FLOOR_MS = option('floor', 500);

/** Attempts a greedy guesser gets in `hours`, each as soon as the wait allows, from `failures`. */
function guesses(policy: SignInDelayPolicy, failures: number, hours = 1) {
  const end = hours * 3_600_000;
  let at = 0;
  let count = 0;
  for (let seen = failures; at < end; count += 1) {
    seen += 1;
    at += signInDelayMs(seen, policy);
  }
  return count;
}

const { signIn } = readAuthConfig({
  TABLE_NAME: 'bench',
  SITE_URL: 'http://localhost:8787',
  PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
  // Named only: the figures read the sign-in defaults, never a secret.
  JWT_SIGNING_KEYS: 'unused',
  REFRESH_TOKEN_SECRET: 'unused',
});
// One client: its own count binds first. 1,000 clients: each is fresh, so the account's binds.
console.log(
  `guesses in the first hour: 1 client ${guesses(signIn.client, 0)}, ` +
    `1,000 clients ${guesses(signIn.account, 0)}; ` +
    `each later hour: ${guesses(signIn.client, 100)} and ${guesses(signIn.account, 100)}`,
);

Object.assign(process.env, {
  MAIL_MIN_INTERVAL_SECONDS: '0',
  MAIL_ANSWER_FLOOR_MS: String(FLOOR_MS),
  RATE_LIMIT_OTP: '1000000',
  RATE_LIMIT_EMAIL_SENT: '1000000',
  RATE_LIMIT_EMAIL_PER_CLIENT: '1000000',
  RATE_LIMIT_EMAIL_PER_ADDRESS: '1000000',
});
const target = await benchTarget();
const headers = {
  apikey: LOCAL_PUBLISHABLE_KEY,
  'Content-Type': 'application/json;charset=UTF-8',
};
const post = (path: string, body: unknown) =>
  request(`${target.base}/auth/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
try {
  const known = `bench-known-${Date.now()}@example.com`;
  const signUp = await post('/signup', { email: known, password: 'bench password' });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.text}`);
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < SAMPLES + 5; i += 1) {
    for (const kind of ['known', 'unknown'] as const) {
      const email = kind === 'known' ? known : `bench-nobody-${Date.now()}-${i}@example.com`;
      const started = performance.now();
      const answer = await post('/recover', { email });
      const ms = performance.now() - started;
      if (answer.status !== 200)
        throw new Error(`/recover answered ${answer.status}: ${answer.text}`);
      if (i >= 5) times[kind].push(ms); // the first few warm the server up
    }
  }
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  console.log(
    `/recover median (floor ${FLOOR_MS} ms, ${SAMPLES} each): known ${median(times.known).toFixed(1)} ms, ` +
      `unknown ${median(times.unknown).toFixed(1)} ms`,
  );
} finally {
  await target.stop();
}
