import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { noonTimeZone, todayIn, useE2eSetup } from '../support/e2e';

/**
 * The real flow in Chromium: sign up in the SPA, pay on the Stripe emulator's hosted page,
 * then build, preview, download and export letters while watching the network.
 */
const e2e = useE2eSetup();
let page: Page;
/** Every request any page of the context makes while `recording` is on. */
const letterWorkRequests: string[] = [];
let recording = false;
// The letters' dates (made at a click) and `today` are read in a zone where it is about noon:
// they cannot fall on either side of a midnight while the file runs.
const timeZone = noonTimeZone();
const today = todayIn(timeZone);

beforeAll(async () => {
  page = await e2e.newPage({ acceptDownloads: true, timezoneId: timeZone });
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
  await page.getByLabel('Your Name').waitFor();
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/letter-docx-worker-[^/]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

/** One letter using every field the form has: each error type as an item, with its facts. */
const ITEMS = [
  {
    type: 'incorrect-balance',
    account: 'Capital One Visa',
    details: 'I paid the card down to $150 in March 2026, as my bank statement shows.',
    facts: { 'Reported Balance': '$2,400', 'Correct balance (may be $0)': '$150' },
    shows: ['What you report: a balance of $2,400.', 'What is true: the balance is $150.'],
  },
  {
    type: 'duplicate-account',
    account: 'Discover It',
    details: 'The same card shows twice, once under each of the bank’s names.',
    facts: {
      'Duplicate Of': 'Discover Bank account ending 1111',
      'Account Number to Remove (last 4 digits)': '2222',
    },
    selects: { 'Entry to Remove': 'later-opened' },
    shows: [
      'Duplicate of: Discover Bank account ending 1111',
      'Entry to delete: account number ending in 2222',
      'please delete the duplicate entry, the one opened later (account number ending in 2222), and keep the other',
    ],
  },
  {
    type: 'not-mine',
    account: 'Acme Collections',
    details: 'I never opened this account; someone used my name after my wallet was stolen.',
    facts: { 'Identity Theft Report Number': 'FTC-123456789' },
    shows: [
      'Identity theft report number: FTC-123456789',
      'Under §1681c-2, please block it within 4 business days',
      '- My identity theft report (number FTC-123456789) about Acme Collections',
    ],
  },
  {
    type: 'outdated-info',
    account: 'Midland Credit',
    details: 'This medical bill went to collections in 2016 and is too old to report.',
    itemType: 'collection',
    facts: { 'Date of First Delinquency': '2016-03-01' },
    shows: [
      'Type of item: Collection',
      'Date of first delinquency: March 1, 2016',
      'it may not be reported after August 28, 2023',
    ],
  },
  {
    type: 'outdated-info',
    account: 'District Court Bankruptcy',
    details: 'My Chapter 13 case was filed in May 2017 and ended in 2022.',
    itemType: 'chapter-13',
    facts: { 'Date Filed': '2017-05-01' },
    // The bureaus' 7 years are for a completed plan only; otherwise the law's 10 apply (issue 41).
    checks: ['The Chapter 13 plan was completed'],
    evidence: 'Bankruptcy court docket',
    shows: [
      'Type of item: Chapter 13 bankruptcy',
      'Date filed: May 1, 2017',
      'Chapter 13 plan: completed',
      'so it should have come off after May 1, 2024',
      'Proof: Exhibit 2.',
      '- Exhibit 2: Bankruptcy court docket',
    ],
  },
  {
    type: 'incorrect-status',
    account: 'Chase Auto',
    details: 'I paid this loan in full in January 2026. It was never charged off.',
    facts: { 'Reported Status': 'Charged off', 'Correct Status': 'Paid in full' },
    shows: ['the status "Charged off"', 'the status is "Paid in full"'],
  },
  {
    type: 'incorrect-dates',
    account: 'Citi Double Cash',
    details: 'I opened this card in March 2018, not 2019. My first statement shows it.',
    facts: {
      'Which Date': 'Date opened',
      'Reported Date': '2019-03-01',
      'Correct Date': '2018-03-01',
    },
    shows: ['the date opened as March 1, 2019', 'the date opened is March 1, 2018'],
  },
] satisfies {
  type: string;
  account: string;
  details: string;
  itemType?: string;
  facts: Record<string, string>;
  selects?: Record<string, string>;
  checks?: string[];
  evidence?: string;
  shows: string[];
}[];

const FIRST_ITEM_SHOWS = [
  'Account name: Chase Sapphire',
  'Account number: ending in 4321',
  'What you report: late payments in June 2026.',
  'please remove the late marks for June 2026',
  'Details: Reported 30 days late in June 2026; I paid on June 3 (statement attached).',
  'Proof: Exhibit 1.',
  '- Exhibit 1: June 2026 bank statement',
];

const SENDER_SHOWS = [
  'Jane Q. Public\n12 Elm Street\nSpringfield, IL 62701\n(217) 555-0100\njane@example.com\nDate of birth: March 4, 1985\nSSN (last 4 digits): 6789\nPrevious address: 1 Oak Street, Peoria, IL 61602\n',
  'Re: Dispute of my credit file (report number 3318-2207-51)',
];

async function fillForm() {
  // The name comes from the account (signed up as Jane Q. Public).
  await page.getByLabel('Mailing Address').fill('12 Elm Street\nSpringfield, IL 62701');
  await page.getByLabel('Phone').fill('(217) 555-0100');
  await page.getByLabel('Email', { exact: true }).fill('jane@example.com');
  await page.getByLabel('Date of Birth').fill('1985-03-04');
  await page.getByLabel('Last 4 of SSN').fill('6789');
  await page.getByLabel('Previous Address').fill('1 Oak Street\nPeoria, IL 61602');
  await page.getByLabel('Report Number').fill('3318-2207-51');

  await page.getByRole('button', { name: 'Step 2: Disputed items' }).click();
  await page.getByLabel('Credit Bureau').selectOption('transunion');
  await page.getByLabel('Error Type', { exact: true }).selectOption('incorrect-payment-history');
  await page.getByLabel('Account Name', { exact: true }).fill('Chase Sapphire');
  await page.getByLabel('Account Number', { exact: true }).fill('4321');
  await page.getByLabel('Months Reported Late', { exact: true }).fill('June 2026');
  await page
    .getByLabel('Error Details', { exact: true })
    .fill('Reported 30 days late in June 2026; I paid on June 3 (statement attached).');
  await page.getByLabel('Supporting Evidence', { exact: true }).fill('June 2026 bank statement');

  for (const [index, item] of ITEMS.entries()) {
    const suffix = ` (item ${index + 2})`;
    await page.getByRole('button', { name: 'Add another disputed item' }).click();
    await page.getByLabel(`Error Type${suffix}`).selectOption(item.type);
    await page.getByLabel(`Account Name${suffix}`).fill(item.account);
    await page.getByLabel(`Account Number${suffix}`).fill(`${5000 + index}`);
    if (item.type === 'not-mine') {
      await page.getByLabel(`This is identity theft${suffix}`).check();
      await page.getByLabel(`I have an FTC or police identity theft report${suffix}`).check();
    }
    if (item.itemType) await page.getByLabel(`Item Type${suffix}`).selectOption(item.itemType);
    for (const [label, value] of Object.entries(item.facts))
      await page.getByLabel(`${label}${suffix}`).fill(value);
    for (const [label, value] of Object.entries(item.selects ?? {}))
      await page.getByLabel(`${label}${suffix}`).selectOption(value);
    for (const label of item.checks ?? []) await page.getByLabel(`${label}${suffix}`).check();
    await page.getByLabel(`Error Details${suffix}`).fill(item.details);
    if (item.evidence) await page.getByLabel(`Supporting Evidence${suffix}`).fill(item.evidence);
  }
  await page.getByRole('button', { name: 'Step 3: Review' }).click();
}

/** Every fact typed into the form, as the letter states it. */
function expectEveryFact(text: string) {
  for (const words of [...SENDER_SHOWS, ...FIRST_ITEM_SHOWS]) expect(text).toContain(words);
  for (const [index, item] of ITEMS.entries()) {
    expect(text).toContain(
      `Account name: ${item.account}\nAccount number: ending in ${5000 + index}\n`,
    );
    expect(text).toContain(`Details: ${item.details}`);
    for (const words of item.shows) expect(text).toContain(words);
  }
  expect(text).toContain(
    'Enclosures:\n- A copy of my government-issued photo ID\n- Proof of my current address',
  );
}

async function downloaded(
  action: () => Promise<void>,
): Promise<{ download: Download; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  const path = await download.path();
  return { download, path };
}

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
      `dispute-letter-transunion-incorrect-payment-history-${today}.txt`,
    );
    const text = await readFile(path, 'utf8');
    expect(text).toContain(
      'TransUnion LLC\nConsumer Dispute Center\nP.O. Box 2000\nChester, PA 19016',
    );
    expectEveryFact(text);
    expect(text).toMatch(/Legal basis: [^\n]*§1681s-2\(b\)/);
    expect(text).not.toMatch(/\[[^\]]*\]/);
    expect(text).toMatch(/\n-{60}\n\nBefore you mail this letter[^\n]*\n[\s\S]*certified mail/);
    await expect
      .poll(() => page.getByText('Letter downloaded successfully!').isVisible())
      .toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const letter = (await dialog.getByLabel('Letter text').textContent()) ?? '';
    expect(text.startsWith(letter)).toBe(true);
    expect(text.endsWith((await dialog.getByLabel('Mailing advice').textContent()) ?? '-')).toBe(
      true,
    );

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
    expect(await axeViolations(page, { include: '[role="dialog"]', withToasts: true })).toEqual([]);

    const { path } = await downloaded(() =>
      dialog.getByRole('button', { name: 'Download Letter' }).click(),
    );
    expect((await readFile(path, 'utf8')).startsWith(previewed ?? '-')).toBe(true);
  });

  it('exports a Word document holding the letter', async () => {
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    const previewed = (await dialog.getByLabel('Letter text').textContent()) ?? '';
    const { download, path } = await downloaded(() =>
      dialog.getByRole('button', { name: 'Word (.docx)' }).click(),
    );
    expect(download.suggestedFilename()).toBe(
      `dispute-letter-transunion-incorrect-payment-history-${today}.docx`,
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
    const advice = (await dialog.getByLabel('Mailing advice').textContent()) ?? '';
    expect(paragraphs.join('\n')).toBe(`${previewed.trimEnd()}\n${advice.trimEnd()}`);
    expect(paragraphs).toContain('Account name: Chase Sapphire');
    expect(xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(1);

    const html = await downloaded(() =>
      dialog.getByRole('button', { name: 'Google Docs (.html)' }).click(),
    );
    const exported = await readFile(html.path, 'utf8');
    expect(exported).toContain('Account name: Chase Sapphire');
    expect(exported).toContain('<div class="advice">');
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
    const printed = page.locator('body > .dispute-letter-print');
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.locator('pre').first().textContent()).toContain(
      'Account name: Chase Sapphire',
    );
    expect(
      await printed
        .locator('pre.dispute-letter-print-advice')
        .evaluate(
          (advice) => advice.ownerDocument.defaultView?.getComputedStyle(advice).breakBefore,
        ),
    ).toBe('page');
    await page.emulateMedia({ media: 'screen' });
    expect(await printed.isVisible()).toBe(false);
  });

  it('made no network request during all of that letter work', async () => {
    const duringLetterWork = [...letterWorkRequests];
    // The recorder itself works: a request made now is seen.
    await page.evaluate(() => fetch('/config.json').then((response) => response.status));
    recording = false;
    expect(letterWorkRequests.at(-1)).toBe(`GET ${e2e.runtime.url}/config.json`);
    // Chromium fetches the tab icon again when the address changes (each step is in it, ?step=);
    // that GET carries nothing of the page. Every other request would be the app's.
    const favicon = `GET ${e2e.runtime.url}/favicon.svg`;
    expect(
      duringLetterWork.filter((request) => /\s(https?|wss?):/.test(request) && request !== favicon),
    ).toEqual([]);
  });

  it('keeps your details and the mailed letter (never the sensitive details) across a reload', async () => {
    await page.getByRole('button', { name: 'Preview Letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Letter Preview' });
    await dialog.getByLabel('Mailed on').fill('2026-11-02');
    await dialog.getByRole('button', { name: 'Mark as mailed' }).click();
    await dialog.getByRole('button', { name: 'Added to My Disputes' }).waitFor();
    await dialog.getByRole('button', { name: 'Close Preview' }).click();

    await page.reload();
    // The reload stays on its step (?step=3): the details are on step 1.
    await page.getByRole('button', { name: 'Step 1: Your details' }).click();
    await page.getByLabel('Your Name').waitFor();
    expect(await page.getByLabel('Your Name').inputValue()).toBe('Jane Q. Public');
    expect(await page.getByLabel('Mailing Address').inputValue()).toBe(
      '12 Elm Street\nSpringfield, IL 62701',
    );
    expect(await page.getByLabel('Previous Address').inputValue()).toBe(
      '1 Oak Street\nPeoria, IL 61602',
    );
    for (const label of ['Date of Birth', 'Last 4 of SSN', 'Report Number'])
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
    // localStorage ("Your details") and IndexedDB (My Disputes, with the letter's text).
    const stored = JSON.stringify((await page.context().storageState({ indexedDB: true })).origins);
    expect(stored).toContain('12 Elm Street');
    expect(stored).toContain('Chase Sapphire');
    expect(stored).not.toMatch(/SSN|\b6789\b|1985-03-04|March 4, 1985|3318-2207-51/);

    await page.getByRole('button', { name: 'Forget my details' }).click();
    await page.reload();
    await page.getByLabel('Your Name').waitFor();
    expect(await page.getByLabel('Mailing Address').inputValue()).toBe('');
    // The account's name is still the starting value.
    expect(await page.getByLabel('Your Name').inputValue()).toBe('Jane Q. Public');
  });

  it('marks missing fields inline and focuses the first, back on its step', async () => {
    // No draft: the account's unfinished letter (kept per account) is discarded.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.includes(':letter-draft:')) localStorage.removeItem(key);
    });
    await page.reload();
    await page.getByRole('button', { name: 'Step 3: Review' }).click();
    await page.getByRole('button', { name: 'Generate & Download Letter' }).click();
    const bureau = page.getByLabel('Credit Bureau');
    // The step moves by a navigation, which React Router renders as a transition: it may
    // commit after the click has returned.
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Step 2: Disputed items' }).getAttribute('aria-current'),
      )
      .toBe('step');
    await expect.poll(() => bureau.evaluate((select) => select.matches(':focus'))).toBe(true);
    expect(await bureau.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Choose the credit bureau.').isVisible()).toBe(true);
    expect(
      await page.getByLabel('Error Details', { exact: true }).getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('the form passes an accessibility check', async () => {
    expect(
      await axeViolations(page, { include: 'form[aria-label="Dispute letter"]', withToasts: true }),
    ).toEqual([]);
  });
});
