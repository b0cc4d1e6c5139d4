/**
 * End-to-end-encrypted sync on the local stack (`npm start`'s routers on DynamoDB Local in
 * memory, Debian's Chromium): 200 disputes and 20 exhibits (5 MB in all) sent from one browser
 * context and received in another of the same account; then My Disputes opened again with sync
 * on, to see that no request starts before its first paint.
 * Usage: npx tsx bench/sync-bench.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { BACKUP_FORMAT, BACKUP_VERSION, type Dispute } from '../shared/disputes';
import { startLocalRuntime } from '../local/runtime';
import { seedSubscriber } from '../tests/quality/harness';
import { launchBrowser } from '../tests/support/browser';
import { signInThroughApp } from '../tests/support/sign-in';
import { threeDisputes } from '../tests/support/three-disputes';

const DISPUTES = 200;
const EXHIBITS = 20;
const EXHIBIT_BYTES = 256 * 1024;
const PASSPHRASE = 'bench passphrase of sync';

function backupFor(userId: string) {
  const template = threeDisputes()[2]!;
  const exhibits: { id: string; base64: string }[] = [];
  const disputes: Dispute[] = Array.from({ length: DISPUTES }, (_, index) => {
    const id = `bench-${index}`;
    const files =
      index < EXHIBITS
        ? [{ id: `file-${index}`, base64: randomBytes(EXHIBIT_BYTES).toString('base64') }]
        : [];
    exhibits.push(...files);
    return {
      ...template,
      id,
      items: [{ id: `${id}-i1`, accountName: `Account ${index}`, details: 'Not mine.' }],
      exhibits: files.map((file) => ({
        id: file.id,
        exhibit: 1,
        name: `statement-${index}.png`,
        type: 'image/png' as const,
        size: EXHIBIT_BYTES,
      })),
    };
  });
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    userId,
    exportedAt: new Date().toISOString(),
    disputes,
    exhibits,
  };
}

const upToDate = (page: Page) =>
  page.getByText('Sync is on. Up to date.').waitFor({ timeout: 120_000 });
const rows = (page: Page) =>
  page.getByRole('list', { name: 'Your disputes' }).getByRole('listitem');

const runtime = await startLocalRuntime({ port: 0, dataDir: null, webDist: 'web/dist' });
const browser = await launchBrowser();
try {
  mkdirSync('bench/out', { recursive: true });
  const subscriber = await seedSubscriber(runtime.url, runtime.stripeEmulator!.url, 'sync-bench');
  const laptop = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext()).newPage();
  await signInThroughApp(laptop, runtime.url, subscriber);
  await signInThroughApp(phone, runtime.url, subscriber);

  await laptop.goto(`${runtime.url}/disputes`);
  await laptop.getByLabel('Import backup').setInputFiles({
    name: 'backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(backupFor(subscriber.userId))),
  });
  await laptop.getByText(/^Backup imported/).waitFor({ timeout: 60_000 });

  await laptop.getByRole('button', { name: 'Sync across my devices' }).click();
  await laptop.getByLabel('Sync passphrase', { exact: true }).fill(PASSPHRASE);
  await laptop.getByLabel('Sync passphrase again').fill(PASSPHRASE);
  const turnOn = performance.now();
  await laptop.getByRole('button', { name: 'Turn on sync' }).click();
  await laptop.getByTestId('recovery-code').waitFor();
  const keyReady = performance.now();
  await upToDate(laptop);
  const sent = performance.now();

  await phone.goto(`${runtime.url}/disputes`);
  await phone.getByRole('button', { name: 'Sync across my devices' }).click();
  await phone.getByLabel('Sync passphrase or recovery code').fill(PASSPHRASE);
  const open = performance.now();
  await phone.getByRole('button', { name: 'Open my synced data' }).click();
  // Polled every 50 ms: the figure is good to about that.
  while ((await rows(phone).count()) < DISPUTES) await phone.waitForTimeout(50);
  const shown = performance.now();
  await upToDate(phone);
  const received = performance.now();
  const files = await phone.evaluate<number>(`(async () => {
    const request = indexedDB.open('credit-dispute-letters:my-disputes:${subscriber.userId}');
    const db = await new Promise((resolve) => (request.onsuccess = () => resolve(request.result)));
    const count = await new Promise((resolve) => {
      const counting = db.transaction('files').objectStore('files').count();
      counting.onsuccess = () => resolve(counting.result);
    });
    db.close();
    return count;
  })()`);

  // My Disputes opened again with sync on: which requests start before the first paint?
  await phone.reload();
  await rows(phone).first().waitFor();
  await upToDate(phone);
  const timing = await phone.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const api = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/(functions|rest|auth)\/v1\//.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
    return { paint, api };
  });
  const before = timing.api.filter((request) => request.start < timing.paint);
  const firstSync = timing.api.find((request) => request.name.startsWith('/functions/v1/sync'));

  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `dataset: ${DISPUTES} disputes, ${EXHIBITS} exhibits of ${EXHIBIT_BYTES / 1024} KiB (${((EXHIBITS * EXHIBIT_BYTES) / 1048576).toFixed(1)} MiB of files)`,
  );
  console.log(
    `turn on (two PBKDF2 wrappings, 600,000 iterations each): ${seconds(keyReady - turnOn)}`,
  );
  console.log(`first device sends everything (encrypt + upload): ${seconds(sent - keyReady)}`);
  console.log(
    `second device: passphrase to ${DISPUTES} disputes shown: ${seconds(shown - open)}; all ${files} files received: ${seconds(received - open)}`,
  );
  console.log(
    `My Disputes reopened with sync on: first paint ${timing.paint.toFixed(0)} ms; API requests before it: ${before.length}; first sync request at ${firstSync?.start.toFixed(0)} ms`,
  );
  await phone.screenshot({ path: 'bench/out/sync-bench-second-device.png' });
} finally {
  await browser.close();
  await runtime.stop();
}
