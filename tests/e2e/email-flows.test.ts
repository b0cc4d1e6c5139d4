import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import type { LocalRuntime } from '../../local/runtime';
import { axeViolations, WCAG_TAGS } from '../support/axe';
import { useE2eSetup } from '../support/e2e';
import { startTestRuntime } from '../support/test-runtime';

/**
 * The e-mail journeys in Chromium against the whole local product, reading mail the way a
 * developer does: on the dev mailbox page, following the rendered link.
 */
const e2e = useE2eSetup();
/** A second product whose sign-up asks for a confirmed e-mail address first. */
let confirming: LocalRuntime;

beforeAll(async () => {
  confirming = await startTestRuntime({ env: { AUTH_AUTOCONFIRM: 'false' } });
});

afterAll(async () => {
  await confirming?.stop();
});

let runId = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${(runId += 1)}@example.com`;

/** Opens the newest message to `email` on the dev mailbox page and follows its action link. */
async function followMailedLink(page: Page, on: LocalRuntime, email: string, action: string) {
  await page.goto(`${on.url}/_dev/mail`);
  await page.getByRole('listitem').filter({ hasText: email }).first().getByRole('link').click();
  await page.getByRole('article').getByRole('link', { name: action }).click();
}

async function signIn(page: Page, on: LocalRuntime, email: string, password: string) {
  await page.goto(`${on.url}/auth`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** WCAG 2.2 A/AA and best-practice problems on the page once it is still. */
const violations = (page: Page) => axeViolations(page, { tags: [...WCAG_TAGS, 'best-practice'] });

/** Session keys the auth client stored (`sb-<host>-auth-token`). */
const storedSessions = (page: Page) =>
  page.evaluate<string[]>("Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'))");

async function signUpByApi(email: string, password: string) {
  const response = await fetch(`${e2e.runtime.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, data: { name: 'Fiona Forgot' } }),
  });
  expect(response.status).toBe(200);
}

describe('forgot password in Chromium', () => {
  const email = uniqueEmail('forgot');
  const oldPassword = 'the old password';
  const newPassword = 'a brand new password';

  it('sends the link from the auth page, follows it from the dev mailbox, sets a new password', async () => {
    await signUpByApi(email, oldPassword);

    const page = await e2e.newPage();
    await page.goto(`${e2e.runtime.url}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${e2e.runtime.url}/forgot-password`);
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(`If an account exists for ${email}`).waitFor();
    expect(await violations(page)).toEqual([]);

    await followMailedLink(page, e2e.runtime, email, 'Choose a new password');
    await page.getByRole('heading', { name: 'Set a new password', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await page.getByText(email).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Your password has been updated!').waitFor();
    await page.waitForURL(`${e2e.runtime.url}/payment`);
  });

  it('the old password no longer signs in; the new one does', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.runtime, email, oldPassword);
    // Beside the field and in the toast.
    await page.getByText('Invalid login credentials').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await storedSessions(page)).toEqual([]);

    await signIn(page, e2e.runtime, email, newPassword);
    await page.getByText('Welcome back!').waitFor();
    await page.waitForURL(`${e2e.runtime.url}/payment`);
  });

  it('a used link is refused on the set-new-password page', async () => {
    const page = await e2e.newPage();
    await followMailedLink(page, e2e.runtime, email, 'Choose a new password');
    await page.getByRole('heading', { name: 'Reset link not valid', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/invalid|expired/i);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('a link whose redirect is not allowed lands on the site, which opens the form', async () => {
    const other = uniqueEmail('elsewhere');
    await signUpByApi(other, oldPassword);
    const recover = await fetch(
      `${e2e.runtime.url}/auth/v1/recover?redirect_to=${encodeURIComponent('https://evil.example.com/')}`,
      {
        method: 'POST',
        headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: other }),
      },
    );
    expect(recover.status).toBe(200);
    const page = await e2e.newPage();
    await followMailedLink(page, e2e.runtime, other, 'Choose a new password');
    await page.getByRole('heading', { name: 'Set a new password', level: 1 }).waitFor();
    expect(new URL(page.url()).origin).toBe(e2e.runtime.url);
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await page.getByText(other).waitFor();
  });
});

describe('sign-up with e-mail confirmation on, in Chromium', () => {
  it('promises the e-mail without a session; the mailed link signs in, asks for a password, then /payment', async () => {
    const email = uniqueEmail('confirm');
    const password = 'confirm-me-please';
    const page = await e2e.newPage();
    await page.goto(`${confirming.url}/auth`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full Name').fill('Carl Confirm');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page
      .getByText('Account created successfully! Please check your email to verify your account.')
      .waitFor();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await storedSessions(page)).toEqual([]);
    expect(await violations(page)).toEqual([]);

    // Not confirmed yet: the server refuses a sign-in and the page shows its message.
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Email not confirmed').first().waitFor();

    // Confirming keeps no password chosen at sign-up: the link signs in and asks for one.
    await followMailedLink(page, confirming, email, 'Confirm my e-mail address');
    await page.getByRole('heading', { name: 'Set a new password', level: 1 }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm New Password').fill(password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL((url) => url.pathname === '/payment');
    await page.getByRole('button', { name: 'Subscribe for $5/month' }).waitFor();
    // Confirmation drops everything the sign-up set, the name too (Security V: a stranger may have
    // registered the address first), so the header names the address's handle.
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(email.split('@')[0]!) })
      .waitFor();
    expect(await storedSessions(page)).toHaveLength(1);
  });
});
