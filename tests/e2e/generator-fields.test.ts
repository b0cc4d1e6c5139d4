import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, type Subscriber } from '../quality/harness';
import { axeViolations, WCAG_TAGS } from '../support/axe';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';

/**
 * The generator's fields as a new user meets them, in Chromium at a phone's and a desktop's width:
 * "Also send to"'s report numbers have the limit and live count of step 1's, and Next marks a
 * phone or e-mail that cannot be one beside it, as it marks the rest of the step it leaves.
 */
const e2e = useE2eSetup();

const LONG_WORD = 'W'.repeat(10_000);
const PHONE_ERROR = 'Enter a phone number like (555) 123-4567.';
const EMAIL_ERROR = 'Enter an e-mail address like name@example.com.';

const axe = (page: Page) => axeViolations(page, { tags: WCAG_TAGS });

// A string: this project's Node typings have no DOM.
const overflows = (page: Page) =>
  page.evaluate<boolean>(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth',
  );

const focusedId = (page: Page) =>
  page.evaluate<string>('document.activeElement ? document.activeElement.id : ""');

/** Whether the live count under a field reads `count`, e.g. "40 / 40". */
const showsCount = (field: Locator, count: string) =>
  field.locator('xpath=..').getByText(count, { exact: true }).isVisible();

describe.each([390, 1280])('at %i px', (width) => {
  let page: Page;
  let subscriber: Subscriber;

  beforeAll(async () => {
    subscriber = await seedSubscriber(
      e2e.runtime.url,
      e2e.runtime.stripeEmulator!.url,
      `fields-${width}`,
    );
    page = await e2e.newPage({ viewport: { width, height: 900 } });
    await signInThroughApp(page, e2e.runtime.url, subscriber);
  });

  it('"Also send to": each report number stops at 40 with a live count; a 10,000-character word overflows nothing', async () => {
    await page.goto(`${e2e.runtime.url}/tools?step=2`);
    await page.getByLabel('Credit Bureau').selectOption('experian');
    await page.getByLabel('Error Type', { exact: true }).selectOption('incorrect-balance');
    for (const bureau of ['Equifax', 'TransUnion'])
      await page.getByLabel(bureau, { exact: true }).check();

    // Every text field of the step, the further bureaus' report numbers among them.
    const fields = page.locator(
      'section[data-step="1"] :is(input:not([type]), input[type=text], textarea)',
    );
    for (const field of await fields.all()) {
      const max = Number(await field.getAttribute('maxlength'));
      expect(max, await field.evaluate((element) => element.id)).toBeGreaterThan(0);
      expect(max).toBeLessThanOrEqual(1500);
      await field.fill(LONG_WORD);
      expect((await field.inputValue()).length).toBe(max);
    }

    for (const bureau of ['Equifax', 'TransUnion']) {
      const field = page.getByLabel(`Report Number (${bureau})`);
      expect(await field.getAttribute('maxlength')).toBe('40');
      expect(await field.inputValue()).toBe('W'.repeat(40));
      expect(await showsCount(field, '40 / 40')).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      await field.fill('EQ-12');
      expect(await showsCount(field, '5 / 40')).toBe(true);
      await field.fill(LONG_WORD);
    }
    expect(await page.getByText('A report number has at most 40 characters').count()).toBe(0);

    for (const each of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width: each, height: 900 });
      expect(await overflows(page), `/tools?step=2 at ${each} px`).toBe(false);
    }
    await page.setViewportSize({ width, height: 900 });
    expect(await overflows(page)).toBe(false);
  });

  it('Next marks a phone or e-mail that cannot be one beside it, focusing it; each mark goes once fixed', async () => {
    await page.goto(`${e2e.runtime.url}/tools`);
    const phone = page.getByLabel('Phone', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    await phone.fill('not a phone');
    await email.fill('not-an-email');
    // Not marked while typed: only the step's check marks it.
    expect(await page.getByText(PHONE_ERROR).count()).toBe(0);

    const next = page.getByRole('button', { name: 'Next: Disputed items' });
    await next.click();
    // Stays on step 1, each field marked beside it, the first focused.
    expect(new URL(page.url()).search).not.toBe('?step=2');
    expect(await page.getByRole('heading', { name: 'Your details' }).isVisible()).toBe(true);
    expect(await page.getByText(PHONE_ERROR).isVisible()).toBe(true);
    expect(await page.getByText(EMAIL_ERROR).isVisible()).toBe(true);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await focusedId(page)).toBe(await phone.getAttribute('id'));
    expect(await axe(page)).toEqual([]);

    await phone.fill('(217) 555-0100');
    expect(await page.getByText(PHONE_ERROR).count()).toBe(0);
    expect(await phone.getAttribute('aria-invalid')).toBeNull();
    await next.click();
    // The e-mail is still wrong: it takes focus now.
    expect(await focusedId(page)).toBe(await email.getAttribute('id'));
    expect(await page.getByText(EMAIL_ERROR).isVisible()).toBe(true);

    await email.fill('jane@example.com');
    expect(await page.getByText(EMAIL_ERROR).count()).toBe(0);
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await next.click();
    await page.waitForURL(/\?step=2$/);
  });
});
