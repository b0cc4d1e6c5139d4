import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../quality/harness';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';

const e2e = useE2eSetup();
let context: BrowserContext;

beforeAll(async () => {
  const subscriber = await seedSubscriber(
    e2e.runtime.url,
    e2e.runtime.stripeEmulator!.url,
    'returning',
  );
  const page = await e2e.newPage();
  context = page.context();
  await signInThroughApp(page, e2e.runtime.url, subscriber);
  await page.close();
});

/**
 * Opens `route` in a new tab of the signed-in browser and records every text that a loading
 * status (the app's spinners, role=status) showed, from the first byte of the page on.
 */
async function openRecordingSpinners(
  route: string,
): Promise<{ page: Page; shown: () => Promise<string[]> }> {
  const page = await context.newPage();
  // In the page, before its own scripts (as text: this project's tests have no DOM types).
  await page.addInitScript(`
    window.spinnersShown = [];
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent.trim();
        if (text.startsWith('Loading') && window.spinnersShown.at(-1) !== text)
          window.spinnersShown.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  `);
  await page.goto(`${e2e.runtime.url}${route}`);
  return {
    page,
    shown: () => page.evaluate<string[]>('window.spinnersShown'),
  };
}

describe('a returning subscriber', () => {
  // The tool's code loads while the stored session is restored: after the gate's own status,
  // the tool shows at once, not a second spinner while its code downloads.
  it.each([
    ['/tools', (page: Page) => page.getByRole('form', { name: 'Dispute letter' })],
    ['/checkup', (page: Page) => page.getByRole('button', { name: 'Try it with a sample' })],
  ])('sees %s without a spinner for its code', async (route, content) => {
    const { page, shown } = await openRecordingSpinners(route);
    await content(page).waitFor();
    // The prerendered page's own status (while the session is restored), and no other.
    expect(await shown()).toEqual(['Loading subscription details...']);
    await page.close();
  });
});

describe('a returning subscriber on a slow phone (issue 41)', () => {
  // At a phone's CPU speed the stored session takes a while to restore: the page shows its
  // neutral loading state meanwhile, never "Sign In Required" that then flips.
  it.each([
    ['/tools', (page: Page) => page.getByRole('form', { name: 'Dispute letter' })],
    ['/checkup', (page: Page) => page.getByRole('button', { name: 'Try it with a sample' })],
    [
      '/disputes',
      (page: Page) => page.getByRole('heading', { name: /No disputes yet|Your disputes/ }),
    ],
  ])('never sees "Sign In Required" on %s', async (route, content) => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.addInitScript(`
      window.signInShown = 0;
      const look = () => {
        for (const heading of document.querySelectorAll('h1, h2'))
          if (heading.textContent.trim() === 'Sign In Required' && heading.checkVisibility())
            window.signInShown += 1;
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
      document.addEventListener('DOMContentLoaded', look);
    `);
    await page.goto(`${e2e.runtime.url}${route}`);
    await content(page).first().waitFor();
    expect(await page.evaluate<number>('window.signInShown')).toBe(0);
    await page.close();
  });
});
