import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../quality/harness';
import {
  DESKTOP,
  MOBILE,
  PASSWORD,
  PUBLIC_ROUTES,
  signIn,
  violations,
  visit,
} from '../support/accessibility';
import { useE2eSetup } from '../support/e2e';

/**
 * axe-core against WCAG 2.0/2.1 A and AA and WCAG 2.2 AA, in Chromium, on every route in every
 * state a visitor can reach signed out or without a subscription: the menus open, an FAQ answer
 * expanded and form errors showing. A subscriber's screens: accessibility-subscriber.test.ts.
 */
const e2e = useE2eSetup();
let freeEmail: string;

beforeAll(async () => {
  freeEmail = `a11y-free-${Date.now()}@example.com`;
  const { status } = await signUp(e2e.runtime.url, freeEmail, PASSWORD);
  if (status !== 200) throw new Error(`sign-up failed: ${status}`);
});

describe('accessibility (WCAG 2.2 AA) signed out', () => {
  it('every route', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    for (const [path, ready] of PUBLIC_ROUTES) {
      await visit(e2e, page, path, ready);
      expect(await violations(page), path).toEqual([]);
    }
  });

  it('a narrow screen, and its menu open', async () => {
    const page = await e2e.newPage({ viewport: MOBILE });
    await visit(e2e, page, '/', 'Dispute Credit Report Errors with Professional Letters');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQ' })
      .waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('an FAQ answer expanded, and a search with no results', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await visit(e2e, page, '/faq', 'Frequently Asked Questions');
    const question = page.getByRole('main').locator('button[aria-expanded]').first();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('zzzz qqqq');
    expect(await violations(page)).toEqual([]);
  });

  it('sign-up form with an error showing, and a failed sign-in', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await visit(e2e, page, '/auth', 'Why create an account?');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full Name').fill('Ann Error');
    await page.getByLabel('Email Address').fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill('something else');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    // Beside the field and in a toast.
    await page.getByText('Passwords do not match').first().waitFor();
    expect(await violations(page, { withToasts: true })).toEqual([]);

    await visit(e2e, page, '/auth', 'Why create an account?');
    await page.getByLabel('Email Address').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid login credentials').first().waitFor();
    expect(await violations(page, { withToasts: true })).toEqual([]);
  });
});

describe('accessibility (WCAG 2.2 AA) signed in without a subscription', () => {
  it('payment page, subscription gate, home and the user menu open', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await signIn(e2e, page, freeEmail, /\/(payment|tools)$/);
    await visit(e2e, page, '/payment', 'Subscribe for $5/month');
    expect(await violations(page)).toEqual([]);
    await visit(e2e, page, '/tools', 'Subscription Required');
    expect(await violations(page)).toEqual([]);
    await visit(e2e, page, '/', 'Dispute Credit Report Errors with Professional Letters');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('banner').getByRole('button', { expanded: false }).last().click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
