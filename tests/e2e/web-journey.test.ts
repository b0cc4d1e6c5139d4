import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2eSetup } from '../support/e2e';

/**
 * The account journey in Chromium against the whole local product (auth API, subscription
 * view, checkout function, Stripe emulator with its webhooks): sign up, pay, wait for the
 * success page to hand over to the generator, sign out and back in, a declined card, FAQ search.
 */
const e2e = useE2eSetup();

const PASSWORD = 'correct-horse-battery';
let runId = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${(runId += 1)}@example.com`;

async function signUp(page: Page, name: string, email: string) {
  await page.goto(`${e2e.runtime.url}/auth`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  // Confirmation is off locally: no e-mail was sent, so the toast does not ask to check one.
  await page.getByText('Account created successfully!', { exact: true }).waitFor();
  await page.waitForURL(`${e2e.runtime.url}/payment`);
}

async function payOnHostedCheckout(page: Page, card: string, name: string) {
  await page.getByRole('button', { name: 'Subscribe for $5/month' }).click();
  await page.getByLabel('Card number').waitFor();
  expect(page.url().startsWith(`${e2e.runtime.url}/payment`)).toBe(false);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill(name);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

const userMenu = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(name) });

it('a first visit to / fetches neither the auth client nor the generator and its export code', async () => {
  const page = await e2e.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(e2e.runtime.url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The home page is in the entry chunk (index.html carries it prerendered and hydrates it).
  expect(scripts.some((path) => /\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
  expect(
    scripts.filter((path) => /dispute-generator|letter-docx|tools-|supabase-client/.test(path)),
  ).toEqual([]);
});

describe('web journey in Chromium', () => {
  const email = uniqueEmail('journey');
  let page: Page;

  it('signs up, pays with 4242 and lands on the generator after the success countdown', async () => {
    page = await e2e.newPage();
    await signUp(page, 'Jane Journey', email);
    await expect
      .poll(() => userMenu(page, 'Jane Journey').textContent())
      .toContain('No Active Plan');

    await payOnHostedCheckout(page, '4242 4242 4242 4242', 'Jane Journey');
    await page.waitForURL(`${e2e.runtime.url}/success**`);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expect
      .poll(() =>
        page.getByText(/Redirecting to the Dispute Generator in \d seconds?\.\.\./).count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(1);
    await expect
      .poll(() => page.getByText('Credit Dispute Letters', { exact: true }).count())
      .toBeGreaterThan(0);

    // The details come from the view once the webhook has landed (the page re-reads until then).
    await page.getByText('VISA ending in 4242').waitFor();
    await page.waitForURL(`${e2e.runtime.url}/tools`, { timeout: 15_000 });
    await page.getByText('Active Subscription - Unlimited Access').waitFor();
    await expect
      .poll(() => userMenu(page, 'Jane Journey').textContent())
      .toContain('Active Subscription');
  });

  it('Manage billing opens the billing portal, which returns to /tools', async () => {
    await userMenu(page, 'Jane Journey').click();
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { name: 'Current subscription' }).waitFor();
    expect(page.url().startsWith(e2e.runtime.url)).toBe(false);
    await page.getByRole('link', { name: /Return to Credit Dispute Letters/ }).click();
    await page.waitForURL(`${e2e.runtime.url}/tools`);
    await page.getByText('Active Subscription - Unlimited Access').waitFor();
  });

  it('signs out, and signing back in lands on /tools', async () => {
    await userMenu(page, 'Jane Journey').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${e2e.runtime.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${e2e.runtime.url}/auth`);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.waitForURL(`${e2e.runtime.url}/tools`);
    await page.getByText('Active Subscription - Unlimited Access').waitFor();
  });

  it('keeps the session across a reload', async () => {
    await page.reload();
    await page.getByText('Active Subscription - Unlimited Access').waitFor();
  });

  it('a declined card leaves the user with No Active Plan', async () => {
    const declined = await e2e.newPage();
    await signUp(declined, 'Dan Declined', uniqueEmail('declined'));
    await payOnHostedCheckout(declined, '4000 0000 0000 0002', 'Dan Declined');
    await declined
      .getByText(/declined/i)
      .first()
      .waitFor();
    await declined.goto(`${e2e.runtime.url}/tools`);
    await declined.getByRole('heading', { name: 'Subscription Required' }).waitFor();
    await expect
      .poll(() => userMenu(declined, 'Dan Declined').textContent())
      .toContain('No Active Plan');
  });

  it('FAQ search finds answers and says when nothing matches', async () => {
    const faq = await e2e.newPage();
    await faq.goto(`${e2e.runtime.url}/faq`);
    const search = faq.getByLabel('Search FAQs');
    await search.fill('CERTIFIED');
    await faq.getByRole('heading', { name: 'Search Results (1 found)' }).waitFor();
    await faq.getByRole('button', { name: 'How should I send my letter?' }).click();
    await faq.getByText(/certified mail with return receipt requested/).waitFor();
    await search.fill('zebra crossing');
    await faq.getByText('No FAQs found matching your search.').waitFor();
    await search.fill('');
    await faq.getByRole('heading', { name: 'Getting Started' }).waitFor();
  });
});
