import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../../lambdas/platform/env';
import type { LocalRuntime } from '../../local/runtime';
import { launchBrowser } from './browser';
import { startTestRuntime } from './test-runtime';

export interface E2eSetup {
  /** The whole product on a free port: DynamoDB Local in memory, the Stripe emulator, the built SPA. */
  readonly runtime: LocalRuntime;
  readonly browser: Browser;
  /** A page in a new browser context, so it shares no cookies or storage with other pages. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

function started<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`the e2e ${name} is used before beforeAll started it`);
  return value;
}

/**
 * Starts the local runtime (with `env` for the handlers) and Debian's Chromium before a test
 * file's tests, and stops both after them. Closing the browser closes every context opened in it.
 */
export function useE2eSetup(env?: Env): E2eSetup {
  let runtime: LocalRuntime | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [runtimeStart, browserLaunch] = await Promise.allSettled([
      startTestRuntime({ env }),
      launchBrowser(),
    ]);
    if (runtimeStart.status === 'fulfilled') runtime = runtimeStart.value;
    if (browserLaunch.status === 'fulfilled') browser = browserLaunch.value;
    for (const outcome of [runtimeStart, browserLaunch]) {
      if (outcome.status === 'rejected') throw outcome.reason;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });
  return {
    get runtime() {
      return started(runtime, 'runtime');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newPage(options) {
      const context = await started(browser, 'browser').newContext(options);
      return context.newPage();
    },
  };
}

/**
 * A time zone where it is now between noon and 1 p.m. (`Etc/GMT-5` is UTC+5): a page in it and a
 * test that reads today's date in it (`todayIn`) agree on the date for the next 11 hours, at
 * whatever hour the file runs.
 */
export function noonTimeZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** The date (YYYY-MM-DD) it is now in `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
