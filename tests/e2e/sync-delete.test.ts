import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readUserReminders } from '../../lambdas/reminders/store';
import { addDays, toIsoDate } from '../../shared/letters';
import { seedSubscriber, tableOf, type Subscriber } from '../quality/harness';
import { useE2eSetup } from '../support/e2e';
import { signInThroughApp } from '../support/sign-in';
import { importDisputes, threeDisputes } from '../support/three-disputes';

/**
 * "Delete all my data" on a laptop where sync was never turned on, for an account whose phone
 * turned it on: the server's synced copy goes too, and the laptop's e-mail reminders. When the
 * server does not confirm, nothing on the laptop is deleted and the user is told.
 */
const e2e = useE2eSetup();
let subscriber: Subscriber;
let laptop: Page;
let phone: Page;

const PASSPHRASE = 'harbor violet 93 ledger';
const today = toIsoDate(new Date());
const [, , EQUIFAX] = threeDisputes(today);
const ON_LAPTOP = { ...EQUIFAX!, id: 'laptop-only', mailedOn: addDays(today, -3) };
const FAILED =
  'Your data was not deleted: our server did not confirm deleting its copy (your synced data and e-mail reminders), so nothing in this browser was deleted either. Check your connection and try again.';

const rows = (page: Page) =>
  page.getByRole('list', { name: 'Your disputes' }).getByRole('listitem');

async function syncedItems(): Promise<number> {
  const table = tableOf(e2e.runtime.env);
  const out = await table.doc.query({
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `SYNC#${subscriber.userId}` },
  });
  return out.Items?.length ?? 0;
}

const remindersAddress = async () =>
  (await readUserReminders(tableOf(e2e.runtime.env), subscriber.userId)).address;

beforeAll(async () => {
  subscriber = await seedSubscriber(e2e.runtime.url, e2e.runtime.stripeEmulator!.url, 'wipe');
  laptop = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
  phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
  // One after the other: on a busy machine two at once can pass the landing's 30 s.
  await signInThroughApp(laptop, e2e.runtime.url, subscriber);
  await signInThroughApp(phone, e2e.runtime.url, subscriber);
});

describe('"Delete all my data" with sync on another device', () => {
  it('has sync on the phone, and reminders and disputes on the laptop (sync off there)', async () => {
    await importDisputes(phone, e2e.runtime.url, subscriber.userId, threeDisputes(today));
    await phone.getByRole('button', { name: 'Sync across my devices' }).click();
    await phone.getByLabel('Sync passphrase', { exact: true }).fill(PASSPHRASE);
    await phone.getByLabel('Sync passphrase again').fill(PASSPHRASE);
    await phone.getByRole('button', { name: 'Turn on sync' }).click();
    await phone.getByRole('button', { name: 'I have kept it' }).click();
    await expect.poll(() => phone.getByText('Sync is on. Up to date.').count()).toBe(1);
    expect(await syncedItems()).toBeGreaterThan(3);

    await importDisputes(laptop, e2e.runtime.url, subscriber.userId, [ON_LAPTOP]);
    const reminders = laptop.getByRole('checkbox', { name: 'E-mail me when a response is due' });
    // Checked once the server answers (a controlled switch): click, then wait.
    await reminders.click();
    await expect.poll(() => reminders.isChecked()).toBe(true);
    await expect.poll(remindersAddress).toBe(subscriber.email);
    expect(await laptop.getByRole('button', { name: 'Sync across my devices' }).count()).toBe(1);
  });

  it('deletes nothing on the laptop, and says so, when the server does not confirm', async () => {
    await laptop.route('**/functions/v1/sync/records', (route) => route.abort());
    await laptop.getByRole('button', { name: 'Delete all my data' }).click();
    await laptop.getByRole('button', { name: 'Yes, delete everything' }).click();
    await expect
      .poll(() =>
        laptop.getByRole('alert').filter({ hasText: 'Your data was not deleted' }).count(),
      )
      .toBe(1);
    expect(
      await laptop.getByRole('alert').filter({ hasText: 'not deleted' }).first().textContent(),
    ).toBe(FAILED);
    expect(await rows(laptop).count()).toBe(1);
    expect(await syncedItems()).toBeGreaterThan(3);
    expect(await remindersAddress()).toBe(subscriber.email);
    await laptop.unroute('**/functions/v1/sync/records');
  });

  it("deletes the server's synced copy and turns reminders off, then the laptop's data", async () => {
    const requests: string[] = [];
    const log = (request: Request) =>
      requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    laptop.on('request', log);
    await laptop.getByRole('button', { name: 'Delete all my data' }).click();
    await laptop.getByRole('button', { name: 'Yes, delete everything' }).click();
    await laptop.getByRole('heading', { name: 'No disputes yet' }).waitFor();
    await expect
      .poll(() =>
        laptop.getByRole('checkbox', { name: 'E-mail me when a response is due' }).isChecked(),
      )
      .toBe(false);
    expect(await syncedItems()).toBe(0);
    expect(await remindersAddress()).toBeUndefined();

    // After a reload nothing turns them on again: the emptied list was never sent.
    await laptop.reload();
    await laptop.getByRole('heading', { name: 'No disputes yet' }).waitFor();
    laptop.off('request', log);
    expect(requests.filter((each) => each.includes('/functions/v1/'))).toEqual([
      'DELETE /functions/v1/sync/records',
      'DELETE /functions/v1/reminders',
    ]);
    expect(await remindersAddress()).toBeUndefined();
  });

  it('tells the phone on its next sync; the phone keeps its own data', async () => {
    await phone.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect
      .poll(() => phone.getByText('Sync was turned off on another device').count())
      .toBe(1);
    expect(await rows(phone).count()).toBe(3);
    expect(await syncedItems()).toBe(0);
  });
});
