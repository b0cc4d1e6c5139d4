import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_SCRIPT } from '../../shared/session-hint';
import { ROUTE_ENTRY_FILES } from '../../shared/site-entry';
import { signUp } from '../quality/harness';
import { useE2eSetup } from '../support/e2e';

const HOME_HEADING = 'Dispute Credit Report Errors with Professional Letters';

/** Each public route and the first heading its prerendered HTML shows before any script. */
const FIRST_PAINT: [route: string, heading: string][] = [
  ['/', HOME_HEADING],
  ['/faq', 'Frequently Asked Questions'],
  ['/testimonials', 'Success Stories'],
  ['/auth', 'Sign In'],
  ['/forgot-password', 'Reset your password'],
  ['/support', 'Support'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/no-such-page', 'Page not found'],
];

const e2e = useE2eSetup();

/** Until the app has taken over the prerendered page (React marks the container it hydrates). */
async function appStarted(page: Page) {
  await expect
    .poll(() =>
      page
        .locator('#root')
        .evaluate((root: object) =>
          Object.keys(root).some((key) => key.startsWith('__reactContainer$')),
        ),
    )
    .toBe(true);
}

/** Console errors and uncaught exceptions: a hydration mismatch shows up as one of them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('every public route is prerendered and hydrated', () => {
  it('serves each route its own page in the HTML, with its title and styles, one inline script', async () => {
    for (const [route, heading] of FIRST_PAINT) {
      const response = await fetch(`${e2e.runtime.url}${route}`);
      const html = await response.text();
      expect(html, route).toContain(heading);
      expect(html, route).toContain('<style>');
      expect(html, route).not.toContain('<div id="root"></div>');
      // The only inline script is the session hint, and the CSP allows it by its hash alone.
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([^]*?)<\/script>/g)];
      expect(
        inline.map((script) => script[1]),
        route,
      ).toEqual([SESSION_HINT_SCRIPT]);
      const hash = createHash('sha256').update(inline[0]![1]!).digest('base64');
      expect(response.headers.get('content-security-policy'), route).toMatch(
        new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`),
      );
    }
    // The pages that depend on the session are prerendered in both variants: what a
    // signed-out visitor sees, and the loading state while a stored session is restored.
    for (const route of ['/tools', '/payment', '/success', '/auth']) {
      const html = await (await fetch(`${e2e.runtime.url}${route}`)).text();
      expect(html, route).toContain('data-when="signed-out"');
      expect(html, route).toMatch(/data-when="restoring"[^>]*><div role="status"/);
    }
    const faq = await (await fetch(`${e2e.runtime.url}/faq`)).text();
    expect(faq).toContain('<title>FAQ | Credit Dispute Letters</title>');
    // Every route of the table has its file.
    for (const route of Object.keys(ROUTE_ENTRY_FILES))
      expect((await fetch(`${e2e.runtime.url}${route}`)).status, route).toBe(200);
  });

  it("paints the variant for this browser's session before any of the app runs", async () => {
    // The app's scripts never load: what shows is the HTML, the stylesheet and the session hint
    // (under the runtime's CSP, which must allow it).
    const firstPaint = async (storedSession: boolean) => {
      const context = await e2e.browser.newContext();
      await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
      if (storedSession)
        await context.addInitScript({
          content: "localStorage.setItem('sb-127-auth-token', '{}')",
        });
      const page = await context.newPage();
      const errors = collectErrors(page);
      const shown = async (route: string, text: string) => {
        await page.goto(`${e2e.runtime.url}${route}`);
        return page.getByText(text, { exact: true }).first().isVisible();
      };
      const seen = {
        toolsSignIn: await shown('/tools', 'Sign In Required'),
        toolsLoading: await shown('/tools', 'Loading subscription details...'),
        paymentSignIn: await shown('/payment', 'Sign in to subscribe'),
        successSignIn: await shown(
          '/success',
          'Welcome back! Sign in to access your dispute letters.',
        ),
        authForm: await shown('/auth', 'Email Address'),
        headerSignIn: await shown('/faq', 'Sign In'),
        homeCreateAccount: await shown('/', 'Create Account'),
        homeOpenGenerator: await shown('/', 'Open the generator'),
      };
      expect(errors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
      await context.close();
      return seen;
    };
    expect(await firstPaint(false)).toEqual({
      toolsSignIn: true,
      toolsLoading: false,
      paymentSignIn: true,
      successSignIn: true,
      authForm: true,
      headerSignIn: true,
      homeCreateAccount: true,
      homeOpenGenerator: false,
    });
    expect(await firstPaint(true)).toEqual({
      toolsSignIn: false,
      toolsLoading: true,
      paymentSignIn: false,
      successSignIn: false,
      authForm: false,
      headerSignIn: false,
      homeCreateAccount: false,
      homeOpenGenerator: true,
    });
  });

  it('paints without JavaScript', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [route, heading] of FIRST_PAINT) {
      await page.goto(`${e2e.runtime.url}${route}`);
      const h1 = page.getByRole('heading', { level: 1 });
      expect(await h1.textContent(), route).toBe(heading);
      expect(await h1.isVisible(), route).toBe(true);
    }
    await context.close();
  });

  it('hydrates each page without errors, then works as the app (client-side navigation)', async () => {
    for (const [route] of FIRST_PAINT) {
      const page = await e2e.newPage();
      const errors = collectErrors(page);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      await page.goto(`${e2e.runtime.url}${route}`);
      await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
      // A link in the footer: it navigates in place once the app runs (before, it is a plain
      // link, and a click loads the page).
      await appStarted(page);
      await page.getByRole('link', { name: 'Help and refunds' }).click();
      await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
      expect(documents, route).toEqual([`${e2e.runtime.url}${route}`]);
      expect(errors, route).toEqual([]);
      await page.close();
    }
  });

  it('paints before any of the app loads: its code is requested after the first contentful paint', async () => {
    for (const route of ['/', '/auth', '/support']) {
      const page = await e2e.newPage();
      await page.goto(`${e2e.runtime.url}${route}`);
      await appStarted(page);
      const timings = await page.evaluate(() => ({
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      // Only the entry and Vite's preload helper load before; the app and the page after.
      const before = timings.scripts.filter(
        (script) => script.startTime < timings.firstContentfulPaint,
      );
      expect(
        before.map((script) => script.url.replace(/-[\w-]{8}\.js$/, '')).sort(),
        route,
      ).toEqual(['/assets/index', '/assets/preload-helper']);
      expect(
        timings.scripts.some((script) => script.url.includes('/start-')),
        route,
      ).toBe(true);
      await page.close();
    }
  });

  it('keeps a prerendered form disabled until it is hydrated', async () => {
    const html = await (await fetch(`${e2e.runtime.url}/auth`)).text();
    expect(html).toMatch(/<fieldset disabled="" [^>]*>/);
    const page = await e2e.newPage();
    await page.goto(`${e2e.runtime.url}/auth`);
    await expect.poll(() => page.getByLabel('Email Address').isEnabled()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Create an account' }).isEnabled())
      .toBe(true);
    // The FAQ search too: typed before the app runs, it would find nothing.
    const faq = await (await fetch(`${e2e.runtime.url}/faq`)).text();
    expect(faq).toMatch(/<input[^>]*id="faq-search"[^>]*disabled=""/);
    await page.goto(`${e2e.runtime.url}/faq`);
    await expect.poll(() => page.getByLabel('Search FAQs').isEnabled()).toBe(true);
    // So are the buttons outside a form: clicked before the app runs, they would do nothing.
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Create an account</);
    const payment = await (await fetch(`${e2e.runtime.url}/payment`)).text();
    expect(payment).toMatch(/<button type="button" disabled=""[^>]*>Sign In to Continue</);
    await page.goto(`${e2e.runtime.url}/payment`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign In to Continue' }).isEnabled())
      .toBe(true);
    await page.close();
  });

  it('/auth?mode=signup hydrates into create-account mode without a mismatch', async () => {
    const page = await e2e.newPage();
    const errors = collectErrors(page);
    await page.goto(`${e2e.runtime.url}/auth?mode=signup`);
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await page.getByLabel('Full Name').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates without errors for a signed-in visitor (the session is restored after)', async () => {
    const email = `prerender-${Date.now()}@example.com`;
    const password = 'correct-horse-battery';
    expect((await signUp(e2e.runtime.url, email, password)).status).toBe(200);
    const page = await e2e.newPage();
    await page.goto(`${e2e.runtime.url}/auth`);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/auth');

    const errors = collectErrors(page);
    for (const route of ['/', '/faq', '/tools', '/payment']) {
      await page.goto(`${e2e.runtime.url}${route}`);
      await page.getByRole('button', { name: /No Active Plan/ }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign In' }).count(), route).toBe(0);
    }
    await page.getByRole('heading', { level: 1, name: 'Complete Your Subscription' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
