import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, tableOf, type Subscriber } from '../quality/harness';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';

/**
 * Sync of the letter draft and of edits made apart, with two browser contexts for one account:
 * a draft begun on the phone is continued and mailed on the laptop (then gone from the server and
 * the phone), and edits made on both devices offline are merged per field by when each was made.
 */
const e2e = useE2eSetup();
let subscriber: Subscriber;
let laptop: Page;
let phone: Page;

const PASSPHRASE = 'harbour violet anchor 17';
const DETAILS = 'The balance is $900, not $9,000: I paid the rest in March 2026.';

/** A sync now, as when the window is focused again. */
const focus = (page: Page) => page.evaluate("window.dispatchEvent(new Event('focus'))");
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The server's record `id` of the account: its version, or 0 when there is none. */
async function serverVersion(id: string): Promise<number> {
  const table = tableOf(e2e.runtime.env);
  const { Item } = await table.doc.get({
    TableName: table.name,
    Key: { pk: `SYNC#${subscriber.userId}`, sk: `RECORD#${id}` },
    ConsistentRead: true,
  });
  return (Item?.version as number | undefined) ?? 0;
}

/** Waits until `page` shows `value` in the field, syncing it (focus) while it does not. */
async function syncedUntil(page: Page, label: string, value: string) {
  await expect
    .poll(
      async () => {
        const shown = await field(page, label).inputValue();
        if (shown !== value) await focus(page);
        return shown;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(value);
}

async function upToDate(page: Page) {
  await page.getByText('Sync is on. Up to date.').waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'drafts');
  laptop = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
  phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
  // One after the other: auth refuses (429) a password attempt made while another one for the
  // same account and client is being checked.
  await signInThroughApp(laptop, e2e.runtime.url, subscriber);
  await signInThroughApp(phone, e2e.runtime.url, subscriber);
  await laptop.goto(`${e2e.runtime.url}/disputes`);
  await laptop.getByRole('button', { name: 'Sync across my devices' }).click();
  await laptop.getByLabel('Sync passphrase', { exact: true }).fill(PASSPHRASE);
  await laptop.getByLabel('Sync passphrase again').fill(PASSPHRASE);
  await laptop.getByRole('button', { name: 'Turn on sync' }).click();
  await laptop.getByRole('button', { name: 'I have kept it' }).click();
  await upToDate(laptop);
  await phone.goto(`${e2e.runtime.url}/disputes`);
  await phone.getByRole('button', { name: 'Sync across my devices' }).click();
  await phone.getByLabel('Sync passphrase or recovery code').fill(PASSPHRASE);
  await phone.getByRole('button', { name: 'Open my synced data' }).click();
  await upToDate(phone);
});

describe('The letter draft with sync on', () => {
  it('is begun on the phone and continued on the laptop', async () => {
    await phone.goto(`${e2e.runtime.url}/tools?step=2`);
    await field(phone, 'Credit Bureau').selectOption('equifax');
    await field(phone, 'Error Type').selectOption('incorrect-balance');
    await field(phone, 'Account Name').fill('Capital One Visa');
    await field(phone, 'Account Number').fill('4321');
    await field(phone, 'Correct balance (may be $0)').fill('$900');
    await field(phone, 'Error Details').fill(DETAILS);

    await laptop.goto(`${e2e.runtime.url}/tools?step=2`);
    await syncedUntil(laptop, 'Error Details', DETAILS);
    expect(await field(laptop, 'Correct balance (may be $0)').inputValue()).toBe('$900');
    expect(await field(laptop, 'Credit Bureau').inputValue()).toBe('equifax');
    expect(await field(laptop, 'Account Name').inputValue()).toBe('Capital One Visa');
    await laptop.screenshot({ path: 'bench/out/sync-draft-laptop.png', fullPage: true });
    expect(await serverVersion('draft')).toBeGreaterThan(0);
    // The server holds the draft as ciphertext: none of what was typed.
    const table = tableOf(e2e.runtime.env);
    const { Items = [] } = await table.doc.query({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `SYNC#${subscriber.userId}` },
    });
    const stored = Items.flatMap((item) =>
      Object.values(item).map((value) =>
        value instanceof Uint8Array
          ? `${Buffer.from(value).toString('utf8')} ${Buffer.from(value).toString('latin1')}`
          : JSON.stringify(value),
      ),
    ).join('\n');
    for (const typed of [
      'Capital One Visa',
      '$9,000',
      'March 2026',
      'equifax',
      'incorrect-balance',
    ])
      expect(stored, typed).not.toContain(typed);
  });

  it('once mailed on the laptop, is gone from the server and from the phone', async () => {
    await laptop.getByRole('button', { name: 'Step 1: Your details' }).click();
    await field(laptop, 'Your Name').fill('Jane Q. Public');
    await field(laptop, 'Mailing Address').fill('12 Elm Street\nSpringfield, IL 62701');
    await field(laptop, 'Date of Birth').fill('1985-03-04');
    await laptop.getByRole('button', { name: 'Step 3: Review' }).click();
    await laptop.getByRole('button', { name: 'Preview Letter' }).click();
    const dialog = laptop.getByRole('dialog', { name: 'Letter Preview' });
    await dialog.getByRole('button', { name: 'Mark as mailed' }).click();
    await dialog.getByRole('button', { name: 'Added to My Disputes' }).waitFor();
    await dialog.getByRole('button', { name: 'Start a new letter' }).click();
    expect(await field(laptop, 'Account Name').inputValue()).toBe('');

    await expect.poll(() => serverVersion('draft'), { timeout: 30_000 }).toBe(0);
    await syncedUntil(phone, 'Account Name', '');
    expect(await field(phone, 'Credit Bureau').inputValue()).toBe('');
    expect(await field(phone, 'Error Details').inputValue()).toBe('');
    // The mailed letter itself reached the phone's My Disputes.
    await phone.goto(`${e2e.runtime.url}/disputes`);
    await expect
      .poll(() => phone.getByText('Capital One Visa').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
  });
});

describe('Edits made on both devices while offline', () => {
  it('keep each device’s field, and the later edit of a field both changed', async () => {
    await Promise.all([laptop, phone].map((page) => page.goto(`${e2e.runtime.url}/tools?step=2`)));
    await field(phone, 'Credit Bureau').selectOption('experian');
    await field(phone, 'Account Name').fill('Chase Sapphire');
    await syncedUntil(laptop, 'Account Name', 'Chase Sapphire');
    const before = await serverVersion('draft');

    await Promise.all([laptop.context().setOffline(true), phone.context().setOffline(true)]);
    // The laptop edits first, the phone later; the phone syncs first, the laptop last.
    await field(laptop, 'Send notice to (optional)').fill('Acme Motors');
    await field(laptop, 'Account Name').fill('Chase Freedom');
    await field(phone, 'Credit Bureau').selectOption('transunion');
    await field(phone, 'Account Name').fill('Chase Slate');

    await phone.context().setOffline(false);
    await focus(phone);
    await expect.poll(() => serverVersion('draft'), { timeout: 30_000 }).toBeGreaterThan(before);
    await laptop.context().setOffline(false);
    await focus(laptop);

    for (const page of [laptop, phone]) {
      await syncedUntil(page, 'Account Name', 'Chase Slate');
      await syncedUntil(page, 'Send notice to (optional)', 'Acme Motors');
      expect(await field(page, 'Credit Bureau').inputValue()).toBe('transunion');
    }
  });

  it('settle "Your details" (synced before drafts were) by edit time, not sync time', async () => {
    await Promise.all([laptop.context().setOffline(true), phone.context().setOffline(true)]);
    await laptop.getByRole('button', { name: 'Step 1: Your details' }).click();
    await phone.getByRole('button', { name: 'Step 1: Your details' }).click();
    await field(laptop, 'Phone').fill('(217) 555-0101');
    await field(laptop, 'Previous Address').fill('1 Oak Street\nPeoria, IL 61602');
    await field(phone, 'Phone').fill('(217) 555-0202');
    await field(phone, 'Email').fill('jane@example.com');

    // Each syncs from My Disputes: the phone first, then the laptop, which merges.
    await phone.context().setOffline(false);
    await phone.goto(`${e2e.runtime.url}/disputes`);
    await upToDate(phone);
    await laptop.context().setOffline(false);
    await laptop.goto(`${e2e.runtime.url}/disputes`);
    await upToDate(laptop);
    await phone.goto(`${e2e.runtime.url}/disputes`);
    await upToDate(phone);

    for (const page of [laptop, phone]) {
      await page.goto(`${e2e.runtime.url}/tools`);
      expect(await field(page, 'Phone').inputValue()).toBe('(217) 555-0202');
      expect(await field(page, 'Previous Address').inputValue()).toBe(
        '1 Oak Street\nPeoria, IL 61602',
      );
      expect(await field(page, 'Email').inputValue()).toBe('jane@example.com');
    }
  });
});
