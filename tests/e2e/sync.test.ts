import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dispute } from '../../shared/disputes';
import { addDays, toIsoDate } from '../../shared/letters';
import { seedSubscriber, tableOf, type Subscriber } from '../quality/harness';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';
import { importDisputes, threeDisputes } from '../support/three-disputes';

/**
 * End-to-end-encrypted sync with two browser contexts for one account: a laptop turns it on, a
 * phone opens it with the recovery code, an edit on the phone reaches the laptop when it is
 * focused, and the table holds none of what the user typed.
 */
const e2e = useE2eSetup();
let subscriber: Subscriber;
let laptop: Page;
let phone: Page;
let recoveryCode = '';

const PASSPHRASE = 'lantern orbit copper 42';
const today = toIsoDate(new Date());
const DISPUTES = threeDisputes(today);
const EXTRA: Dispute = {
  ...DISPUTES[2]!,
  id: 'extra-from-phone',
  items: [
    {
      id: 'extra-i1',
      accountName: 'Discover It ending 8888',
      accountNumber: '6011000099998888',
      details: 'Closed by me in 2019, shown as open.',
    },
  ],
  mailedOn: addDays(today, -7),
};

const rows = (page: Page) =>
  page.getByRole('list', { name: 'Your disputes' }).getByRole('listitem');

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'sync');
  laptop = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
  phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
  // One after the other: auth refuses (429) a password attempt made while another one for the
  // same account and client is being checked.
  await signInThroughApp(laptop, e2e.runtime.url, subscriber);
  await signInThroughApp(phone, e2e.runtime.url, subscriber);
});

describe('Sync across my devices', () => {
  it('turns on with a passphrase and shows a recovery code once', async () => {
    await importDisputes(laptop, e2e.runtime.url, subscriber.userId, DISPUTES);
    await laptop.getByRole('button', { name: 'Sync across my devices' }).click();
    await laptop.getByLabel('Sync passphrase', { exact: true }).fill(PASSPHRASE);
    await laptop.getByLabel('Sync passphrase again').fill(PASSPHRASE);
    await laptop.getByRole('button', { name: 'Turn on sync' }).click();
    recoveryCode = (await laptop.getByTestId('recovery-code').textContent()) ?? '';
    expect(recoveryCode).toMatch(/^([A-Z2-9]{5}-){7}[A-Z2-9]{5}$/);
    await laptop.getByRole('button', { name: 'I have kept it' }).click();
    await expect.poll(() => laptop.getByText('Sync is on. Up to date.').count()).toBe(1);
  });

  it('opens on a second device with the recovery code, not with a wrong passphrase', async () => {
    await phone.goto(`${e2e.runtime.url}/disputes`);
    await phone.getByRole('heading', { name: 'No disputes yet' }).waitFor();
    await phone.getByRole('button', { name: 'Sync across my devices' }).click();
    const secret = phone.getByLabel('Sync passphrase or recovery code');
    await secret.fill('not the passphrase at all');
    await phone.getByRole('button', { name: 'Open my synced data' }).click();
    await expect
      .poll(() => phone.getByRole('alert').filter({ hasText: 'That passphrase' }).textContent())
      .toBe('That passphrase does not open your data');
    expect(await rows(phone).count()).toBe(0);

    await secret.fill(recoveryCode.toLowerCase());
    await phone.getByRole('button', { name: 'Open my synced data' }).click();
    await expect.poll(() => rows(phone).count(), { timeout: 20_000 }).toBe(3);
    await phone.screenshot({ path: 'bench/out/sync-second-device.png', fullPage: true });
  });

  it("shows the phone's edit on the laptop when the laptop is focused again", async () => {
    await importDisputes(phone, e2e.runtime.url, subscriber.userId, [EXTRA]);
    await expect.poll(() => phone.getByText('Sync is on. Up to date.').count()).toBe(1);
    await phone.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => phone.getByText('Sync is on. Up to date.').count()).toBe(1);
    expect(await rows(laptop).count()).toBe(3);
    await laptop.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect.poll(() => rows(laptop).count(), { timeout: 20_000 }).toBe(4);
    await expect.poll(() => laptop.getByText('Discover It ending 8888').count()).toBeGreaterThan(0);
  });

  it("stores none of the user's words, names, account numbers or dates in any table item", async () => {
    const table = tableOf(e2e.runtime.env);
    const texts: string[] = [];
    let synced = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await table.doc.scan({ TableName: table.name, ExclusiveStartKey });
      for (const item of page.Items ?? []) {
        if (String(item.pk).startsWith('SYNC#')) synced++;
        // Binary attributes (the ciphertext) read as text both ways a leak could be spelled.
        const flat = Object.values(item).map((value) =>
          value instanceof Uint8Array
            ? `${Buffer.from(value).toString('utf8')} ${Buffer.from(value).toString('latin1')}`
            : JSON.stringify(value),
        );
        texts.push(flat.join(' '));
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    expect(synced).toBeGreaterThan(5);
    const all = texts.join('\n');
    const secrets = [
      'Jane Q. Public',
      'Elm Street',
      '555-0100',
      'Chase Sapphire',
      'Midland Credit',
      'Capital One',
      'Discover It',
      '6011000099998888',
      '8888',
      'Please investigate',
      'recognise',
      PASSPHRASE,
      recoveryCode,
      ...[...DISPUTES, EXTRA].flatMap((each) => [each.mailedOn!]).filter((date) => date !== today),
    ];
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
  });

  it('turning sync off deletes the server copy; the laptop keeps its data', async () => {
    await laptop.getByRole('button', { name: 'Turn off sync' }).click();
    await laptop.getByRole('button', { name: 'Yes, turn off sync' }).click();
    await laptop.getByRole('button', { name: 'Sync across my devices' }).waitFor();
    const table = tableOf(e2e.runtime.env);
    const left = await table.doc.query({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `SYNC#${subscriber.userId}` },
    });
    expect(left.Items).toEqual([]);
    expect(await rows(laptop).count()).toBe(4);
    // The phone learns it on its next sync, and keeps its data too.
    await phone.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect
      .poll(() => phone.getByText('Sync was turned off on another device').count())
      .toBe(1);
    expect(await rows(phone).count()).toBe(4);
  });
});
