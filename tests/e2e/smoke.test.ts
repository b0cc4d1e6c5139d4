import { expect, it } from 'vitest';
import { useE2eSetup } from '../support/e2e';

const e2e = useE2eSetup();

it('renders the SPA in Chromium without CSP violations', async () => {
  const page = await e2e.browser.newPage();
  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
      cspErrors.push(msg.text());
  });
  await page.goto(e2e.runtime.url);
  await expect
    .poll(() => page.getByRole('banner').textContent())
    .toContain('Credit Dispute Letters');
  await expect
    .poll(() => page.locator('h1').first().textContent())
    .toContain('Dispute Credit Report Errors');
  expect(cspErrors).toEqual([]);
});

it('fetches /config.json once: the app reuses the preload that index.html starts', async () => {
  const page = await e2e.browser.newPage();
  const configRequests: string[] = [];
  const preloadWarnings: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.url());
  });
  page.on('console', (msg) => {
    if (/preload/i.test(msg.text())) preloadWarnings.push(msg.text());
  });
  await page.goto(e2e.runtime.url);
  await expect
    .poll(() => page.locator('h1').first().textContent())
    .toContain('Dispute Credit Report Errors');
  expect(await page.locator('link[rel="preload"][href="/config.json"]').count()).toBe(1);
  expect(configRequests).toHaveLength(1);
  expect(preloadWarnings).toEqual([]);
});
