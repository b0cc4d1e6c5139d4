import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type Dispute } from '../../shared/disputes';
import { addDays, toIsoDate } from '../../shared/letters';
import { seedSubscriber, tableOf, type Subscriber } from '../quality/harness';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';
import { importDisputes, threeDisputes } from '../support/three-disputes';

/**
 * A scanned exhibit at the product's 20 MB limit syncs to a second device, whole and unchanged
 * (sent and read in parts). A second one past the account's byte quota (32 MB here) is named
 * with the limit on the laptop, and the laptop's other records still reach the phone.
 */
const MiB = 1024 * 1024;
const e2e = useE2eSetup({ SYNC_MAX_BYTES: String(32 * MiB) });
let subscriber: Subscriber;
let laptop: Page;
let phone: Page;

const PASSPHRASE = 'granite willow 58 beacon';
const today = toIsoDate(new Date());
const EQUIFAX = threeDisputes(today)[2]!;
const EXTRA: Dispute = { ...EQUIFAX, id: 'later-on-laptop', mailedOn: addDays(today, -1) };

const files = mkdtempSync(join(tmpdir(), 'sync-large-'));

/** A PDF-looking file of exactly the exhibit limit, on disk (the browser reads it from there). */
function scan(name: string): { path: string; bytes: Buffer } {
  const bytes = randomBytes(LIMITS.exhibitBytes);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  const path = join(files, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

const rows = (page: Page) =>
  page.getByRole('list', { name: 'Your disputes' }).getByRole('listitem');

/** The heads of the records the server keeps for the user whose ids begin with `prefix`. */
async function syncedRecords(prefix: string) {
  const table = tableOf(e2e.runtime.env);
  const out = await table.doc.query({
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': `SYNC#${subscriber.userId}`,
      ':prefix': `RECORD#${prefix}`,
    },
  });
  return out.Items ?? [];
}

/** The sizes of the records the server keeps for the user's files (`x-…`). */
const syncedFileSizes = async () => (await syncedRecords('x-')).map((item) => item.size as number);

/** SHA-256 of every file the page's My Disputes store holds (a script: no DOM types here). */
function filesOn(page: Page, userId: string): Promise<string[]> {
  const database = JSON.stringify(`credit-dispute-letters:my-disputes:${userId}`);
  return page.evaluate(`(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(${database});
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const files = await new Promise((resolve, reject) => {
      const request = db.transaction('files').objectStore('files').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    const hashes = [];
    for (const file of files) {
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', file.bytes));
      hashes.push(Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join(''));
    }
    return hashes;
  })()`);
}

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'scan');
  laptop = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
  phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
  // One after the other: on a busy machine two at once can pass the landing's 30 s.
  await signInThroughApp(laptop, e2e.runtime.url, subscriber);
  await signInThroughApp(phone, e2e.runtime.url, subscriber);
});

describe('Sync of a large exhibit', () => {
  const first = scan('scan.pdf');
  const firstHash = createHash('sha256').update(first.bytes).digest('hex');

  it('sends a 20 MB exhibit from the laptop to the phone, unchanged', async () => {
    await importDisputes(laptop, e2e.runtime.url, subscriber.userId, [EQUIFAX]);
    await laptop.getByRole('button', { name: 'Sync across my devices' }).click();
    await laptop.getByLabel('Sync passphrase', { exact: true }).fill(PASSPHRASE);
    await laptop.getByLabel('Sync passphrase again').fill(PASSPHRASE);
    await laptop.getByRole('button', { name: 'Turn on sync' }).click();
    await laptop.getByRole('button', { name: 'I have kept it' }).click();
    await expect.poll(() => laptop.getByText('Sync is on. Up to date.').count()).toBe(1);

    await laptop.goto(`${e2e.runtime.url}/disputes?dispute=${EQUIFAX.id}`);
    const attached = Date.now();
    await laptop.getByLabel('Attach a file to Exhibit 1').setInputFiles(first.path);
    await laptop.getByText('scan.pdf attached as Exhibit 1').waitFor();
    // Sealed: a format byte, a 12-byte nonce and a 16-byte tag more than the file.
    await expect
      .poll(syncedFileSizes, { timeout: 120_000, interval: 250 })
      .toEqual([LIMITS.exhibitBytes + 29]);
    const sent = Date.now();

    await phone.goto(`${e2e.runtime.url}/disputes`);
    await phone.getByRole('button', { name: 'Sync across my devices' }).click();
    await phone.getByLabel('Sync passphrase or recovery code').fill(PASSPHRASE);
    await phone.getByRole('button', { name: 'Open my synced data' }).click();
    await expect.poll(() => rows(phone).count(), { timeout: 60_000 }).toBe(1);
    await expect
      .poll(() => filesOn(phone, subscriber.userId), { timeout: 120_000, interval: 500 })
      .toEqual([firstHash]);
    const received = Date.now();
    console.info(
      `sync of a 20 MB exhibit on the local stack: laptop to server ${((sent - attached) / 1000).toFixed(1)} s, ` +
        `server to phone (passphrase opened) ${((received - sent) / 1000).toFixed(1)} s`,
    );
  }, 300_000);

  it('names a file past the quota and its limit on the laptop; the other records still sync', async () => {
    await laptop
      .getByLabel('Attach another file to Exhibit 1')
      .setInputFiles(scan('scan-2.pdf').path);
    await laptop.getByText('scan-2.pdf attached as Exhibit 1').waitFor();
    await importDisputes(laptop, e2e.runtime.url, subscriber.userId, [EXTRA]);
    const refused = laptop.getByRole('alert').filter({ hasText: 'scan-2.pdf' });
    await expect.poll(() => refused.count(), { timeout: 120_000 }).toBe(1);
    expect(await refused.textContent()).toBe(
      '"scan-2.pdf" is not synced. Your synced data may hold at most 5,000 records and 32 MB. It stays in this browser, and the rest of your data is synced.',
    );
    expect(await syncedFileSizes()).toEqual([LIMITS.exhibitBytes + 29]);
    // The refusal can come from the pass before the one that sends the new dispute: the phone
    // looks once the server has it (it syncs on focus, not on a timer).
    await expect
      .poll(async () => (await syncedRecords(`d-${EXTRA.id}`)).length, { timeout: 120_000 })
      .toBe(1);

    await phone.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect.poll(() => rows(phone).count(), { timeout: 60_000 }).toBe(2);
    // The phone lists the second file with its dispute; its bytes stay on the laptop.
    expect(await filesOn(phone, subscriber.userId)).toEqual([firstHash]);
  }, 300_000);
});
