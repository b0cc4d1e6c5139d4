import type { Page } from 'playwright-core';

/**
 * Until the app has taken over the page. Every page is prerendered: until the app has hydrated
 * it and knows the session, its links load whole pages, its form controls are disabled (a Tab
 * passes them by, to the end of the page) and typed keys reach nothing. Until then the page
 * carries both session variants, marked `data-when` (web/src/components/session-variants.tsx).
 */
export async function untilAppReady(page: Page): Promise<void> {
  await page.locator('[data-when]').first().waitFor({ state: 'detached' });
}

/** Opens a page of the app and waits until the app has taken it over. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await untilAppReady(page);
}

/**
 * After a navigation inside the app: until it has moved focus to the new page's main region
 * (web/src/components/layout.tsx), as it does once the address has changed. Keys pressed before
 * that land where focus was, and the move then takes focus from under them. The move can come
 * before a lazily loaded page has rendered: wait for its content too.
 */
export async function untilFocusOnNewPage(page: Page): Promise<void> {
  await page.locator('main:focus').waitFor();
}
