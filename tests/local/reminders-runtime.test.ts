import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { utcDate } from '../../lambdas/reminders/store';
import { addDays } from '../../shared/letters/dates';
import { REMINDER_TEXT } from '../../shared/reminders';
import type { StoredMail } from '../../local/outbox';
import { startLocalRuntime } from '../../local/runtime';
import { signUp } from '../quality/harness';
import { putReminders, runRemindersOn } from '../reminders/runtime-reminders';
import { startTestRuntime } from '../support/test-runtime';

const webDist = 'web/dist';
const today = utcDate(Date.now());

async function mailbox(url: string): Promise<StoredMail[]> {
  return (await (await fetch(`${url}/_dev/mail/messages.json`)).json()) as StoredMail[];
}

async function account(url: string, label: string) {
  const email = `${label}-${Date.now()}@example.com`;
  const { json } = await signUp(url, email, 'correct-horse-battery');
  return { email, accessToken: (json as { access_token: string }).access_token };
}

describe('reminders on npm start', { timeout: 180_000 }, () => {
  it('POST /_dev/reminders/run?date= sends that date’s reminders into the dev mailbox, headers shown', async () => {
    const runtime = await startTestRuntime();
    try {
      const user = await account(runtime.url, 'dev-run');
      const due = addDays(today, 12);
      expect(
        (await putReminders(runtime.url, user.accessToken, [{ id: 'r1', dueOn: due }])).status,
      ).toBe(200);
      const bad = await runRemindersOn(runtime.url, '2026-02-30');
      expect(bad.status).toBe(400);
      expect(bad.json.error).toMatch(/not a real date/);

      const run = await runRemindersOn(runtime.url, due);
      expect(run).toMatchObject({ status: 200, json: { date: due, sent: 1 } });
      const [mail] = (await mailbox(runtime.url)).filter((each) => each.to === user.email);
      expect(mail!.text.startsWith(REMINDER_TEXT)).toBe(true);
      expect(mail!.text).toContain(`${runtime.url}/disputes`);
      // Without OPERATOR_NAME and OPERATOR_ADDRESS, the mail says what is missing.
      expect(mail!.text).toContain('Operator name not set (OPERATOR_NAME)');
      const unsubscribe = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
      expect(mail!.headers).toMatchObject({
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(
        unsubscribe.startsWith(`${runtime.url}/functions/v1/reminders/unsubscribe?token=`),
      ).toBe(true);
      const page = await fetch(`${runtime.url}/_dev/mail/${encodeURIComponent(mail!.id)}`);
      expect(await page.text()).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      // The one-click POST, as a mail client makes it, without signing in.
      const stopped = await fetch(unsubscribe, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(stopped.status).toBe(200);
      expect(await stopped.text()).toContain('Reminders stopped');
    } finally {
      await runtime.stop();
    }
  });

  it('only from this machine, even with HOST=0.0.0.0', async () => {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((each) => each && each.family === 'IPv4' && !each.internal)?.address;
    if (!lan) return; // no network address to come from on this machine
    const runtime = await startTestRuntime({ host: '0.0.0.0' });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: lan,
            port: runtime.port,
            method: 'POST',
            path: `/_dev/reminders/run?date=${today}`,
            headers: { host: `localhost:${runtime.port}` },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
    } finally {
      await runtime.stop();
    }
  });

  it('npm start runs the job: a round due today is reminded when the server starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cdl-reminders-'));
    const first = await startLocalRuntime({ port: 0, dataDir, webDist });
    const user = await account(first.url, 'on-start');
    try {
      expect(
        (await putReminders(first.url, user.accessToken, [{ id: 'today', dueOn: today }])).status,
      ).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await startLocalRuntime({ port: 0, dataDir, webDist });
    try {
      await expect
        .poll(async () => (await mailbox(second.url)).filter((mail) => mail.to === user.email), {
          timeout: 60_000,
          interval: 250,
        })
        .toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
