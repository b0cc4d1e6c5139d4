import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatIsoLong, toIsoDate } from '../../shared/letters';
import { seedSubscriber, type Subscriber } from '../quality/harness';
import { axeViolations } from '../support/axe';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';

/**
 * My Disputes in Chromium, from a generated letter to a restored backup, while watching the
 * network: nothing of it may leave the browser.
 */
const e2e = useE2eSetup();
let page: Page;
let subscriber: Subscriber;
/** Every request any page of the context makes while `recording` is on. */
const requests: string[] = [];
/** Requests of the journey that carried a body: none may (nothing of a letter leaves the page). */
const withBody: string[] = [];
let recording = false;

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const today = toIsoDate(new Date());
/** Delivered today: the 30-day period beginning today ends in 29 days (15 U.S.C. §1681i(a)(1)(A)). */
const dueOn = addDays(today, 29);
/** Long enough to test wrapping, within Error Details' 1,500 characters with the sentence before it. */
const LONG_WORD = 'x'.repeat(1400);
/** The evidence packet's pages, to compare after the backup comes back. */
let packetPages = 0;

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'disputes');
  page = await e2e.newPage({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  page.context().on('request', (request) => {
    if (!recording) return;
    requests.push(`${request.method()} ${request.url()}`);
    if (request.postDataBuffer()?.length) withBody.push(`${request.method()} ${request.url()}`);
  });
});

async function downloaded(
  action: () => Promise<void>,
): Promise<{ download: Download; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  return { download, path: await download.path() };
}

async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('June 2026 bank statement', { x: 72, y: 700 });
  return Buffer.from(await doc.save());
}

async function pageCount(path: string): Promise<number> {
  return (await PDFDocument.load(await readFile(path))).getPageCount();
}

const nav = () => page.getByRole('navigation', { name: 'Main' });
const round = (number: number) =>
  page.getByRole('article', { name: new RegExp(`^Round ${number}: `) });

describe('My Disputes in Chromium', () => {
  it('signs in; every page and tool is loaded before the journey starts', async () => {
    await signInThroughApp(page, e2e.runtime.url, subscriber);
    // Open My Disputes once (its pdf-lib and ics chunks load with it), then the generator,
    // by the header's links: from here on, the app has all its code.
    await nav().getByRole('link', { name: 'My Disputes' }).click();
    await page.getByRole('heading', { name: 'No disputes yet' }).waitFor();
    await page.waitForLoadState('networkidle');
    await nav().getByRole('link', { name: 'Dispute Generator' }).click();
    await page.getByLabel('Your Name').waitFor();
    await page.waitForLoadState('networkidle');
    await expect
      .poll(() =>
        page.evaluate(() =>
          ['/letter-docx-', '/evidence-packet-', '/calendar-'].every((name) =>
            performance.getEntriesByType('resource').some((entry) => entry.name.includes(name)),
          ),
        ),
      )
      .toBe(true);
    recording = true;
  });

  it('generates a letter and marks it mailed with its tracking number', async () => {
    // This account has no sign-up name: its letter starts unsigned, never the e-mail's handle.
    expect(await page.getByLabel('Your Name').inputValue()).toBe('');
    await page.getByLabel('Your Name').fill('Jane Q. Public');
    await page.getByLabel('Mailing Address').fill('12 Elm Street\nSpringfield, IL 62701');
    await page.getByRole('button', { name: 'Step 2: Disputed items' }).click();
    await page.getByLabel('Credit Bureau').selectOption('transunion');
    await page.getByLabel('Error Type', { exact: true }).selectOption('incorrect-payment-history');
    await page.getByLabel('Account Name', { exact: true }).fill('Chase Sapphire ending 4321');
    await page.getByLabel('Account Number', { exact: true }).fill('4321');
    await page.getByLabel('Months Reported Late', { exact: true }).fill('June 2026');
    await page
      .getByLabel('Error Details', { exact: true })
      .fill(`Reported 30 days late in June 2026; I paid on June 3. ${LONG_WORD}`);
    await page
      .getByLabel('Supporting Evidence', { exact: true })
      .fill('Receipt of my June 3 payment\nJune 2026 bank statement');
    await page.getByRole('button', { name: 'Step 3: Review' }).click();
    await downloaded(() =>
      page.getByRole('button', { name: 'Generate & Download Letter' }).click(),
    );
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    await dialog.getByLabel('Mailed on').fill(today);
    await dialog.getByLabel('Certified Mail Tracking Number').fill('9407111899223197428490');
    await dialog.getByRole('button', { name: 'Mark as mailed' }).click();
    await dialog.getByRole('button', { name: 'Added to My Disputes' }).waitFor();
    await dialog.getByRole('button', { name: 'Close Preview' }).click();
  });

  it('shows it in My Disputes; a delivery date gives the due date', async () => {
    await nav().getByRole('link', { name: 'My Disputes' }).click();
    // The dashboard lists it; its row opens the dispute's thread.
    await page.getByRole('link', { name: 'TransUnion: Round 1' }).click();
    const first = round(1);
    await first.waitFor();
    expect(await first.getByRole('heading').first().textContent()).toBe(
      'Round 1: Dispute letter to TransUnion',
    );
    expect(await first.getByText('Mailed', { exact: true }).count()).toBe(1);
    expect(await first.getByLabel('Certified Mail Tracking Number').inputValue()).toBe(
      '9407111899223197428490',
    );
    await first.getByLabel('Delivered On').fill(today);
    expect(await first.getByTestId('due-date').textContent()).toBe(
      `Response due ${formatIsoLong(dueOn)}`,
    );
    expect(await first.getByText('Delivered', { exact: true }).count()).toBe(1);
    // The 1,500-character word of the details wraps: nothing is wider than the window.
    expect(await first.getByText(LONG_WORD, { exact: false }).first().isVisible()).toBe(true);
    expect(
      await page.evaluate<boolean>(
        'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
      ),
    ).toBe(true);
  });

  it('downloads the due date as a calendar event', async () => {
    const { download, path } = await downloaded(() =>
      round(1).getByRole('button', { name: 'Add to calendar' }).click(),
    );
    expect(download.suggestedFilename()).toBe(`response-due-transunion-${dueOn}.ics`);
    expect(await readFile(path, 'utf8')).toMatch(
      new RegExp(`\\nDTSTART;VALUE=DATE:${dueOn.replace(/-/g, '')}\\r?\\n`),
    );
  });

  it('records "Verified as accurate" and builds the method-of-verification request', async () => {
    await round(1)
      .getByLabel('Outcome for Chase Sapphire ending 4321')
      .selectOption({ label: 'Verified as accurate' });
    await round(1)
      .getByRole('button', { name: 'Build the method-of-verification request' })
      .click();
    const second = round(2);
    await second.waitFor();
    expect(await second.getByRole('heading').first().textContent()).toBe(
      'Round 2: Method-of-verification request to TransUnion',
    );
    expect(await second.getByText('Draft', { exact: true }).count()).toBe(1);
    await second.getByText('The letter', { exact: true }).click();
    const letter = (await second.getByLabel('Letter text, round 2').textContent()) ?? '';
    expect(letter).toContain('15 U.S.C. §1681i(a)(7)');
    expect(letter).toContain('(tracking number 9407111899223197428490)');
    expect(await page.getByRole('article').count()).toBe(2);
  });

  it("attaches a PNG and a one-page PDF to the letter's exhibits and downloads the evidence packet", async () => {
    const first = round(1);
    const bare = await downloaded(() =>
      first.getByRole('button', { name: 'Download evidence packet' }).click(),
    );
    const letterPages = (await pageCount(bare.path)) - 1;
    expect(letterPages).toBeGreaterThanOrEqual(1);

    await first
      .getByLabel('Attach a file to Exhibit 1')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
    await first.getByText('receipt.png', { exact: false }).waitFor();
    await first.getByLabel('Attach a file to Exhibit 2').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: await onePagePdf(),
    });
    await first.getByText('statement.pdf', { exact: false }).waitFor();
    const { download, path } = await downloaded(() =>
      first.getByRole('button', { name: 'Download evidence packet' }).click(),
    );
    expect(download.suggestedFilename()).toMatch(/^evidence-packet-.*\.pdf$/);
    packetPages = await pageCount(path);
    expect(packetPages).toBe(letterPages + 1 + 2);
  });

  it('exports a backup, deletes everything, imports it: everything is back', async () => {
    const exported = await downloaded(() =>
      page.getByRole('button', { name: 'Export backup' }).click(),
    );
    const backup = JSON.parse(await readFile(exported.path, 'utf8')) as {
      disputes: unknown[];
      exhibits: unknown[];
    };
    expect(backup.disputes).toHaveLength(2);
    expect(backup.exhibits).toHaveLength(2);

    await page.getByRole('button', { name: 'Delete all my data' }).click();
    await page.getByRole('button', { name: 'Yes, delete everything' }).click();
    await page.getByRole('heading', { name: 'No disputes yet' }).waitFor();

    await page.getByLabel('Import backup').setInputFiles(exported.path);
    await round(2).waitFor();
    expect(await round(1).getByLabel('Certified Mail Tracking Number').inputValue()).toBe(
      '9407111899223197428490',
    );
    expect(await round(1).getByLabel('Delivered On').inputValue()).toBe(today);
    expect(await round(1).getByText('receipt.png', { exact: false }).count()).toBe(1);
    expect(await round(1).getByText('statement.pdf', { exact: false }).count()).toBe(1);
    expect(await round(2).getByLabel('Letter text, round 2').textContent()).toContain(
      '15 U.S.C. §1681i(a)(7)',
    );
    const { path } = await downloaded(() =>
      round(1).getByRole('button', { name: 'Download evidence packet' }).click(),
    );
    expect(await pageCount(path)).toBe(packetPages);
  });

  it('passes an accessibility check with every section open', async () => {
    for (const summary of await page.getByText('The letter', { exact: true }).all())
      if (!(await summary.evaluate((element) => element.parentElement?.hasAttribute('open'))))
        await summary.click();
    expect(await axeViolations(page, { include: 'main', withToasts: true })).toEqual([]);
  });

  it('made no network request from the first step to the last', async () => {
    const during = [...requests];
    // The recorder itself works: a request made now is seen.
    await page.evaluate(() => fetch('/config.json').then((response) => response.status));
    recording = false;
    expect(requests.at(-1)).toBe(`GET ${e2e.runtime.url}/config.json`);
    // Chromium itself fetches the tab icon again when the address changes (the header link to
    // My Disputes); that GET carries nothing of the page. Every other request would be the app's.
    const favicon = `GET ${e2e.runtime.url}/favicon.svg`;
    // "Delete all my data" (the backup step) deletes our servers' synced copy and reminders,
    // with sync off too: two DELETEs without a body. Nothing else may leave the page.
    const deleteAll = [
      `DELETE ${e2e.runtime.url}/functions/v1/sync/records`,
      `DELETE ${e2e.runtime.url}/functions/v1/reminders`,
    ];
    expect(during.filter((request) => deleteAll.includes(request))).toEqual(deleteAll);
    expect(
      during.filter(
        (request) =>
          /\s(https?|wss?):/.test(request) && request !== favicon && !deleteAll.includes(request),
      ),
    ).toEqual([]);
    expect(withBody).toEqual([]);
  });
});
