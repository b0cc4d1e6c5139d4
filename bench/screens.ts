/**
 * Screenshots of every route at 390 px (phone) and 1280 px (desktop), signed out, signed in
 * without a plan and subscribed, so a reviewer can look at the whole site in one folder:
 * bench/out/screens/<state>/<width>/<route>.png (not committed).
 * Usage: npm run build:web && npx tsx bench/screens.ts   [--only /,/faq] [--dist web/dist]
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startLocalRuntime } from '../local/runtime';
import { seedSubscriber, signUp } from '../tests/quality/harness';
import { launchBrowser } from '../tests/support/browser';
import { signInThroughApp } from '../tests/support/sign-in';
import { textOption } from './support';

const OUT = 'bench/out/screens';
const WIDTHS = [390, 1280] as const;
const ROUTES = [
  '/',
  '/faq',
  '/testimonials',
  '/auth',
  '/auth?mode=signup',
  '/forgot-password',
  '/reset-password',
  '/payment',
  '/success',
  '/success?session_id=cs_sample',
  '/support',
  '/privacy',
  '/terms',
  '/tools',
  '/checkup',
  '/no-such-page',
];
const only = textOption('only')?.split(',');
const routes = ROUTES.filter((route) => !only || only.includes(route));

/** `/` → home, `/auth?mode=signup` → auth-mode-signup. */
const fileName = (route: string) =>
  (route
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '') || 'home') + '.png';

async function shoot(browser: Browser, base: string, state: string, account?: Account) {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    if (account) await signInThroughApp(page, base, account, (url) => url.pathname !== '/auth');
    const dir = join(OUT, state, String(width));
    mkdirSync(dir, { recursive: true });
    for (const route of routes) {
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      // Let redirects, spinners and the display font settle (toasts time out at 4 s, so not those).
      await page.waitForTimeout(600);
      await page.screenshot({ path: join(dir, fileName(route)), fullPage: true });
    }
    await context.close();
  }
  console.log(`${state}: ${routes.length} routes × ${WIDTHS.join(' and ')} px`);
}

interface Account {
  email: string;
  password: string;
}

const runtime = await startLocalRuntime({
  port: 0,
  dataDir: null,
  webDist: textOption('dist') ?? 'web/dist',
});
const browser = await launchBrowser();
try {
  // A full run replaces the folder; `--only` replaces just those pages.
  if (!only) rmSync(OUT, { recursive: true, force: true });
  const member: Account = {
    email: `screens-${Date.now()}@example.com`,
    password: 'correct-horse-1',
  };
  const { status } = await signUp(runtime.url, member.email, member.password);
  if (status !== 200) throw new Error(`sign-up failed: ${status}`);
  const subscriber = await seedSubscriber(runtime.url, runtime.stripeEmulator!.url, 'screens');

  await shoot(browser, runtime.url, 'signed-out');
  await shoot(browser, runtime.url, 'signed-in', member);
  await shoot(browser, runtime.url, 'subscribed', subscriber);
  console.log(`Screenshots in ${OUT}/`);
} finally {
  await browser.close();
  await runtime.stop();
}
