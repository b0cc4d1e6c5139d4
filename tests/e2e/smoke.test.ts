import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime';
import { launchBrowser } from '../support/browser';

let runtime: LocalRuntime;
let browser: Browser;

beforeAll(async () => {
  runtime = await startLocalRuntime({ port: 0, dataDir: null, webDist: 'web/dist' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

it('renders the SPA in Chromium without CSP violations', async () => {
  const page = await browser.newPage();
  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
      cspErrors.push(msg.text());
  });
  await page.goto(runtime.url);
  await expect
    .poll(() => page.getByRole('banner').textContent())
    .toContain('Credit Dispute Letters');
  await expect
    .poll(() => page.locator('h1').first().textContent())
    .toContain('Dispute Credit Report Errors');
  expect(cspErrors).toEqual([]);
});
