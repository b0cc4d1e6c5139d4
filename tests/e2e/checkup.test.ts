import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, type Subscriber } from '../quality/harness';
import { axeViolations } from '../support/axe';
import { noonTimeZone, todayIn, useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';

/**
 * The Report Checkup in Chromium: practice on the sample reports (the walk section by section
 * with Back, reload and a bad date marked inline, each finding's question, the practice letters
 * that can never be mailed), then the user's own checkup, which begins empty, its letters with
 * the sender's details and the round in My Disputes, while watching that nothing of the reports
 * leaves the browser.
 */
const e2e = useE2eSetup();
let page: Page;
let subscriber: Subscriber;
/** The body of every request the context makes. */
const sent: string[] = [];
// The files are named by the day: the page runs in a zone where it is about noon, so no
// midnight falls while the file runs. (The sample's findings are the same on any day.)
const timeZone = noonTimeZone();
const today = todayIn(timeZone);

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'checkup');
  page = await e2e.newPage({
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    timezoneId: timeZone,
  });
  page.context().on('request', (request) => {
    sent.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  await signInThroughApp(page, e2e.runtime.url, subscriber);
}, 120_000);

const heading = (name: string) => page.getByRole('heading', { name, level: 2 });
const entry = (name: string) => page.getByRole('article', { name, exact: true });
const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();

/** Violations in the page's main part (the toasts are outside it). */
const mainViolations = () => axeViolations(page, { include: 'main', withToasts: true });

async function noOverflow(): Promise<void> {
  expect(
    await page.evaluate(
      'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
    ),
  ).toBe(true);
}

describe('Report Checkup with the sample reports', () => {
  it('walks personal information, accounts, collections, public records and inquiries', async () => {
    await page.getByRole('link', { name: 'Checkup' }).first().click();
    await page.waitForURL(/\/checkup$/);
    await page
      .getByRole('link', { name: 'AnnualCreditReport.com' })
      .and(page.locator('[href="https://www.annualcreditreport.com"]'))
      .waitFor();
    await page.getByRole('button', { name: 'Try it with a sample' }).click();
    await heading('Personal information').waitFor();
    expect(page.url()).toMatch(/\?step=personal&practice=1$/);
    expect(await mainViolations()).toEqual([]);

    for (const never of ['Alexis Samples', '9 Harbor Road, Tampa, FL 33602', 'Gulf Coast Staffing'])
      await entry(never).getByLabel('This was never mine').check();
    await next();

    await heading('Accounts').waitFor();
    const lakeside = entry('Lakeside Auto Finance');
    // A filled entry shows as a summary of what each report shows, to check or edit.
    await lakeside.getByText(/TransUnion: balance \$9,450\.00/).waitFor();
    await lakeside.getByRole('button', { name: 'Check or edit what each report shows' }).click();
    for (const question of ['What does Experian show?', 'And Equifax?', 'And TransUnion?'])
      await lakeside.getByText(question).first().waitFor();
    // Back and a reload keep everything and the step.
    await page.goBack();
    await heading('Personal information').waitFor();
    await expect
      .poll(() => entry('Alexis Samples').getByLabel('This was never mine').isChecked())
      .toBe(true);
    await page.goForward();
    await heading('Accounts').waitFor();
    await entry('Coastal Payday Loans').getByLabel('Not mine: I never opened this account').check();
    await page.reload();
    await heading('Accounts').waitFor();
    await expect
      .poll(() =>
        entry('Coastal Payday Loans')
          .getByLabel('Not mine: I never opened this account')
          .isChecked(),
      )
      .toBe(true);
    expect(await mainViolations()).toEqual([]);
    await next();

    await heading('Collections').waitFor();
    await entry('Summit Medical Collections').first().waitFor();
    await next();
    await heading('Public records').waitFor();
    await next();

    await heading('Inquiries').waitFor();
    await entry('Bright Auto Sales').getByLabel('No, I did not apply').check();
    await entry('Coastal Payday Loans').getByLabel('No, I did not apply').check();
    await entry('Prairie State Bank').getByLabel('Yes').check();
    await entry('QuickCash Online').getByLabel('Yes').check();
    await page.getByRole('button', { name: 'See the findings' }).click();
    await heading('What the checkup found').waitFor();
  }, 120_000);

  it('marks bad input inline and computes nothing from it until fixed', async () => {
    await page.getByRole('button', { name: /Accounts$/ }).click();
    await heading('Accounts').waitFor();
    const northway = entry('Northway Department Store');
    await northway.getByRole('button', { name: 'Check or edit what each report shows' }).click();
    const date = northway.getByLabel('Date of first delinquency').first();
    await date.fill('2099-01-01');
    await expect
      .poll(() =>
        northway.getByText('This date is in the future. Enter the date the report shows.').count(),
      )
      .toBe(1);
    await expect.poll(() => date.getAttribute('aria-invalid')).toBe('true');
    const balance = northway.getByLabel('Balance').first();
    await balance.fill('about 1800');
    await northway.getByText(/Enter the balance as a number/).waitFor();
    await page.getByRole('button', { name: /Findings$/ }).click();
    await heading('What the checkup found').waitFor();
    await page
      .getByText('1 entry has a value to fix; its findings wait until it is fixed.')
      .waitFor();
    expect(await page.getByRole('article', { name: /Northway/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Fix it in Accounts' }).click();
    await date.fill('2017-02-10');
    // Typed key by key: the entry stays open (and the field focused) once its values are valid,
    // instead of folding to its summary after the first key that makes them so.
    await balance.fill('');
    await balance.pressSequentially('$1,870.00');
    expect(await balance.inputValue()).toBe('$1,870.00');
    expect(await balance.evaluate((field) => field === field.ownerDocument.activeElement)).toBe(
      true,
    );
    await northway.getByRole('button', { name: 'Hide the details' }).click();
    await northway
      .getByText(/Experian: balance \$1,870\.00, .*first delinquency February 10, 2017/)
      .waitFor();
    await page.getByRole('button', { name: /Findings$/ }).click();
    await page
      .getByRole('article', {
        name: 'Reported past its period: Northway Department Store, ending 3302',
      })
      .waitFor();
  });

  it('shows each finding with its reason and law, and asks its question', async () => {
    const findings = page.getByRole('main').getByRole('article');
    await expect.poll(() => findings.count()).toBe(14);
    const chapter7 = page.getByRole('article', {
      name: 'Reported past its period: Chapter 7 bankruptcy, case 14-70321',
    });
    await chapter7.getByText('15 U.S.C. §1681c(a)(1)', { exact: false }).waitFor();
    await chapter7.getByText(/should have left your report after June 10, 2024/).waitFor();

    const finding = (name: string) => page.getByRole('article', { name });
    await finding('Bureaus differ: Prairie State Bank Visa, ending 4821')
      .getByLabel(/^none, as Experian shows \(as of /)
      .check();
    // Balances a month apart: the practice answer is "not sure", which says how to check.
    const lakeside = finding('Bureaus differ: Lakeside Auto Finance, ending 7710');
    await lakeside.getByText(/a difference alone does not make one wrong/).waitFor();
    await lakeside.getByLabel('Not sure').check();
    await lakeside.getByText(/Find your Lakeside Auto Finance statement/).waitFor();
    await finding('Duplicate: Summit Medical Collections, ending 8831').getByLabel('Yes').check();
    const wireless = finding('Duplicate: Prairie Wireless, ending 0931');
    await wireless.getByLabel('Yes').check();
    await wireless.getByText('Say whether this debt was sold: yes, no or not sure.').waitFor();
    await wireless
      .getByRole('group', { name: 'Was this debt sold to another company?' })
      .getByLabel('Yes')
      .check();
    await page.getByLabel(/Identity theft report number/).fill('FTC-0000-SAMPLE-1');
    for (const name of [
      'Not your account: Coastal Payday Loans, ending 0047',
      'Inquiry you did not apply for: Coastal Payday Loans',
    ]) {
      await finding(name).getByLabel('This is the result of identity theft').check();
      await finding(name).getByLabel('My identity theft report (FTC or police) lists it').check();
    }
    await finding('Never yours: Address: 9 Harbor Road, Tampa, FL 33602')
      .getByLabel('This is the result of identity theft')
      .check();
    expect(await mainViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Make the letters' }).click();
    await heading('Your letters').waitFor();
  });

  it('makes practice letters: marked on every page and file, signed by the sample’s holder, never mailed', async () => {
    const letters = page
      .getByRole('region', { name: 'Letters to the credit bureaus' })
      .getByRole('article');
    await expect.poll(() => letters.count()).toBe(3);
    const equifax = page.getByRole('article', { name: 'Letter to Equifax' });
    for (const item of [
      'Prairie State Bank Visa',
      'Northway Department Store',
      'Riverbend Credit Union',
      'Coastal Payday Loans',
    ])
      await equifax.getByText(item, { exact: false }).first().waitFor();
    expect(await page.getByLabel('Full name').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all as mailed' }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the letter to TransUnion' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `SAMPLE-not-for-mailing-dispute-letter-transunion-4-items-${today}.txt`,
    );
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('SAMPLE: not for mailing\n')).toBe(true);
    expect(text).toContain('Alex J. Sample\n221 Maple Avenue');
    expect(text).toContain('What you report: my employer as "Gulf Coast Staffing".');
    expect(text).toContain('Duplicate of: Summit Medical Collections, ending 8830');
    expect(text).not.toContain('Lakeside');

    const creditors = page
      .getByRole('region', { name: 'Letters to the creditors' })
      .getByRole('article');
    await expect.poll(() => creditors.count()).toBe(6);
    const zipButton = page.getByRole('button', { name: 'Download all letters (.zip)' });
    const [zipped] = await Promise.all([page.waitForEvent('download'), zipButton.press('Enter')]);
    await expect
      .poll(() => zipButton.evaluate((button) => button === button.ownerDocument.activeElement))
      .toBe(true);
    expect(zipped.suggestedFilename()).toBe(`SAMPLE-not-for-mailing-checkup-letters-${today}.zip`);
    const zip = await JSZip.loadAsync(await readFile(await zipped.path()));
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(9);
    for (const name of names) {
      expect(name).toMatch(/^SAMPLE-not-for-mailing-/);
      expect(await zip.file(name)!.async('string')).toMatch(/^SAMPLE: not for mailing\n/);
    }
    await page.getByText('9 letters are in the .zip you downloaded.').waitFor();
    const without = page.getByRole('region', { name: 'Findings without a letter' });
    await without.getByText(/QuickCash Online/).waitFor();
    await without.getByText(/Lakeside Auto Finance/).waitFor();
    expect(await mainViolations()).toEqual([]);
    await noOverflow();
  });

  it('starts the real checkup empty after the sample, and mails its letters with the sender’s details', async () => {
    await page.goto(`${e2e.runtime.url}/checkup`);
    await page.getByRole('button', { name: 'Start with my reports' }).click();
    await heading('Personal information').waitFor();
    expect(page.url()).toMatch(/\?step=personal$/);
    expect(await page.getByText('Alexis Samples').count()).toBe(0);
    expect(await page.getByText(/Sample mode/).count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Checkup steps' })
      .getByRole('button', { name: /Accounts$/ })
      .click();
    await heading('Accounts').waitFor();
    await page.getByRole('button', { name: 'Add an account' }).click();
    await page
      .getByRole('article', { name: 'Account 1' })
      .getByLabel('Creditor')
      .fill('Fastlane Loans');
    const fastlane = page.getByRole('article', { name: 'Fastlane Loans' });
    await fastlane.getByLabel('Account number (last 4 digits)').fill('1188');
    await fastlane.getByLabel('Shown on my Experian report').check();
    await fastlane.getByLabel('Balance').fill('$700.00');
    await fastlane.getByLabel('Not mine: I never opened this account').check();
    await page
      .getByRole('navigation', { name: 'Checkup steps' })
      .getByRole('button', { name: /Letters$/ })
      .click();
    await heading('Your letters').waitFor();

    // No name was given at sign-up: the name starts blank, never the e-mail's handle.
    const fullName = page.getByLabel('Full name');
    const address = page.getByLabel('Address (street, then city, state and ZIP)');
    expect(await fullName.inputValue()).toBe('');
    await fullName.fill('Jordan Rivera');
    await address.fill('14 Oak Lane\nSpringfield, IL 62704');
    await page.getByLabel('Date of birth').fill('1985-03-04');
    const ssn = page.getByLabel('Last 4 digits of your SSN');
    await ssn.fill('123456789');
    await page
      .getByText('Enter only the last 4 digits of the SSN, never the full number.')
      .first()
      .waitFor();
    const experian = page.getByRole('article', { name: 'Letter to Experian' });
    await experian.getByText('This letter waits until you fix:').waitFor();
    await ssn.fill('6789');
    await page.getByLabel('Experian report number').fill('1234-5678-90');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the letter to Experian' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`dispute-letter-experian-1-item-${today}.txt`);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain(
      'Jordan Rivera\n14 Oak Lane\nSpringfield, IL 62704\nDate of birth: March 4, 1985\nSSN (last 4 digits): 6789\n',
    );
    expect(text).toContain('(report number 1234-5678-90)');
    expect(text).toContain(
      '- Proof of my current address, such as a utility bill or bank statement',
    );
    expect(text).not.toContain('SAMPLE');

    // Name and address are the account's "Your details": a reload keeps them, and nothing else.
    await page.reload();
    await heading('Your letters').waitFor();
    expect(await fullName.inputValue()).toBe('Jordan Rivera');
    expect(await page.getByLabel('Last 4 digits of your SSN').inputValue()).toBe('');
    const kept = await page.evaluate('JSON.stringify(localStorage)');
    expect(kept).not.toMatch(/6789|1985-03-04|1234-5678-90/);

    await page.getByLabel('Mailed on').fill(today);
    await page.getByRole('button', { name: 'Mark all as mailed' }).click();
    await page.getByText('1 letter was added to My Disputes as Round 1.').waitFor();
    await page.getByRole('link', { name: 'Open My Disputes' }).click();
    await page.waitForURL(/\/disputes$/);
    await page
      .getByRole('link', { name: /^Experian: Round 1/ })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: /Round 1/ }).count()).toBe(1);
  }, 120_000);

  it('never adds the same letters twice: after a reload they show as mailed', async () => {
    await page.goto(`${e2e.runtime.url}/checkup?step=letters`);
    await page.getByText(/^You marked these letters as mailed on /).waitFor();
    expect(await page.getByRole('button', { name: 'Mark all as mailed' }).count()).toBe(0);
  });

  it('fits a 390 px screen and sent nothing of the reports anywhere', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.runtime.url}/checkup?step=accounts`);
    await heading('Accounts').waitFor();
    await noOverflow();
    expect(await mainViolations()).toEqual([]);
    const leaked = sent.filter((line) =>
      /Northway|Harbor Road|Coastal Payday|Lakeside|Fastlane/.test(line),
    );
    expect(leaked).toEqual([]);
  });

  it('travels in the backup, goes with "Delete all my data", and comes back with the import', async () => {
    await page.goto(`${e2e.runtime.url}/disputes`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export backup' }).click(),
    ]);
    const backupPath = await download.path();
    const backup = JSON.parse(await readFile(backupPath, 'utf8')) as { checkup?: unknown };
    // The user's own checkup travels in the backup; the practice run never does.
    expect(JSON.stringify(backup.checkup)).toContain('Fastlane');
    expect(JSON.stringify(backup)).not.toContain('Northway');

    await page.getByRole('button', { name: 'Delete all my data' }).click();
    await page.getByRole('button', { name: 'Yes, delete everything' }).click();
    await page.getByRole('heading', { name: 'No disputes yet' }).waitFor();
    await page.goto(`${e2e.runtime.url}/checkup?step=letters`);
    await page.getByRole('button', { name: 'Try it with a sample' }).waitFor();

    await page.goto(`${e2e.runtime.url}/disputes`);
    await page.getByLabel('Import backup').setInputFiles(backupPath);
    await page.getByRole('link', { name: /^Experian: Round 1/ }).waitFor();
    await page.goto(`${e2e.runtime.url}/checkup?step=letters`);
    await page.getByText(/^You marked these letters as mailed on /).waitFor();
  });
});
