import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { LIMITS } from '../../shared/disputes';
import { seedSubscriber, type Subscriber } from '../quality/harness';
import { openApp } from '../support/app-ready';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';
import { importDisputes, threeDisputes } from '../support/three-disputes';

/**
 * The layout under stress: a 10,000-letter word, the generator's selects in its narrow column, a
 * toast while the header's menu is open, the signed-in header on a desktop, and the focus ring on
 * every background (the dark hero included).
 */
const e2e = useE2eSetup();

// A name well inside the 4 KB cap on user_metadata (Security V), still wider than any screen.
const LONG_WORD = 'W'.repeat(2_000);
const PASSWORD = 'correct-horse-battery';

/** Runs in the page (as source text: this project's Node typings have no DOM). */
const PAGE_OVERFLOW = `document.documentElement.scrollWidth - document.documentElement.clientWidth`;

async function signIn(page: Page, email: string) {
  await page.goto(`${e2e.runtime.url}/auth`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/auth');
}

describe('long text wraps', () => {
  const email = `long-word-${Date.now()}@example.com`;
  beforeAll(async () => {
    const response = await fetch(`${e2e.runtime.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, data: { name: LONG_WORD } }),
    });
    expect(response.status).toBe(200);
  });

  it.each([390, 1280])(
    'a 10,000-letter name never makes a page wider than the screen (%i px)',
    async (width) => {
      const page = await e2e.newPage({ viewport: { width, height: 800 } });
      await signIn(page, email);
      for (const route of ['/', '/payment', '/faq', '/support']) {
        await page.goto(`${e2e.runtime.url}${route}`);
        // (At 390 px the user menu sits in the closed mobile menu.)
        await page
          .getByRole('button', { name: /No Active Plan/, includeHidden: true })
          .waitFor({ state: 'attached' });
        expect(await page.evaluate<number>(PAGE_OVERFLOW), route).toBeLessThanOrEqual(0);
      }
      await page.close();
    },
  );
});

describe('a long exhibit in My Disputes', () => {
  let subscriber: Subscriber;
  beforeAll(async () => {
    subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'long');
  }, 60_000);

  // The longest word the generator's Supporting Evidence takes (its limit), as one exhibit: the
  // overdue round's follow-up lists it again under "Send again with this letter".
  it.each([320, 390, 768, 1280])(
    'an overdue round’s follow-up never makes the page wider than the screen (%i px)',
    async (width) => {
      const page = await e2e.newPage({ viewport: { width, height: 800 } });
      await signInThroughApp(page, e2e.runtime.url, subscriber);
      const exhibit = 'W'.repeat(LIMITS.evidence);
      const disputes = threeDisputes().map((dispute) => ({
        ...dispute,
        letterText: dispute.letterText.replace('June 2026 bank statement', exhibit),
      }));
      await importDisputes(page, e2e.runtime.url, subscriber.userId, disputes);
      await page.getByRole('link', { name: 'Experian: Round 1' }).click();
      const sendAgain = page.getByRole('group', { name: 'Send again with this letter' });
      await sendAgain.getByText(`Exhibit 1: ${exhibit}`).waitFor();
      expect(await page.evaluate<number>(PAGE_OVERFLOW)).toBeLessThanOrEqual(0);
      await page.close();
    },
    60_000,
  );
});

/**
 * How many pixels wider than the select (id `id`) it would need to be to show its widest option
 * whole: a copy sized by its content (as the browser sizes a select with width auto), measured
 * beside it, in its font. Runs in the page (as source text: no DOM typings here).
 */
const SELECT_SHORTFALL = (id: string) => `(() => {
  const select = document.getElementById(${JSON.stringify(id)});
  const copy = select.cloneNode(true);
  copy.removeAttribute('id');
  Object.assign(copy.style, { position: 'absolute', visibility: 'hidden', width: 'auto', minWidth: '0', maxWidth: 'none' });
  select.after(copy);
  const needed = copy.getBoundingClientRect().width;
  copy.remove();
  return Math.ceil(needed - select.getBoundingClientRect().width);
})()`;

describe('the generator’s selects', () => {
  let subscriber: Subscriber;
  beforeAll(async () => {
    subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'selects');
  }, 60_000);

  // "Select credit bure" and "Chapter 13 bankrup" were clipped in the form's narrow column at
  // 1280 px: every option, the placeholders and the longest chosen value, shows whole.
  it.each([390, 1280])(
    'show every option whole: Credit Bureau, Error Type and Item Type (%i px)',
    async (width) => {
      const page = await e2e.newPage({ viewport: { width, height: 900 } });
      await signInThroughApp(page, e2e.runtime.url, subscriber);
      await page.goto(`${e2e.runtime.url}/tools?step=2`);
      await page.getByLabel('Credit Bureau').waitFor();
      const shortfall = async (label: string) => {
        const id = await page.getByLabel(label, { exact: true }).getAttribute('id');
        return page.evaluate<number>(SELECT_SHORTFALL(id!));
      };
      expect(await shortfall('Credit Bureau'), 'Credit Bureau').toBeLessThanOrEqual(0);
      await page.getByLabel('Credit Bureau').selectOption('experian');
      expect(await shortfall('Error Type'), 'Error Type').toBeLessThanOrEqual(0);
      await page.getByLabel('Error Type', { exact: true }).selectOption('outdated-info');
      const itemType = page.getByLabel('Item Type', { exact: true });
      expect(await itemType.locator('option').allTextContents()).toContain('Chapter 13 bankruptcy');
      expect(await shortfall('Item Type'), 'Item Type').toBeLessThanOrEqual(0);
      await itemType.selectOption('chapter-13');
      expect(await shortfall('Item Type'), 'Item Type, Chapter 13 chosen').toBeLessThanOrEqual(0);
      expect(await page.evaluate<number>(PAGE_OVERFLOW)).toBeLessThanOrEqual(0);
      await page.close();
    },
    60_000,
  );
});

describe('the signed-in header', () => {
  const email = `header-${Date.now()}@example.com`;
  beforeAll(async () => {
    const response = await fetch(`${e2e.runtime.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        // As long as the account area shows before it truncates.
        data: { name: 'Alexandra Montgomery-Fitzgerald' },
      }),
    });
    expect(response.status).toBe(200);
  });

  // With every link of a signed-in user, the brand still fits: its name and tagline stay inside
  // the header and clear of the links (a wide system face once pushed the name under them).
  it.each([1024, 1280, 1440, 1600])(
    'keeps the brand clear of the links at %i px',
    async (width) => {
      const page = await e2e.newPage({ viewport: { width, height: 800 } });
      await signIn(page, email);
      await page.goto(`${e2e.runtime.url}/`);
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: /No Active Plan/ }).waitFor();
      const header = (await banner.boundingBox())!;
      const firstLink = (await banner
        .getByRole('link', { name: 'Home', exact: true })
        .boundingBox())!;
      const brandTexts = [
        banner.getByText('Credit Dispute Letters', { exact: true }),
        banner.getByText('Professional FCRA dispute letters in minutes'),
      ];
      for (const text of brandTexts) {
        if (!(await text.isVisible())) continue;
        const box = (await text.boundingBox())!;
        expect(box.y, `${width} px`).toBeGreaterThanOrEqual(header.y);
        expect(box.y + box.height, `${width} px`).toBeLessThanOrEqual(header.y + header.height);
        expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(firstLink.x);
        // Nor does its text run out of its box (a line that may not wrap, in a box too narrow).
        const overflow = await text.evaluate(
          (element: { scrollWidth: number; clientWidth: number }) =>
            element.scrollWidth - element.clientWidth,
        );
        expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      }
      await page.close();
    },
  );
});

describe('toasts', () => {
  let subscriber: Subscriber;
  beforeAll(async () => {
    subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'toasts');
  }, 60_000);

  // A toast the spec names: Preview with required fields missing (sign-in errors show beside
  // their field now, not as a toast).
  it.each([390, 1280])(
    'appear below the header and never over its open menu (%i px)',
    async (width) => {
      const page = await e2e.newPage({ viewport: { width, height: 800 } });
      await signInThroughApp(page, e2e.runtime.url, subscriber);
      await page.goto(`${e2e.runtime.url}/tools?step=3`);
      await page.getByRole('button', { name: 'Preview Letter' }).click();
      const toast = page
        .getByRole('status')
        .getByText('Please fill in all required fields before previewing');
      await toast.waitFor();
      // Where the toast comes to rest once its entrance animation is over.
      let toastBox = (await toast.boundingBox())!;
      for (let settled = false; !settled;) {
        await page.waitForTimeout(100);
        const next = (await toast.boundingBox())!;
        settled = next.y === toastBox.y;
        toastBox = next;
      }
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);

      // The header's menu (on a phone the site menu, on a desktop the account menu) opens over the
      // page below the header, where the toast is: the menu is on top.
      const banner = page.getByRole('banner');
      await banner
        .getByRole('button', { name: width < 1024 ? 'Open menu' : /Active Subscription/ })
        .click();
      const x = toastBox.x + toastBox.width / 2;
      const y = toastBox.y + toastBox.height / 2;
      const onTop = await page.evaluate<boolean>(
        `Boolean(document.elementFromPoint(${x}, ${y})?.closest('header'))`,
      );
      expect(onTop).toBe(true);
      await page.close();
    },
  );
});

interface FocusStop {
  name: string;
  ring: string;
  background: string;
  contrast: number;
}

/**
 * The focused element's ring (outline) colour against the colour behind it (the first ancestor
 * with an opaque background), as a WCAG contrast ratio, once any colour transition is over. Colours are read through a canvas,
 * which turns any CSS colour (oklch included) into sRGB.
 */
const READ_FOCUS_RING = `(async () => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  // Buttons ease their colours in (the ring's too): read the ring once it has settled.
  await Promise.all(element.getAnimations().map((animation) => animation.finished));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const rgba = (color) => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data);
  };
  const luminance = ([r, g, b]) => {
    const linear = (c) => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  let behind = element.parentElement;
  let background = [255, 255, 255, 255];
  while (behind) {
    const color = rgba(getComputedStyle(behind).backgroundColor);
    if (color[3] === 255) { background = color; break; }
    behind = behind.parentElement;
  }
  const style = getComputedStyle(element);
  const ring = style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2
    ? null
    : rgba(style.outlineColor);
  const [light, dark] = ring
    ? [luminance(ring), luminance(background)].sort((a, b) => b - a)
    : [0, 0];
  return {
    name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40),
    ring: ring ? ring.join(',') : 'none',
    background: background.join(','),
    contrast: ring ? (light + 0.05) / (dark + 0.05) : 0,
  };
})()`;

describe('focus ring', () => {
  it.each(['/', '/support', '/no-such-page'])(
    'every focus stop on %s shows a ring of at least 3:1 against its background',
    async (route) => {
      const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
      // The stops of the page the app runs, not of the prerendered one before it.
      await openApp(page, `${e2e.runtime.url}${route}`);
      const stops: FocusStop[] = [];
      for (let presses = 0; presses < 60; presses += 1) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate<FocusStop | null>(READ_FOCUS_RING);
        if (!stop || stops.some((seen) => seen.name === stop.name && stop.name)) break;
        stops.push(stop);
      }
      expect(stops.length).toBeGreaterThan(5);
      expect(stops.filter((stop) => stop.contrast < 3)).toEqual([]);
      await page.close();
    },
  );
});
