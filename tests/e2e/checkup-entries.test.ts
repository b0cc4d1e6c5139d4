import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, type Subscriber } from '../quality/harness';
import { axeViolations } from '../support/axe';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';

/**
 * The Report Checkup with the user's own entries, typed by hand: a new entry is on no report
 * until the user ticks the reports that show it (a blank column never puts it in a letter), and
 * a 10,000-letter word in every text field never widens the page.
 */
const e2e = useE2eSetup();
let subscriber: Subscriber;

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'entries');
}, 120_000);

const LONG_WORD = 'W'.repeat(10_000);
/** Runs in the page (as source text: this project's Node typings have no DOM). */
const PAGE_OVERFLOW = `document.documentElement.scrollWidth - document.documentElement.clientWidth`;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

async function openCheckup(width: number): Promise<Page> {
  const page = await e2e.newPage({ viewport: { width, height: 900 } });
  await signInThroughApp(page, e2e.runtime.url, subscriber);
  await page.goto(`${e2e.runtime.url}/checkup`);
  // A new browser context: nothing kept, so the checkup starts from the start step.
  await page.getByRole('button', { name: 'Start with my reports' }).click();
  await heading(page, 'Personal information').waitFor();
  return page;
}

const step = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Checkup steps' }).getByRole('button', { name });

describe('an entry typed by hand', () => {
  it('is on no report until ticked: only the reports ticked get its letter', async () => {
    const page = await openCheckup(1280);
    await step(page, /Accounts$/).click();
    await heading(page, 'Accounts').waitFor();
    await page.getByRole('button', { name: 'Add an account' }).click();
    const account = page.getByRole('article', { name: 'Account 1' });
    await account.getByLabel('Creditor').fill('Fastlane Loans');
    const fastlane = page.getByRole('article', { name: 'Fastlane Loans' });
    for (const bureau of ['Experian', 'Equifax', 'TransUnion'])
      expect(await fastlane.getByLabel(`Shown on my ${bureau} report`).isChecked()).toBe(false);

    // Marked not mine on no report: said next to the columns, and no finding yet.
    await fastlane.getByLabel('Not mine: I never opened this account').check();
    // Said aloud as it appears (an alert): it shows above the box just ticked.
    const noReport = fastlane
      .getByRole('alert')
      .filter({ hasText: 'Tick the reports that show it: the letters go only to those bureaus.' });
    await noReport.waitFor();
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);

    await fastlane.getByLabel('Shown on my Experian report').check();
    await noReport.waitFor({ state: 'detached' });
    await fastlane.getByLabel('Balance').fill('$700.00');
    await step(page, /Findings$/).click();
    await heading(page, 'What the checkup found').waitFor();
    await page
      .getByRole('article', { name: 'Not your account: Fastlane Loans' })
      .getByText('You marked this account as not yours; Experian reports it in your file.')
      .waitFor();
    await step(page, /Letters$/).click();
    await heading(page, 'Your letters').waitFor();
    const bureauLetters = page.getByRole('region', { name: 'Letters to the credit bureaus' });
    expect(await bureauLetters.getByRole('article').allInnerTexts()).toHaveLength(1);
    await bureauLetters.getByRole('article', { name: 'Letter to Experian' }).waitFor();
    await page.close();
  }, 120_000);
});

describe('long text wraps', () => {
  it.each([390, 1280])(
    'a 10,000-letter word in every field never widens the page (%i px)',
    async (width) => {
      const page = await openCheckup(width);
      const fillAll = async () => {
        const fields = page
          .locator('main')
          .locator('input[type="text"], input:not([type]), textarea');
        for (const field of await fields.all()) await field.fill(LONG_WORD);
      };
      const sections: [RegExp, string, string][] = [
        [/Personal information$/, 'Personal information', 'Add personal information'],
        [/Accounts$/, 'Accounts', 'Add an account'],
        [/Collections$/, 'Collections', 'Add a collection'],
        [/Public records$/, 'Public records', 'Add a bankruptcy'],
        [/Inquiries$/, 'Inquiries', 'Add an inquiry'],
      ];
      for (const [button, title, add] of sections) {
        await step(page, button).click();
        await heading(page, title).waitFor();
        await page.getByRole('button', { name: add }).click();
        // Every column open, so that its fields are filled too.
        for (const shown of await page.getByLabel(/^Shown on my /).all()) await shown.check();
        await fillAll();
        expect(await page.evaluate<number>(PAGE_OVERFLOW), title).toBeLessThanOrEqual(0);
      }
      await page.close();
    },
    120_000,
  );
});
