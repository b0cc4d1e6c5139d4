/**
 * The long tasks (≥ 50 ms) of a cold load of each /checkup step on the sample reports, as a
 * subscriber, in Chromium at Lighthouse's 4x CPU slowdown, with the functions that took the most
 * time. Less noisy than Lighthouse's TBT on a shared machine: compare the count and the sum of
 * the tasks' time over 50 ms before and after a change.
 * Usage: npm run build:web && npx tsx bench/checkup-long-tasks.ts [--runs 3] [--dist web/dist]
 *        [--top 12]   (functions listed per step)
 *        [--functions <regexp>]   (which functions' total time to list; a build without
 *        minifying names them: vite build web --minify false --outDir <dir>)
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startLocalRuntime } from '../local/runtime';
import { seedSubscriber } from '../tests/quality/harness';
import { launchBrowser } from '../tests/support/browser';
import { textOption } from './support';
import { signInThroughApp } from '../tests/support/sign-in';

const RUNS = Number(textOption('runs') ?? 3);
const TOP = Number(textOption('top') ?? 12);
const STEPS = ['accounts', 'findings', 'letters'] as const;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const frameKey = (frame: ProfileNode['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() || '(native)'}:${frame.lineNumber + 1}`;

/** Self time per function (name, file) in ms, and its total time (with what it called). */
function times(profile: Profile): { self: Map<string, number>; total: Map<string, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const key = frameKey(byId.get(id)!.callFrame);
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const each = frameKey(byId.get(at)!.callFrame);
      if (!seen.has(each)) total.set(each, (total.get(each) ?? 0) + ms);
      seen.add(each);
    }
  });
  return { self, total };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

/** What each long task of the trace spent its time on: its direct parts, by kind and script. */
function longTaskParts(events: TraceEvent[]): string[] {
  const tasks = events.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= 50_000);
  const main = new Set(
    events
      .filter((event) => event.name === 'FunctionCall' || event.name === 'ParseHTML')
      .map((event) => event.tid),
  );
  return tasks
    .filter((task) => main.has(task.tid))
    .map((task) => {
      const end = task.ts + task.dur!;
      const parts = new Map<string, number>();
      let cursor = task.ts;
      for (const event of events
        .filter(
          (each) =>
            each.tid === task.tid &&
            each.ph === 'X' &&
            each !== task &&
            each.ts >= task.ts &&
            each.ts < end,
        )
        .sort((a, b) => a.ts - b.ts)) {
        if (event.ts < cursor) continue; // inside a part already counted
        const file = event.args?.data?.url?.split('/').pop()?.split('?')[0];
        const key = `${event.name}${file ? ` ${file}` : ''}`;
        parts.set(key, (parts.get(key) ?? 0) + (event.dur ?? 0) / 1000);
        cursor = event.ts + (event.dur ?? 0);
      }
      const listed = [...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([key, ms]) => `${key} ${Math.round(ms)}`)
        .join(', ');
      return `${Math.round(task.dur! / 1000)} ms: ${listed}`;
    });
}

async function measure(browser: Browser, page: Page, cdp: CDPSession, url: string) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 2 }).first().waitFor();
  await page.waitForTimeout(1000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const tasks = (await page.evaluate('window.__longTasks')) as number[];
  const elements = (await page.evaluate("document.querySelectorAll('*').length")) as number;
  return { tasks, elements, parts: longTaskParts(trace.traceEvents), ...times(profile) };
}

const runtime = await startLocalRuntime({
  port: 0,
  dataDir: null,
  webDist: textOption('dist') ?? 'web/dist',
});
const browser = await launchBrowser();
try {
  const subscriber = await seedSubscriber(runtime.url, runtime.stripeEmulator!.url, 'longtasks');
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  // Every long task of the page, from its first script on.
  await context.addInitScript(
    `window.__longTasks = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration)); }).observe({ type: 'longtask', buffered: true });`,
  );
  const page = await context.newPage();
  await signInThroughApp(page, runtime.url, subscriber);
  await page.goto(`${runtime.url}/checkup`);
  await page.getByRole('button', { name: 'Try it with a sample' }).click();
  await page.getByRole('heading', { name: 'Personal information' }).waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const wanted = new RegExp(textOption('functions') ?? '^(?!\\()', 'u');
  const add = (into: Map<string, number>, from: Map<string, number>) => {
    for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms / RUNS);
  };
  const list = (title: string, from: Map<string, number>, test: (key: string) => boolean) => {
    console.log(`  ${title}:`);
    for (const [key, ms] of [...from]
      .filter(([key]) => test(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP))
      console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  };
  for (const step of STEPS) {
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const rows: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await measure(browser, page, cdp, `${runtime.url}/checkup?step=${step}`);
      const blocking = result.tasks.reduce((sum, each) => sum + Math.max(0, each - 50), 0);
      rows.push(
        `run ${run + 1}: ${result.tasks.length} long tasks [${result.tasks.join(', ')}] ms, ${blocking} ms over 50 ms; ${result.elements} elements`,
      );
      for (const part of result.parts) rows.push(`  ${part}`);
      add(self, result.self);
      add(total, result.total);
    }
    console.log(`\n/checkup?step=${step} (4x CPU slowdown)`);
    for (const row of rows) console.log(`  ${row}`);
    list(
      'most self time (mean per load)',
      self,
      (key) => !/^\((idle|program|garbage collector|root)\)/.test(key),
    );
    list(
      'most total time, named functions (mean per load)',
      total,
      (key) => wanted.test(key) && !/^\(/.test(key),
    );
  }
} finally {
  await browser.close();
  await runtime.stop();
}
