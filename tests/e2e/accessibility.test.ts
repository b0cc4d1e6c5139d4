import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, signUp } from '../quality/harness';
import { axeViolations, WCAG_TAGS } from '../support/axe';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';

/**
 * axe-core against WCAG 2.0/2.1 A and AA and WCAG 2.2 AA, in Chromium, on every route in every
 * state a visitor can reach: signed out, signed in without and with a subscription, the menus
 * open, the preview dialog open, an FAQ answer expanded and form errors showing.
 */
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
const PASSWORD = 'correct-horse-battery';

const e2e = useE2eSetup();
let subscriberEmail: string;
let freeEmail: string;

beforeAll(async () => {
  subscriberEmail = (
    await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'a11y-paid')
  ).email;
  freeEmail = `a11y-free-${Date.now()}@example.com`;
  const { status } = await signUp(e2e.runtime.url, freeEmail, PASSWORD);
  if (status !== 200) throw new Error(`sign-up failed: ${status}`);
});

/** Violations on the page once it is still; toasts only where the step shows one on purpose. */
const violations = (page: Page, options: { withToasts?: boolean } = {}) =>
  axeViolations(page, { tags: WCAG_TAGS, ...options });

async function visit(page: Page, path: string, ready: string) {
  await page.goto(`${e2e.runtime.url}${path}`);
  await page.getByText(ready, { exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function signIn(page: Page, email: string, landing: RegExp) {
  await signInThroughApp(page, e2e.runtime.url, { email, password: PASSWORD }, landing);
}

const PUBLIC_ROUTES: [string, string][] = [
  ['/', 'Dispute Credit Report Errors with Professional Letters'],
  ['/faq', 'Frequently Asked Questions'],
  ['/testimonials', 'Success Stories'],
  ['/auth', 'Why create an account?'],
  ['/payment', 'Sign in to subscribe'],
  ['/tools', 'Sign In Required'],
  ['/checkup', 'Sign In Required'],
  // Signed out, /success sends the visitor to sign in first.
  ['/success', 'Why create an account?'],
  ['/auth?mode=signup', 'Confirm Password'],
  ['/forgot-password', 'Reset your password'],
  ['/support', 'Help and refunds'],
  ['/privacy', 'What stays in your browser'],
  ['/terms', 'Acceptable use'],
  ['/no-such-page', 'Page not found'],
];

describe('accessibility (WCAG 2.2 AA) signed out', () => {
  it('every route', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    for (const [path, ready] of PUBLIC_ROUTES) {
      await visit(page, path, ready);
      expect(await violations(page), path).toEqual([]);
    }
  });

  it('a narrow screen, and its menu open', async () => {
    const page = await e2e.newPage({ viewport: MOBILE });
    await visit(page, '/', 'Dispute Credit Report Errors with Professional Letters');
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
    await visit(page, '/faq', 'Frequently Asked Questions');
    const question = page.getByRole('main').locator('button[aria-expanded]').first();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('zzzz qqqq');
    expect(await violations(page)).toEqual([]);
  });

  it('sign-up form with an error showing, and a failed sign-in', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await visit(page, '/auth', 'Why create an account?');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full Name').fill('Ann Error');
    await page.getByLabel('Email Address').fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill('something else');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    // Beside the field and in a toast.
    await page.getByText('Passwords do not match').first().waitFor();
    expect(await violations(page, { withToasts: true })).toEqual([]);

    await visit(page, '/auth', 'Why create an account?');
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
    await signIn(page, freeEmail, /\/(payment|tools)$/);
    await visit(page, '/payment', 'Subscribe for $5/month');
    expect(await violations(page)).toEqual([]);
    await visit(page, '/tools', 'Subscription Required');
    expect(await violations(page)).toEqual([]);
    await visit(page, '/', 'Dispute Credit Report Errors with Professional Letters');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('banner').getByRole('button', { expanded: false }).last().click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});

describe('accessibility (WCAG 2.2 AA) signed in with a subscription', () => {
  it('generator, each of its steps, its validation errors, the preview dialog and the user menu', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await signIn(page, subscriberEmail, /\/tools$/);
    await page.getByText('Active Subscription - Unlimited Access').waitFor();
    await page.getByLabel('Your Name').waitFor();
    await page.waitForLoadState('networkidle');
    // Step 1, with the live letter panel beside it.
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next: Disputed items' }).click();
    await page.getByLabel('Credit Bureau').waitFor();
    expect(await violations(page)).toEqual([]);
    // Next checks the step it leaves: the missing fields are marked beside them.
    await page.getByRole('button', { name: 'Next: Review' }).click();
    await page.getByText('Choose the credit bureau.').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Step 3: Review' }).click();
    await page.getByRole('button', { name: 'Preview Letter' }).waitFor();
    expect(await violations(page)).toEqual([]);

    // Nothing filled in: the generator goes back to step 2 and says what is missing.
    await page.getByRole('button', { name: 'Preview Letter' }).click();
    await page.getByText('Please fill in all required fields before previewing').waitFor();
    await page.getByText('Choose the credit bureau.').waitFor();
    expect(await violations(page, { withToasts: true })).toEqual([]);

    await fillItem(page);
    await page
      .getByRole('region', { name: 'Your letter so far' })
      .getByText('Example Bank', { exact: false })
      .waitFor();
    // Filling scrolled the form: axe counts a field half under the sticky header as a target too
    // small, so the page is checked from its top, as on arrival.
    await page.evaluate('window.scrollTo(0, 0)');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Step 3: Review' }).click();
    await page.getByRole('button', { name: 'Preview Letter' }).click();
    await page.getByRole('dialog', { name: 'Letter Preview' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('banner').getByRole('button', { expanded: false }).last().click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    for (const [path] of PUBLIC_ROUTES.filter(([path]) => path !== '/tools')) {
      await page.goto(`${e2e.runtime.url}${path}`);
      await page.waitForLoadState('networkidle');
      await page.locator('main h1, main h2').first().waitFor();
      expect(await violations(page), path).toEqual([]);
    }
  });
});

describe('the generator on a phone', () => {
  it('guided steps, the letter sheet and the preview pass axe; dialogs keep their title and close cross in view', async () => {
    const page = await e2e.newPage({ viewport: MOBILE, acceptDownloads: true });
    await signIn(page, subscriberEmail, /\/tools$/);
    await page.getByLabel('Your Name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Step 2: Disputed items' }).click();
    await fillItem(page);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Show the letter' }).click();
    const sheet = page.getByRole('dialog', { name: 'Your letter so far' });
    await sheet.getByText('Example Bank', { exact: false }).waitFor();
    expect(await violations(page)).toEqual([]);
    await expectOneScrollerUnderItsHeader(sheet, 'Your letter so far');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Step 3: Review' }).click();
    await page.getByRole('button', { name: 'Preview Letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    await dialog.waitFor();
    expect(await violations(page)).toEqual([]);
    await expectOneScrollerUnderItsHeader(dialog, 'Letter Preview');

    // A toast raised from inside the preview leaves its title and close cross uncovered.
    await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download Letter' }).click(),
    ]);
    const toast = page.getByRole('status').filter({ hasText: 'Letter downloaded successfully!' });
    await toast.waitFor();
    const toastBox = (await toast.locator('xpath=..').boundingBox())!;
    for (const part of headerParts(dialog, 'Letter Preview')) {
      const box = (await part.boundingBox())!;
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
  });
});

/** Step 2's required fields, for one item. */
async function fillItem(page: Page) {
  await page.getByLabel('Credit Bureau').selectOption('equifax');
  await page.getByLabel('Error Type', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Account Name', { exact: true }).fill('Example Bank 1234');
  await page.getByLabel('Account Number', { exact: true }).fill('1234');
  await page.getByLabel('Correct balance (may be $0)', { exact: true }).fill('$0');
  await page.getByLabel('Error Details', { exact: true }).fill('Paid in full in May 2026.');
}

function headerParts(dialog: Locator, title: string): Locator[] {
  return [
    dialog.getByRole('heading', { name: title }),
    dialog.getByRole('button', { name: 'Close', exact: true }),
  ];
}

/**
 * The dialog fills the phone's screen and scrolls as one container (nothing inside it scrolls
 * on its own); scrolled to the end, its title and close cross are still on screen.
 */
async function expectOneScrollerUnderItsHeader(dialog: Locator, title: string) {
  const scrollers = await dialog.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => {
        const { overflowY } = root.ownerDocument.defaultView!.getComputedStyle(element);
        return /auto|scroll/.test(overflowY) && element.scrollHeight > element.clientHeight;
      })
      .map((element) => {
        element.scrollTop = element.scrollHeight;
        return element.tagName.toLowerCase();
      }),
  );
  expect(scrollers).toEqual(['div']);
  expect(await dialog.boundingBox()).toEqual({
    x: 0,
    y: 0,
    width: MOBILE.width,
    height: MOBILE.height,
  });
  for (const part of headerParts(dialog, title)) {
    const box = (await part.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
  }
}
