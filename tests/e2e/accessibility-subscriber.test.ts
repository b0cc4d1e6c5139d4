import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../quality/harness';
import { DESKTOP, MOBILE, PUBLIC_ROUTES, signIn, violations } from '../support/accessibility';
import { useE2eSetup } from '../support/e2e';

/**
 * axe-core against WCAG 2.0/2.1 A and AA and WCAG 2.2 AA, in Chromium, on a subscriber's screens:
 * the generator's steps, its validation errors, the preview dialog, the user menu, every route
 * signed in, and the generator on a phone. Signed out: accessibility.test.ts.
 */
const e2e = useE2eSetup();
let subscriberEmail: string;

beforeAll(async () => {
  subscriberEmail = (
    await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'a11y-paid')
  ).email;
});

describe('accessibility (WCAG 2.2 AA) signed in with a subscription', () => {
  it('generator, each of its steps, its validation errors, the preview dialog and the user menu', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await signIn(e2e, page, subscriberEmail, /\/tools$/);
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
  });

  it('every route', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await signIn(e2e, page, subscriberEmail, /\/tools$/);
    await page.getByText('Active Subscription - Unlimited Access').waitFor();
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
    await signIn(e2e, page, subscriberEmail, /\/tools$/);
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
