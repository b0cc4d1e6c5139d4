/**
 * Payment figures against `npm start`'s entry run in a child process (DynamoDB Local + the
 * Stripe emulator), or a running one (`npm start`) when a URL is given:
 *  1. subscription view (`.from('stripe_user_subscriptions').select('*').maybeSingle()` as
 *     postgrest-js sends it) at a paced 200 requests/s for 20 s: p50/p99 (target p99 ≤ 15 ms, 0 errors);
 *  2. checkout session creation (`POST /functions/v1/stripe-checkout` for users who already have a
 *     Stripe customer: token check, Stripe sync, session create) paced at 20/s for 10 s: p50/p99.
 * Usage: npx tsx bench/payments-bench.ts [http://localhost:8787] [--rate 200] [--seconds 20]
 *        [--checkout-rate 20] [--checkout-seconds 10] [--warm-up 4000] [--disk]
 */
import { performance } from 'node:perf_hooks';
import { LOCAL_PUBLISHABLE_KEY } from '../local/constants';
import { benchTarget, option, percentile, request, type BenchResponse } from './support';
import { PLAN } from '../shared/plan';

const VIEW_RATE = option('rate', 200);
const VIEW_SECONDS = option('seconds', 20);
const CHECKOUT_RATE = option('checkout-rate', 20);
const CHECKOUT_SECONDS = option('checkout-seconds', 10);
const USERS = 50;
const WARM_UP_REQUESTS = option('warm-up', 4000);

const target = await benchTarget();
const base = target.base;
console.log(`target: ${base}, ${target.storage}`);

const jsonHeaders = { apikey: LOCAL_PUBLISHABLE_KEY, 'Content-Type': 'application/json' };

async function signUp(index: number): Promise<string> {
  const response = await request(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({
      email: `pay-bench-${Date.now()}-${index}@example.com`,
      password: 'bench password',
    }),
  });
  const body = JSON.parse(response.text) as { access_token?: string };
  if (!body.access_token)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

function checkout(token: string) {
  return request(`${base}/functions/v1/stripe-checkout`, {
    method: 'POST',
    headers: { ...jsonHeaders, Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      price_id: PLAN.priceId,
      mode: PLAN.mode,
      success_url: `${base}/success`,
      cancel_url: `${base}/payment`,
    }),
  });
}

/** The request postgrest-js makes for `.select('*').maybeSingle()`. */
function readView(token: string) {
  return request(`${base}/rest/v1/stripe_user_subscriptions?select=*`, {
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      Authorization: `Bearer ${token}`,
      'Accept-Profile': 'public',
      'X-Client-Info': 'postgrest-js/bench',
    },
  });
}

/** Open-loop pacing: request i is sent at start + i/rate whether or not earlier ones finished. */
async function paced(rate: number, seconds: number, send: (i: number) => Promise<BenchResponse>) {
  const latencies: number[] = [];
  let errors = 0;
  const failures = new Map<string, number>();
  const fail = (kind: string) => {
    errors += 1;
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  };
  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i += 1) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await new Promise((resolveWait) => setTimeout(resolveWait, wait));
    inFlight.push(
      (async () => {
        const start = performance.now();
        try {
          const response = await send(i);
          latencies.push(performance.now() - start);
          if (!response.ok) fail(`HTTP ${response.status}`);
        } catch (error) {
          fail((error as NodeJS.ErrnoException).code ?? (error as Error).name);
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    count: sorted.length,
    perSecond: sorted.length / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
    errors: errors
      ? `${errors} (${[...failures].map(([kind, n]) => `${kind}: ${n}`).join(', ')})`
      : '0',
  };
}

try {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i += 1) tokens.push(await signUp(i));
  // Each user gets a Stripe customer (and a row); half of the view reads find a not_started row.
  for (const token of tokens) {
    const response = await checkout(token);
    if (!response.ok) throw new Error(`checkout failed: ${response.status} ${response.text}`);
  }
  // Warm-up: DynamoDB Local (a JVM) needs a few thousand requests before its JIT settles.
  for (let i = 0; i < WARM_UP_REQUESTS; i += 4) {
    await Promise.all([0, 1, 2, 3].map((j) => readView(tokens[(i + j) % tokens.length]!)));
  }

  // One request at a time: the handler's own latency, without queueing.
  const serial: number[] = [];
  for (let i = 0; i < 500; i += 1) {
    const start = performance.now();
    await readView(tokens[i % tokens.length]!);
    serial.push(performance.now() - start);
  }
  serial.sort((a, b) => a - b);
  console.log(
    `subscription view, one at a time: p50 ${percentile(serial, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(serial, 99).toFixed(1)} ms`,
  );

  const view = await paced(VIEW_RATE, VIEW_SECONDS, (i) => readView(tokens[i % tokens.length]!));
  console.log(
    `subscription view: ${view.count} requests (${view.perSecond.toFixed(0)}/s), p50 ${view.p50.toFixed(1)} ms, ` +
      `p99 ${view.p99.toFixed(1)} ms, max ${view.max.toFixed(1)} ms, errors ${view.errors} ` +
      `(target p99 ≤ 15 ms, 0 errors) ${view.p99 <= 15 && view.errors === '0' ? 'PASS' : 'FAIL'}`,
  );

  const sessions = await paced(CHECKOUT_RATE, CHECKOUT_SECONDS, (i) =>
    checkout(tokens[i % tokens.length]!),
  );
  console.log(
    `checkout session creation: ${sessions.count} requests (${sessions.perSecond.toFixed(0)}/s), ` +
      `p50 ${sessions.p50.toFixed(1)} ms, p99 ${sessions.p99.toFixed(1)} ms, max ${sessions.max.toFixed(1)} ms, ` +
      `errors ${sessions.errors}`,
  );
} finally {
  await target.stop();
}
