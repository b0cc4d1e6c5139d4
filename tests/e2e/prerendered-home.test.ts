import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../quality/harness';
import { useE2eSetup } from '../support/e2e';

const HOME_HEADING = 'Dispute Credit Report Errors with Professional Letters';

const e2e = useE2eSetup();

/** Console errors and uncaught exceptions: a hydration mismatch shows up as one of them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('the home page is prerendered into index.html', () => {
  it('is served to / with the page and its styles in the HTML, no inline script', async () => {
    const html = await (await fetch(e2e.runtime.url)).text();
    expect(html).toContain(HOME_HEADING);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    // Other routes get the empty shell: no home page flashes up before their own.
    for (const route of ['/faq', '/tools', '/no-such-page']) {
      const shell = await (await fetch(`${e2e.runtime.url}${route}`)).text();
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).not.toContain(HOME_HEADING);
    }
  });

  it('paints without JavaScript', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(e2e.runtime.url);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HOME_HEADING);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await context.close();
  });

  it('hydrates without errors and then works as the app (client-side navigation)', async () => {
    const page = await e2e.browser.newPage();
    const errors = collectErrors(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto(e2e.runtime.url);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    // A link in the page's body: it navigates in place only once the page is hydrated.
    await page.getByRole('link', { name: 'Read more success stories' }).click();
    await page.getByRole('heading', { level: 1, name: 'Success Stories' }).waitFor();
    expect(documents).toEqual([`${e2e.runtime.url}/`]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates without errors for a signed-in visitor (the session is restored after)', async () => {
    const email = `prerender-${Date.now()}@example.com`;
    const password = 'correct-horse-battery';
    expect((await signUp(e2e.runtime.url, email, password)).status).toBe(200);
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.runtime.url}/auth`);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/auth');

    const errors = collectErrors(page);
    await page.goto(e2e.runtime.url);
    await page.getByRole('button', { name: /No Active Plan/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
