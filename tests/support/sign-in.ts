import type { Page } from 'playwright-core';
import { openApp } from './app-ready';

/** Where a sign-in lands: a subscriber on /tools (the default), anyone else elsewhere. */
type Landing = Parameters<Page['waitForURL']>[0];

/**
 * Signs in through the app's own /auth form, as a user would, and waits for the landing page.
 * A refusal fails at once with the form's message (a 429 is not a navigation to wait for).
 */
export async function signInThroughApp(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  landing: Landing = /\/tools$/,
): Promise<void> {
  await openApp(page, `${baseUrl}/auth`);
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The form's problems: above the button, or beside a field.
  const refusal = page.locator('form [role="alert"], form [id$="-error"]').first();
  const landed = page.waitForURL(landing).then(() => null);
  // Shown only on a refusal: its own timeout is the landing's to report.
  const refused = refusal.waitFor().then(
    () => refusal.innerText(),
    () => new Promise<never>(() => {}),
  );
  const message = await Promise.race([landed, refused]);
  if (message !== null) throw new Error(`signing in as ${account.email} was refused: ${message}`);
}
