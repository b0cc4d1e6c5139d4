import { readFile } from 'node:fs/promises';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, type Subscriber } from '../quality/harness';
import { axeViolations, WCAG_TAGS } from '../support/axe';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';
import { importThreeDisputes } from '../support/three-disputes';

/**
 * Issue 25 in Chromium at a phone's and a desktop's width: the My Disputes dashboard, status that
 * follows what the user did, and a generator that loses nothing on Back, reload or leaving.
 */
const e2e = useE2eSetup();
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The text a packet draws (pdf-lib writes each line as a hex string). */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
      for (const [, hex] of raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
        text += `${hex!.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)))}\n`;
    }
  }
  return text;
}

const LONG_WORD = 'W'.repeat(10_000);

const axe = (page: Page) => axeViolations(page, { tags: WCAG_TAGS });

const overflows = (page: Page) =>
  page.evaluate<boolean>(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth',
  );

const signIn = (page: Page, subscriber: Subscriber) =>
  signInThroughApp(page, e2e.runtime.url, subscriber);

describe.each([390, 1280])('at %i px', (width) => {
  let page: Page;
  let subscriber: Subscriber;

  beforeAll(async () => {
    subscriber = await seedSubscriber(
      e2e.runtime.url,
      e2e.runtime.stripeEmulator!.url,
      `carry-${width}`,
    );
    page = await e2e.newPage({ viewport: { width, height: 900 } });
    await signIn(page, subscriber);
    await importThreeDisputes(page, e2e.runtime.url, subscriber.userId);
    // Its toast gone: axe reads the page as the user reads it afterwards.
    await page.getByText('Backup imported').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('1. opens My Disputes on a compact list, most urgent first, each with one next action', async () => {
    const rows = page.getByRole('list', { name: 'Your disputes' }).getByRole('listitem');
    expect(await rows.count()).toBe(3);
    const text = await rows.allInnerTexts();
    expect(text[0]).toMatch(/^Experian: Round 1[\s\S]*Overdue[\s\S]*Build the follow-up/);
    expect(text[1]).toMatch(/^Equifax: Round 1[\s\S]*Mailed[\s\S]*Enter the delivery date/);
    expect(text[2]).toMatch(/^TransUnion: Round 2/);
    // No letter's forms on the dashboard: they are in the dispute's own view.
    expect(await page.getByRole('article').count()).toBe(0);
    const height = await page.evaluate<number>('document.documentElement.scrollHeight');
    console.info(`height of /disputes with three disputes at ${width} px: ${height} px`);
    // Was 4,773 px at 1280 px with every form of every round open. The reminders and sync
    // panels (both opt-in, under "Your data") added about 400 px at 390 and 200 px at 1280.
    expect(height).toBeLessThan(width < 768 ? 2500 : 1700);
    expect(await overflows(page)).toBe(false);
    expect(await axe(page)).toEqual([]);
  });

  it('1. opens a dispute to its rounds as one thread; Back returns to the list', async () => {
    await page.getByRole('link', { name: 'TransUnion: Round 2' }).click();
    const thread = page.getByRole('region', { name: 'Dispute thread' });
    await thread.waitFor();
    expect(
      await thread
        .getByRole('article')
        .evaluateAll((articles) =>
          articles.map((article) => article.querySelector('h2')?.textContent),
        ),
    ).toEqual([
      'Round 1: Dispute letter to TransUnion',
      'Round 2: Follow-up: no response by the due date to TransUnion',
    ]);
    expect(await axe(page)).toEqual([]);
    await page.goBack();
    await page.getByRole('list', { name: 'Your disputes' }).waitFor();
  });

  it('2. a followed-up round reads "Followed up (Round 2)"; the banner and the header count only what needs the user', async () => {
    const transUnion = page.getByRole('listitem').filter({ hasText: 'TransUnion' });
    await page.getByRole('link', { name: 'TransUnion: Round 2' }).click();
    const round1 = page.getByRole('article', { name: /^Round 1: / });
    // The thread renders after the address changes: wait for it before counting.
    await round1.getByText('Followed up (Round 2)', { exact: true }).waitFor();
    expect(await round1.getByText('Followed up (Round 2)', { exact: true }).count()).toBe(1);
    expect(await round1.getByText('Overdue', { exact: true }).count()).toBe(0);
    await page.goBack();
    await transUnion.first().waitFor();
    expect(await transUnion.getByText('Overdue', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'overdue' }).innerText()).toMatch(
      /^1 dispute is overdue\./,
    );
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'My Disputes',
    });
    expect(await link.getByTestId('overdue-badge').innerText()).toMatch(/^1/);
    if (width >= 1280) {
      // One line: every header link sits on the same row, inside the header's height.
      const header = (await page.locator('header').boundingBox())!;
      const tops = await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link')
        .evaluateAll((links) => links.map((each) => Math.round(each.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      // And each on one line: no label wraps, the badge sits beside "My Disputes", not under it.
      const heights = await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((each) => Math.round(each.getBoundingClientRect().height)),
        );
      expect(new Set(heights).size).toBe(1);
      expect(header.height).toBeLessThanOrEqual(80);
    } else await page.getByRole('button', { name: 'Close menu' }).click();
  });

  it('2. the overdue count stays in sight: on "My Disputes", or on the phone menu\'s button', async () => {
    for (const route of ['/disputes', '/tools']) {
      await page.goto(`${e2e.runtime.url}${route}`);
      if (width < 1024) {
        // "My Disputes" hides in the closed menu: its button says the count and shows it.
        const menu = page.getByRole('button', { name: 'Open menu, 1 overdue', exact: true });
        await menu.waitFor();
        const badge = menu.getByTestId('menu-overdue-badge');
        expect(await badge.innerText()).toBe('1');
        const box = (await badge.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(await axe(page)).toEqual([]);
      } else {
        const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
          name: 'My Disputes',
        });
        await link.getByTestId('overdue-badge').waitFor();
        expect(await page.getByTestId('menu-overdue-badge').isVisible()).toBe(false);
      }
    }
  });

  it('4. each step is a history entry; Next checks the step it leaves, inline', async () => {
    await page.goto(`${e2e.runtime.url}/tools`);
    await page.getByLabel('Date of Birth').fill('1985-03-04');
    await page.getByRole('button', { name: 'Next: Disputed items' }).click();
    await page.waitForURL(/\?step=2$/);
    await page.getByLabel('Account Name', { exact: true }).fill('Capital One Visa');
    await page.getByRole('button', { name: 'Next: Review' }).click();
    // Stays, with each missing field marked beside it.
    expect(page.url()).toMatch(/\?step=2$/);
    expect(await page.getByText('Choose the credit bureau.').isVisible()).toBe(true);
    expect(await page.getByText('Describe what is wrong and what is correct.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Enter the account name shown on your report.').count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await page.getByLabel('Credit Bureau').selectOption('experian');
    await page.getByLabel('Error Type', { exact: true }).selectOption('incorrect-balance');
    await page
      .getByLabel('Error Details', { exact: true })
      .fill('The balance is $900, not $9,000.');
    // What a balance dispute needs since Letters III: the account number and the true balance.
    await page.getByLabel('Account Number', { exact: true }).fill('4321');
    await page.getByLabel('Correct balance (may be $0)', { exact: true }).fill('$900');
    expect(await page.getByText('Choose the credit bureau.').count()).toBe(0);
    await page.getByRole('button', { name: 'Next: Review' }).click();
    await page.waitForURL(/\?step=3$/);
    // The browser's Back goes to the previous step, not off the page.
    await page.goBack();
    await page.waitForURL(/\?step=2$/);
    expect(await page.getByRole('heading', { name: 'Disputed items' }).isVisible()).toBe(true);
  });

  it('4. a reload restores the draft, without the date of birth', async () => {
    await page.reload();
    expect(await page.getByLabel('Account Name', { exact: true }).inputValue()).toBe(
      'Capital One Visa',
    );
    expect(await page.getByLabel('Credit Bureau').inputValue()).toBe('experian');
    await page.getByRole('button', { name: 'Step 1: Your details' }).click();
    expect(await page.getByLabel('Date of Birth').inputValue()).toBe('');
  });

  it('5. every generator field has a limit and a live count; a 10,000-character word wraps at any width', async () => {
    await page.goto(`${e2e.runtime.url}/tools?step=2`);
    await page.getByLabel('Credit Bureau').selectOption('experian');
    await page.getByLabel('Error Type', { exact: true }).selectOption('incorrect-balance');
    const fields = page.locator(
      // The SSN field takes 4 digits and refuses more with its own message.
      'form[aria-label="Dispute letter"] :is(input:not([type]), input[type=text], input[type=tel], input[type=email], textarea):not([inputmode=numeric])',
    );
    for (const step of ['Step 1: Your details', 'Step 2: Disputed items'] as const) {
      await page.getByRole('button', { name: step }).click();
      for (const field of await fields.all()) {
        if (!(await field.isVisible())) continue;
        const max = Number(await field.getAttribute('maxlength'));
        expect(max, await field.evaluate((element) => element.id)).toBeGreaterThan(0);
        expect(max).toBeLessThanOrEqual(1500);
        await field.fill(LONG_WORD);
        expect((await field.inputValue()).length).toBe(max);
      }
    }
    expect(await page.getByText(`${(1500).toLocaleString('en-US')} / 1,500`).isVisible()).toBe(
      true,
    );
    for (const each of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width: each, height: 900 });
      expect(await overflows(page), `/tools at ${each} px`).toBe(false);
    }
    await page.setViewportSize({ width, height: 900 });
    // A phone and an e-mail of W's are refused before any letter: the real ones, to preview it.
    await page.getByRole('button', { name: 'Step 1: Your details' }).click();
    await page.getByLabel('Phone').fill('(217) 555-0100');
    await page.getByLabel('Email', { exact: true }).fill('jane@example.com');
    await page.getByRole('button', { name: 'Step 3: Review' }).click();
    expect(await overflows(page)).toBe(false);
    await page.getByRole('button', { name: 'Preview Letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    await dialog.waitFor();
    expect(await overflows(page)).toBe(false);
    expect(
      await dialog
        .getByLabel('Letter text')
        .evaluate((element) => element.scrollWidth <= element.clientWidth),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Close Preview' }).click();
  });

  it('3. the Review step builds the mailing packet: the letter as downloaded, its exhibits, then Mark as mailed', async () => {
    await page.goto(`${e2e.runtime.url}/tools`);
    await page.getByLabel('Your Name').fill('Jane Q. Public');
    await page.getByLabel('Mailing Address').fill('12 Elm Street\nSpringfield, IL 62701');
    await page.getByLabel('Date of Birth').fill('1985-03-04');
    await page.getByRole('button', { name: 'Step 2: Disputed items' }).click();
    await page.getByLabel('Credit Bureau').selectOption('equifax');
    await page.getByLabel('Error Type', { exact: true }).selectOption('incorrect-balance');
    await page.getByLabel('Account Name', { exact: true }).fill('Capital One Visa');
    await page
      .getByLabel('Error Details', { exact: true })
      .fill('The balance is $900, not $9,000.');
    await page
      .getByLabel('Supporting Evidence', { exact: true })
      .fill('March 2026 bank statement\nPayoff letter');
    await page.getByRole('button', { name: 'Step 3: Review' }).click();
    await page.getByRole('button', { name: 'Build mailing packet' }).click();
    await page.getByLabel('Attach a file to Exhibit 1').setInputFiles({
      name: 'statement.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await page.getByText('statement.png').waitFor();
    expect(await axe(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download mailing packet' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mailing-packet-.*\.pdf$/);
    const packet = await readFile(await download.path());
    const [letterFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Text file (.txt)' }).click(),
    ]);
    const letter = await readFile(await letterFile.path(), 'utf8');
    const text = await pdfText(packet);
    // The same letter: identity lines, date and body as downloaded.
    for (const line of [
      'Date of birth: March 4, 1985',
      letter.split('\n').find((each) => /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(each))!,
      'Exhibit 1: March 2026 bank statement',
      'Exhibit 2: Payoff letter',
    ])
      expect(text).toContain(line);
    expect(letter).toContain('Date of birth: March 4, 1985');
    await page.getByRole('button', { name: 'Mark as mailed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    expect(await dialog.getByLabel('Letter text').textContent()).toContain(
      'Date of birth: March 4, 1985',
    );
    await dialog.getByRole('button', { name: 'Mark as mailed' }).click();
    await dialog.getByRole('button', { name: 'Added to My Disputes' }).waitFor();
    await dialog.getByRole('button', { name: 'Start a new letter' }).click();
  });

  it('1. a keyboard user lands on the thread opened, then on the round a follow-up adds', async () => {
    await page.goto(`${e2e.runtime.url}/disputes`);
    await page.getByRole('link', { name: 'Experian: Round 1' }).focus();
    await page.keyboard.press('Enter');
    const focusedTitle = () =>
      page.evaluate<string>(
        'document.activeElement && document.activeElement.tagName === "H2" ? document.activeElement.textContent : ""',
      );
    await expect.poll(focusedTitle).toBe('Round 1: Dispute letter to Experian');
    await page.getByRole('button', { name: 'Build the no-response follow-up' }).press('Enter');
    await expect.poll(focusedTitle).toMatch(/^Round 2: /);
  });

  it('7. sign-up shows the password rule first, then each error beside its field until fixed', async () => {
    const visitor = await e2e.newPage({ viewport: { width, height: 900 } });
    await visitor.goto(`${e2e.runtime.url}/auth?mode=signup`);
    const password = visitor.getByLabel('Password', { exact: true });
    await visitor.getByText('At least 6 characters.').waitFor();
    await visitor.getByLabel('Full Name').fill('Jane Doe');
    await visitor.getByLabel('Email Address').fill(`inline-${width}-${Date.now()}@example.com`);
    await password.fill('abc');
    await visitor.getByLabel('Confirm Password').fill('abd');
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const beside = visitor.locator('#auth-password-error');
    expect(await beside.innerText()).toBe('Password must be at least 6 characters');
    expect(await visitor.locator('#auth-confirm-password-error').innerText()).toBe(
      'Passwords do not match',
    );
    expect(await axe(visitor)).toEqual([]);
    await password.fill('abcdef');
    expect(await beside.count()).toBe(0);
    await visitor.getByLabel('Confirm Password').fill('abcdef');
    expect(await visitor.locator('#auth-confirm-password-error').count()).toBe(0);
    await visitor.close();
  });

  it('7. /success waits for a user who is reading or doing something', async () => {
    await page.goto(`${e2e.runtime.url}/success`);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(
      await page.getByRole('link', { name: /AnnualCreditReport\.com/ }).getAttribute('href'),
    ).toBe('https://www.annualcreditreport.com');
    await page.keyboard.press('Tab');
    await page.getByText('Take your time').waitFor();
    // Well past the 5-second countdown.
    await page.waitForTimeout(6500);
    expect(new URL(page.url()).pathname).toBe('/success');
  });

  it('4. leaving with unsaved input asks first', async () => {
    await page.goto(`${e2e.runtime.url}/tools`);
    await page.getByLabel('Date of Birth').fill('1985-03-04');
    const asked = page.waitForEvent('dialog');
    void page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);
    await page.close();
  });
});
