import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, WCAG_TAGS } from '../support/axe';
import { useE2eSetup } from '../support/e2e';

/**
 * The sign-up and sign-in fields in Chromium at a phone's and a desktop's width: the name's
 * limit and count, the app's own e-mail check beside the field, and an error toast that goes
 * once its problem is fixed.
 */
const e2e = useE2eSetup();

const LONG_WORD = 'W'.repeat(10_000);
const PASSWORD = 'correct-horse-battery';
const EMAIL_MESSAGE = 'Enter an e-mail address like name@example.com.';

/** Runs in the page (as source text: this project's Node typings have no DOM). */
const PAGE_OVERFLOWS =
  'document.documentElement.scrollWidth > document.documentElement.clientWidth';

let runId = 0;
const uniqueEmail = (width: number) =>
  `auth-fields-${width}-${Date.now()}-${(runId += 1)}@example.com`;

/** The toasts on screen saying `text`. */
const toastsSaying = (page: Page, text: string) =>
  page.locator('.toast-area [role="status"]', { hasText: text });

describe.each([390, 1280])('at %i px', (width) => {
  async function openSignUp() {
    const page = await e2e.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${e2e.runtime.url}/auth?mode=signup`);
    await page.getByRole('heading', { name: 'Create Account', level: 1 }).waitFor();
    return page;
  }

  it('keeps the full name to 120 characters with a live count, the page no wider', async () => {
    const page = await openSignUp();
    const name = page.getByLabel('Full Name');
    await name.fill(LONG_WORD);
    expect(await name.inputValue()).toBe('W'.repeat(120));
    await page.getByText('120 / 120', { exact: true }).waitFor();
    expect(await page.getByLabel('Email Address').getAttribute('maxlength')).toBe('255');
    expect(await page.evaluate<boolean>(PAGE_OVERFLOWS)).toBe(false);
    await page.close();
  });

  it('shows the mismatch once, beside the field, never as a toast, and signs up once fixed', async () => {
    const page = await openSignUp();
    await page.getByLabel('Full Name').fill('Jane Doe');
    await page.getByLabel('Email Address').fill(uniqueEmail(width));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const confirm = page.getByLabel('Confirm Password');
    await confirm.fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    const mismatch = toastsSaying(page, 'Passwords do not match');
    await page.getByText('Passwords do not match').waitFor();
    expect(await page.getByText('Passwords do not match').count()).toBe(1);
    expect(await mismatch.count()).toBe(0);
    await confirm.fill(PASSWORD);
    expect(await page.locator('#auth-confirm-password-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await toastsSaying(page, 'Account created successfully!').waitFor();
    expect(await mismatch.count()).toBe(0);
    await page.close();
  });

  it('says beside the e-mail field that an address is malformed, until it is fixed', async () => {
    const page = await openSignUp();
    await page.getByLabel('Full Name').fill('Jane Doe');
    const email = page.getByLabel('Email Address');
    await email.fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    const beside = page.locator('#auth-email-error');
    await beside.waitFor();
    expect(await beside.innerText()).toBe(EMAIL_MESSAGE);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe('auth-email-error');
    // The browser's own bubble is off: the form checks the address itself.
    expect(await page.locator('form[novalidate]').count()).toBe(1);
    // Under the field, above the password.
    const field = (await email.boundingBox())!;
    const message = (await beside.boundingBox())!;
    const password = (await page.getByLabel('Password', { exact: true }).boundingBox())!;
    expect(message.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(message.y + message.height).toBeLessThanOrEqual(password.y);
    // Focus on it, as the browser's own check did.
    expect(await page.evaluate<string>('document.activeElement?.id')).toBe('auth-email');
    expect(await page.evaluate<boolean>(PAGE_OVERFLOWS)).toBe(false);
    expect(await axeViolations(page, { tags: WCAG_TAGS })).toEqual([]);

    await email.fill('not-an-email@example.com');
    expect(await beside.count()).toBe(0);
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.close();
  });
});
