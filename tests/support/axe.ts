import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0/2.1 A and AA and WCAG 2.2 AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeOptions {
  /** Rule tags to run; every rule when empty. */
  tags?: string[];
  /** Checks only this part of the page (a CSS selector). */
  include?: string;
  /**
   * Reads the page with its toasts on screen: where a step shows one on purpose, or where
   * `include` leaves them out. Otherwise the check first waits until every toast has left: a
   * toast whose time ends while axe reads the page is read half faded out.
   */
  withToasts?: boolean;
}

/** The toasts' messages, in the app's toast area (web/src/app/toaster.tsx). */
const TOASTS = '.toast-area [role="status"]';

/** The part of the page's DOM read below (this project's Node typings have no DOM). */
interface PageDom {
  document: {
    querySelectorAll(
      selector: string,
    ): ArrayLike<{ parentElement: { style: { opacity: string } } }>;
    getAnimations(): {
      playState: string;
      effect: { getTiming(): { iterations?: number } } | null;
    }[];
  };
}

/**
 * Axe's violations on the page once it is still, as `rule: targets (what to fix)` lines, so a
 * failure names what to fix. Still: no entry or exit animation running (axe reads colours as
 * painted) and no toast drawn transparent while the toast area measures it, before its entry.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  if (!options.withToasts)
    await page.waitForFunction(
      (selector) =>
        (globalThis as unknown as PageDom).document.querySelectorAll(selector).length === 0,
      TOASTS,
      { timeout: 10_000 },
    );
  await page.waitForFunction((selector) => {
    const { document } = globalThis as unknown as PageDom;
    const animating = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getTiming().iterations !== Infinity,
      );
    const unmeasured = Array.from(document.querySelectorAll(selector)).some(
      (message) => message.parentElement.style.opacity === '0',
    );
    return !animating && !unmeasured;
  }, TOASTS);
  // Legacy mode merges the results in the page itself instead of a new blank page: the app has no
  // frames to merge, and the blank page doubled each check (1.6 s to 0.8 s a route).
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (options.tags?.length) builder = builder.withTags(options.tags);
  if (options.include) builder = builder.include(options.include);
  const result = await builder.analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(' | ')}`,
  );
}
