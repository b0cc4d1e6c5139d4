import type { Page } from 'playwright-core';
import { axeViolations, WCAG_TAGS } from './axe';
import type { E2eSetup } from './e2e';
import { signInThroughApp } from './sign-in';

/** What the accessibility files share: their screens, routes and the axe check they run. */
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const PASSWORD = 'correct-horse-battery';

export const PUBLIC_ROUTES: [string, string][] = [
  ['/', 'Dispute Credit Report Errors with Professional Letters'],
  ['/faq', 'Frequently Asked Questions'],
  ['/testimonials', 'Success Stories'],
  ['/auth', 'Why create an account?'],
  ['/payment', 'Sign in to subscribe'],
  ['/tools', 'Sign In Required'],
  ['/checkup', 'Sign In Required'],
  // Signed out, /success sends the visitor to sign in first.
  ['/success', 'Why create an account?'],
  ['/auth?mode=signup', 'Confirm Password'],
  ['/forgot-password', 'Reset your password'],
  ['/support', 'Help and refunds'],
  ['/privacy', 'What stays in your browser'],
  ['/terms', 'Acceptable use'],
  ['/no-such-page', 'Page not found'],
];

/** WCAG violations on the page once it is still; toasts only where the step shows one on purpose. */
export const violations = (page: Page, options: { withToasts?: boolean } = {}) =>
  axeViolations(page, { tags: WCAG_TAGS, ...options });

export async function visit(e2e: E2eSetup, page: Page, path: string, ready: string) {
  await page.goto(`${e2e.runtime.url}${path}`);
  await page.getByText(ready, { exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

export async function signIn(e2e: E2eSetup, page: Page, email: string, landing: RegExp) {
  await signInThroughApp(page, e2e.runtime.url, { email, password: PASSWORD }, landing);
}
