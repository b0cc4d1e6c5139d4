import type { Page } from 'playwright-core';

/** Where a sign-in lands: a subscriber on /tools (the default), anyone else elsewhere. */
type Landing = Parameters<Page['waitForURL']>[0];

/** Signs in through the app's own /auth form, as a user would, and waits for the landing page. */
export async function signInThroughApp(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  landing: Landing = /\/tools$/,
): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(landing);
}
