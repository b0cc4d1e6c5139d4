import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import JSZip from 'jszip';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../shared/letters';
import { useE2eSetup } from '../support/e2e';

/**
 * The real flow in Chromium: sign up in the SPA, pay on the Stripe emulator's hosted page,
 * then build, preview, download and export letters while watching the network.
 */
const e2e = useE2eSetup();
let page: Page;
/** Every request any page of the context makes while `recording` is on. */
const letterWorkRequests: string[] = [];
let recording = false;

beforeAll(async () => {
  page = await e2e.newPage({ acceptDownloads: true });
  page.context().on('request', (request) => {
    if (recording) letterWorkRequests.push(`${request.method()} ${request.url()}`);
  });
});

async function subscribe() {
  const email = `letters-${Date.now()}@example.com`;
  await page.goto(`${e2e.runtime.url}/auth`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Full Name').fill('Jane Q. Public');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByLabel('Confirm Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await page.waitForURL(/\/payment$/);

  await page.getByRole('button', { name: 'Subscribe for $5/month' }).click();
  await page.getByLabel('Card number').waitFor({ timeout: 60_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Jane Q. Public');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(/\/success/);
}

/** Opens the generator and waits until everything it loads (the export chunk too) has arrived. */
async function openGenerator() {
  // The webhook may reach the subscription view a moment after the redirect to /success.
  await expect
    .poll(
      async () => {
        await page.goto(`${e2e.runtime.url}/tools`, { waitUntil: 'networkidle' });
        const gate = page.getByText(
          /^(Active Subscription - Unlimited Access|Subscription Required)$/,
        );
        return gate.textContent();
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe('Active Subscription - Unlimited Access');
  await page.getByLabel('Credit Bureau').waitFor();
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/letter-docx-[^/]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

async function fillForm() {
  await page.getByLabel('Credit Bureau').selectOption('transunion');
  await page.getByLabel('Error Type', { exact: true }).selectOption('incorrect-payment-history');
  await page.getByLabel('Account Name', { exact: true }).fill('Chase Sapphire ending 4321');
  await page
    .getByLabel('Error Details', { exact: true })
    .fill('Reported 30 days late in June 2026; I paid on June 3 (statement attached).');
  await page.getByLabel('Supporting Evidence (optional)').fill('June 2026 bank statement');
}

async function downloaded(
  action: () => Promise<void>,
): Promise<{ download: Download; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  const path = await download.path();
  return { download, path };
}

const today = () => toIsoDate(new Date());

describe('dispute letters in Chromium', () => {
  it('signs up and pays through the hosted checkout', async () => {
    await subscribe();
    await openGenerator();
    recording = true;
  });

  it('generates and downloads the letter as UTF-8 text', async () => {
    await fillForm();
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    const { download, path } = await downloaded(() =>
      page.getByRole('button', { name: 'Generate & Download Letter' }).click(),
    );
    expect(download.suggestedFilename()).toBe(
      `dispute-letter-transunion-incorrect-payment-history-${today()}.txt`,
    );
    const text = await readFile(path, 'utf8');
    expect(text).toContain(
      'TransUnion LLC\nConsumer Dispute Center\nP.O. Box 2000\nChester, PA 19016',
    );
    expect(text).toContain('Account name: Chase Sapphire ending 4321');
    expect(text).toContain('Details: Reported 30 days late in June 2026; I paid on June 3');
    expect(text).toContain('Supporting evidence:\nJune 2026 bank statement');
    expect(text).toMatch(/- 15 U\.S\.C\. §1681s-2\(b\) /);
    expect(text).toContain('[Your Full Name]');
    await expect
      .poll(() => page.getByText('Letter downloaded successfully!').isVisible())
      .toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Letter text').textContent()).toBe(text);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Generate & Download Letter' })
          .evaluate((button) => button.matches(':focus')),
      )
      .toBe(true);
  });

  it('previews, then downloads from the preview', async () => {
    await page.getByRole('button', { name: 'Preview Letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    const previewed = await dialog.getByLabel('Letter text').textContent();
    const box = await dialog.getByLabel('Letter text').boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.height).toBeLessThanOrEqual(viewport.height * 0.6 + 1);
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    const { path } = await downloaded(() =>
      dialog.getByRole('button', { name: 'Download Letter' }).click(),
    );
    expect(await readFile(path, 'utf8')).toBe(previewed);
  });

  it('exports a Word document holding the letter', async () => {
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    const previewed = (await dialog.getByLabel('Letter text').textContent()) ?? '';
    const { download, path } = await downloaded(() =>
      dialog.getByRole('button', { name: 'Word (.docx)' }).click(),
    );
    expect(download.suggestedFilename()).toBe(
      `dispute-letter-transunion-incorrect-payment-history-${today()}.docx`,
    );
    const zip = await JSZip.loadAsync(await readFile(path));
    const xml = await zip.file('word/document.xml')!.async('string');
    const paragraphs = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) =>
      (match[1] ?? '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    );
    expect(paragraphs.join('\n')).toBe(previewed.trimEnd());
    expect(paragraphs).toContain('Account name: Chase Sapphire ending 4321');

    const html = await downloaded(() =>
      dialog.getByRole('button', { name: 'Google Docs (.html)' }).click(),
    );
    expect(await readFile(html.path, 'utf8')).toContain('Account name: Chase Sapphire ending 4321');
    await dialog.getByRole('button', { name: 'Close Preview' }).click();
  });

  it('prints only the letter through the print stylesheet', async () => {
    await page.evaluate(() => {
      // Headless Chromium has no print dialog; record the call instead.
      Object.assign(globalThis, {
        printCalls: 0,
        print: () => Object.assign(globalThis, { printCalls: 1 }),
      });
    });
    const panel = page.getByRole('region', { name: 'Export options' });
    await panel.getByRole('button', { name: 'Print / Save as PDF' }).click();
    expect(
      await page.evaluate(() => (globalThis as unknown as { printCalls: number }).printCalls),
    ).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').isVisible()).toBe(false);
    const printed = page.locator('body > pre.dispute-letter-print');
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.textContent()).toContain('Account name: Chase Sapphire ending 4321');
    await page.emulateMedia({ media: 'screen' });
    expect(await printed.isVisible()).toBe(false);
  });

  it('made no network request during all of that letter work', async () => {
    const duringLetterWork = [...letterWorkRequests];
    // The recorder itself works: a request made now is seen.
    await page.evaluate(() => fetch('/config.json').then((response) => response.status));
    recording = false;
    expect(letterWorkRequests.at(-1)).toBe(`GET ${e2e.runtime.url}/config.json`);
    expect(duringLetterWork.filter((request) => /\s(https?|wss?):/.test(request))).toEqual([]);
  });

  it('keeps your details and sent letters in this browser across a reload', async () => {
    await page.getByLabel('Your Name').fill('Jane Q. Public');
    await page.getByLabel('Mailing Address').fill('12 Elm Street\nSpringfield, IL 62701');
    await page.getByRole('button', { name: 'Preview Letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    await dialog.getByLabel('Mailed on').fill('2026-11-02');
    await dialog.getByRole('button', { name: 'Mark as mailed' }).click();
    await dialog.getByRole('button', { name: 'Close Preview' }).click();

    await page.reload();
    await page.getByLabel('Credit Bureau').waitFor();
    expect(await page.getByLabel('Your Name').inputValue()).toBe('Jane Q. Public');
    const sent = page.getByRole('region', { name: 'Sent letters' });
    expect(await sent.textContent()).toContain('TransUnion — Chase Sapphire ending 4321');
    expect(await sent.textContent()).toContain('Response due December 7, 2026');

    await page.getByRole('button', { name: 'Forget my details' }).click();
    await page.reload();
    await page.getByLabel('Credit Bureau').waitFor();
    expect(await page.getByLabel('Your Name').inputValue()).toBe('');
  });

  it('the form passes an accessibility check', async () => {
    const axe = await new AxeBuilder({ page })
      .include('form[aria-label="Dispute letter"]')
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  });
});
