import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, type Subscriber } from '../quality/harness';
import { openApp, untilFocusOnNewPage } from '../support/app-ready';
import { useE2eSetup } from '../support/e2e';

/**
 * The whole subscriber journey with the keyboard only (Tab, Shift+Tab, Enter, arrows, typing,
 * Escape; never a click): sign in, through the guided steps, generate, preview, download, close,
 * sign out. After every key that moves focus, the focused element must show a visible focus
 * indicator.
 */
const e2e = useE2eSetup();
let page: Page;
let subscriber: Subscriber;
/** Every focus stop that had no visible indicator, as `name (tag)`. */
const invisibleFocus: string[] = [];

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'keyboard');
  page = await e2e.newPage({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
});

interface Focused {
  name: string;
  tag: string;
  /** `:focus-visible` matches and an outline or a ring (box-shadow) is painted. */
  visible: boolean;
}

/** Runs in the page (as source text: this project's Node typings have no DOM). */
const READ_FOCUS = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return { name: '', tag: 'body', visible: false };
  const labelled = element.labels && element.labels[0] ? element.labels[0].textContent : null;
  const name = (element.getAttribute('aria-label') ?? labelled ?? element.textContent ?? '')
    .replace(/\\s+/g, ' ')
    .trim();
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const ring = style.boxShadow !== 'none';
  return {
    name,
    tag: element.tagName.toLowerCase(),
    visible: element.matches(':focus-visible') && (outline || ring),
  };
})()`;

function readFocus(): Promise<Focused> {
  return page.evaluate<Focused>(READ_FOCUS);
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; checks every stop. */
async function tabTo(name: string | RegExp, options: { back?: boolean } = {}) {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const focused = await readFocus();
    if (!focused.visible) invisibleFocus.push(`${focused.name} (${focused.tag}) → ${String(name)}`);
    if (matches(focused.name)) return focused;
  }
  throw new Error(`never reached ${String(name)} with the keyboard`);
}

async function expectFocusVisible() {
  const focused = await readFocus();
  if (!focused.visible) invisibleFocus.push(`${focused.name} (${focused.tag})`);
  return focused;
}

async function pressForDownload(key: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press(key)]);
  return readFile(await download.path(), 'utf8');
}

const dialog = () => page.getByRole('dialog', { name: 'Letter Preview' });

describe('keyboard-only journey', () => {
  it('signs in from the home page', async () => {
    // Keys on the prerendered page, before the app has it, would follow the link as a page
    // load, to a form whose fields stay disabled (passed by) until that page is hydrated too.
    await openApp(page, e2e.runtime.url);
    await tabTo('Sign In');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/auth$/);
    // The route's code loads lazily; Tab once the form is there and focus has moved to it.
    await page.getByLabel('Email Address').waitFor();
    await untilFocusOnNewPage(page);
    await tabTo(/^Email Address/);
    await page.keyboard.type(subscriber.email);
    await tabTo(/^Password/);
    await page.keyboard.type(subscriber.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tools$/);
    await page.getByText('Active Subscription - Unlimited Access').waitFor();
    await page.getByLabel('Your Name').waitFor();
    await untilFocusOnNewPage(page);
  });

  it('fills in the letter and generates it (download + preview)', async () => {
    // The guided steps: each reached from the step indicator or Next, focus on its heading.
    await tabTo(/Step 2: Disputed items$/);
    await page.keyboard.press('Enter');
    // The step is a history entry: focus moves once the new address has rendered.
    await page.locator('h2:focus').waitFor();
    expect(await expectFocusVisible()).toMatchObject({ name: 'Disputed items', tag: 'h2' });
    await tabTo(/^Credit Bureau/);
    await page.keyboard.press('ArrowDown');
    await tabTo(/^Error Type/);
    await page.keyboard.press('ArrowDown');
    await tabTo(/^Account Name/);
    await page.keyboard.type('Keyboard Bank 9876');
    await tabTo(/^Account Number/);
    await page.keyboard.type('9876');
    await tabTo(/^Correct balance/);
    await page.keyboard.type('$0');
    await tabTo(/^Error Details/);
    await page.keyboard.type('This account was paid in full in April 2026.');
    expect(await page.getByLabel('Credit Bureau').inputValue()).not.toBe('');
    await tabTo('Next: Review');
    await page.keyboard.press('Enter');
    // The step is in the address now (?step=3): the page shows it once the route has changed.
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    expect(await expectFocusVisible()).toMatchObject({ name: 'Review', tag: 'h2' });

    await tabTo('Generate & Download Letter');
    const text = await pressForDownload('Enter');
    expect(text).toContain('Keyboard Bank 9876');
    await dialog().waitFor();
    // Focus moved into the dialog, visibly.
    const inDialog = await expectFocusVisible();
    expect(
      await dialog().evaluate((element) => element.contains(element.ownerDocument.activeElement)),
    ).toBe(true);
    expect(inDialog.tag).not.toBe('body');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    expect((await expectFocusVisible()).name).toBe('Generate & Download Letter');
  });

  it('previews, downloads from the preview and closes it', async () => {
    await tabTo('Preview Letter');
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    const previewed = await dialog().getByLabel('Letter text').textContent();
    await tabTo('Download Letter');
    // The text file is the letter, then the mailing advice after it.
    expect((await pressForDownload('Enter')).startsWith(previewed ?? '-')).toBe(true);
    await tabTo('Close Preview');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().count()).toBe(0);
    expect((await expectFocusVisible()).name).toBe('Preview Letter');
  });

  it('signs out through the user menu', async () => {
    await tabTo(/Active Subscription/, { back: true });
    await page.keyboard.press('Enter');
    await tabTo('Sign Out');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${e2e.runtime.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
  });

  it('showed a visible focus indicator at every stop', () => {
    expect(invisibleFocus).toEqual([]);
  });
});
