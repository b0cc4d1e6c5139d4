/**
 * Screenshots of My Disputes with three disputes (issue 25): the dashboard and one dispute's
 * thread at 390 and 1280 px, in bench/out/screens/disputes/ (not committed), and the height of
 * the dashboard. With --showcase, also the dashboard picture the home and payment pages show.
 * Usage: npm run build:web && npx tsx bench/dashboard-screens.ts [--showcase]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalRuntime } from '../local/runtime';
import { seedSubscriber } from '../tests/quality/harness';
import { launchBrowser } from '../tests/support/browser';
import { importThreeDisputes } from '../tests/support/three-disputes';
import { signInThroughApp } from '../tests/support/sign-in';

const OUT = 'bench/out/screens/disputes';
const SHOWCASE = 'web/public/my-disputes-dashboard.png';

const runtime = await startLocalRuntime({ port: 0, dataDir: null, webDist: 'web/dist' });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  for (const width of [390, 1280]) {
    const subscriber = await seedSubscriber(
      runtime.url,
      runtime.stripeEmulator!.url,
      `screens-disputes-${width}`,
    );
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await signInThroughApp(page, runtime.url, subscriber);
    await importThreeDisputes(page, runtime.url, subscriber.userId);
    await page.getByText('Backup imported').waitFor({ state: 'detached', timeout: 10_000 });
    const height = await page.evaluate<number>('document.documentElement.scrollHeight');
    console.log(`/disputes with three disputes at ${width} px: ${height} px high`);
    await page.screenshot({ path: join(OUT, `dashboard-${width}.png`), fullPage: true });
    if (width === 1280 && process.argv.includes('--showcase'))
      await page.getByRole('list', { name: 'Your disputes' }).screenshot({ path: SHOWCASE });
    await page.getByRole('link', { name: 'TransUnion: Round 2' }).click();
    await page.getByRole('region', { name: 'Dispute thread' }).waitFor();
    await page.screenshot({ path: join(OUT, `thread-${width}.png`), fullPage: true });
    await page.close();
  }
  console.log(`Screenshots in ${OUT}/`);
} finally {
  await browser.close();
  await runtime.stop();
}
