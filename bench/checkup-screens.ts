/**
 * The Report Checkup walked as a new subscriber with the sample reports, at 390 px and 1280 px:
 * a screenshot of every step, Back and a reload mid-walk, the findings answered as the practice
 * suggests, and 10,000 characters pasted into a field of an account and into the letters'
 * address (of the user's own checkup: a sample's letters take no sender). Prints what it checks
 * (the step after Back and reload, what the long input kept, the height of the findings and
 * letters steps, any sideways scrolling) for a reviewer, with the screenshots in
 * bench/out/checkup-screens/<width>/ (not committed). Budget: at 390 px, the findings and letters
 * steps are at most 2,500 px tall with the sample.
 * Usage: npm run build:web && npx tsx bench/checkup-screens.ts   [--dist web/dist]
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startLocalRuntime } from '../local/runtime';
import { seedSubscriber } from '../tests/quality/harness';
import { launchBrowser } from '../tests/support/browser';
import { textOption } from './support';
import { signInThroughApp } from '../tests/support/sign-in';

const OUT = 'bench/out/checkup-screens';
const LONG = 'x'.repeat(10_000);

const runtime = await startLocalRuntime({
  port: 0,
  dataDir: null,
  webDist: textOption('dist') ?? 'web/dist',
});
const browser = await launchBrowser();
const problems: string[] = [];

async function look(page: Page, width: number, name: string) {
  await page.waitForTimeout(300);
  const wide = (await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  )) as number;
  if (wide > 0) problems.push(`${width} px, ${name}: scrolls ${wide} px sideways`);
  await page.screenshot({ path: join(OUT, String(width), `${name}.png`), fullPage: true });
}

const HEIGHT_BUDGET = 2_500;

async function height(page: Page, width: number, name: string) {
  const tall = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  const step = (await page.evaluate(
    'Math.round(document.querySelector(\'[aria-labelledby="checkup-step-title"]\').getBoundingClientRect().height)',
  )) as number;
  console.log(`${width} px: ${name}: the page is ${tall} px tall (the step itself ${step} px)`);
  if (width === 390 && tall > HEIGHT_BUDGET)
    problems.push(`${width} px, ${name}: ${tall} px tall, over ${HEIGHT_BUDGET} px`);
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 2 }).waitFor();

try {
  rmSync(OUT, { recursive: true, force: true });
  for (const width of [390, 1280]) {
    mkdirSync(join(OUT, String(width)), { recursive: true });
    const subscriber = await seedSubscriber(runtime.url, runtime.stripeEmulator!.url, 'walk');
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInThroughApp(page, runtime.url, subscriber);
    const opened = Date.now();
    await page.goto(`${runtime.url}/checkup`);
    await page.getByRole('button', { name: 'Try it with a sample' }).waitFor();
    await look(page, width, '0-start');
    await page.getByRole('button', { name: 'Try it with a sample' }).click();
    await heading(page, 'Personal information');
    await look(page, width, '1-personal');
    await page
      .getByRole('article', { name: 'Alexis Samples', exact: true })
      .getByLabel('This was never mine')
      .check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await heading(page, 'Accounts');
    await look(page, width, '2-accounts');

    // 10,000 characters into the creditor of an account: the field keeps its limit.
    const lakeside = page.getByRole('article', { name: 'Lakeside Auto Finance', exact: true });
    await lakeside.getByRole('button', { name: 'Check or edit what each report shows' }).click();
    // The entry is named by its creditor: hold the field itself while the name changes.
    const creditor = (await lakeside.getByLabel('Creditor').elementHandle())!;
    await creditor.fill(LONG);
    const kept = (await creditor.inputValue()).length;
    console.log(`${width} px: a 10,000-character creditor keeps ${kept} characters`);
    await look(page, width, '2-accounts-long-input');
    await creditor.fill('Lakeside Auto Finance');

    // Back, then a reload, then forward: the answers and the step stay.
    await page.goBack();
    await heading(page, 'Personal information');
    const stillChecked = await page
      .getByRole('article', { name: 'Alexis Samples', exact: true })
      .getByLabel('This was never mine')
      .isChecked();
    await page.reload();
    await heading(page, 'Personal information');
    await page.goForward();
    await heading(page, 'Accounts');
    console.log(
      `${width} px: Back kept the answer: ${stillChecked}; after a reload and Forward: ${new URL(page.url()).search}`,
    );

    for (const [step, name] of [
      ['Collections', '3-collections'],
      ['Public records', '4-public-records'],
      ['Inquiries', '5-inquiries'],
    ] as const) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await heading(page, step);
      await look(page, width, name);
    }
    await page.getByRole('button', { name: 'See the findings' }).click();
    await heading(page, 'What the checkup found');
    await look(page, width, '6-findings');
    await page.getByRole('button', { name: 'Answer them all as suggested' }).click();
    await look(page, width, '6-findings-answered');
    await height(page, width, 'findings');
    await page.getByRole('button', { name: 'Make the letters' }).click();
    await heading(page, 'Your letters');
    await page.getByRole('button', { name: 'Download all letters (.zip)' }).waitFor();
    console.log(`${width} px: from opening /checkup to the letters: ${Date.now() - opened} ms`);
    await look(page, width, '7-letters');
    await height(page, width, 'letters');
    await page.getByText('Read the letter').first().click();
    await look(page, width, '7-letters-read');

    // The user's own checkup: it begins empty, and its letters take the sender's details.
    await page.goto(`${runtime.url}/checkup`);
    await page.getByRole('button', { name: 'Start with my reports' }).click();
    await heading(page, 'Personal information');
    await page
      .getByRole('navigation', { name: 'Checkup steps' })
      .getByRole('button', { name: /Letters$/ })
      .click();
    await heading(page, 'Your letters');
    await look(page, width, '9-own-letters-empty');
    const address = page.getByLabel('Address (street, then city, state and ZIP)');
    await address.fill(LONG);
    console.log(
      `${width} px: a 10,000-character address keeps ${(await address.inputValue()).length} characters`,
    );
    await look(page, width, '9-own-letters-long-address');
    await page.reload();
    await heading(page, 'Your letters');
    await look(page, width, '8-letters-after-reload');
    await context.close();
  }
  console.log(problems.length ? `Problems:\n  ${problems.join('\n  ')}` : 'No sideways scrolling.');
  console.log(`Screenshots in ${OUT}/`);
} finally {
  await browser.close();
  await runtime.stop();
}
