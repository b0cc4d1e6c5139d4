import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, ViewportSize } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime';
import { launchBrowser } from '../support/browser';

/** axe-core (WCAG 2.x A/AA rules) on every page of the SPA: signed out and in, desktop and mobile. */
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

/** axe needs a page of its own context. */
async function newPage(viewport?: ViewportSize): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

async function visit(page: Page, path: string, ready: string) {
  await page.goto(`${runtime.url}${path}`);
  await page.getByText(ready, { exact: true }).first().waitFor();
  // Toasts and transitions settle before the scan.
  await page.waitForLoadState('networkidle');
}

const SIGNED_OUT: [string, string][] = [
  ['/', 'Dispute Credit Report Errors with Professional Letters'],
  ['/faq', 'Frequently Asked Questions'],
  ['/testimonials', 'Success Stories'],
  ['/auth', 'Why create an account?'],
  ['/payment', 'Sign in to subscribe'],
  ['/tools', 'Sign In Required'],
  ['/success', 'Payment Successful!'],
  ['/no-such-page', 'Page not found'],
];

describe('accessibility on desktop', () => {
  it.each(SIGNED_OUT)('signed out %s has no violations', async (path, ready) => {
    const page = await newPage({ width: 1280, height: 800 });
    await visit(page, path, ready);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('accessibility on mobile', () => {
  it.each(SIGNED_OUT.slice(0, 4))(
    '%s with the menu open has no violations',
    async (path, ready) => {
      const page = await newPage({ width: 390, height: 844 });
      await visit(page, path, ready);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.context().close();
    },
  );
});

describe('accessibility signed in', () => {
  it('payment page, subscription gate and open user menu have no violations', async () => {
    const page = await newPage();
    await page.goto(`${runtime.url}/auth`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Full Name').fill('Alex Access');
    await page.getByLabel('Email Address').fill(`a11y-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByLabel('Confirm Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.waitForURL(`${runtime.url}/payment`);
    await page.getByRole('button', { name: 'Subscribe for $5/month' }).waitFor();
    expect(await violations(page)).toEqual([]);

    await visit(page, '/tools', 'Subscription Required');
    expect(await violations(page)).toEqual([]);

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Alex Access/ })
      .click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});
