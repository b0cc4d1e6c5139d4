import { addDays } from '../../shared/letters/dates';
import { utcDate } from '../../lambdas/reminders/store';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import type { LocalRuntime } from '../../local/runtime';

/** `PUT /functions/v1/reminders` on a running local server, as the SPA sends it. */
export async function putReminders(url: string, accessToken: string, rounds: unknown[]) {
  const response = await fetch(`${url}/functions/v1/reminders`, {
    method: 'PUT',
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ rounds }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** `POST /_dev/reminders/run?date=` on a running local server. */
export async function runRemindersOn(url: string, date: string) {
  const response = await fetch(`${url}/_dev/reminders/run?date=${date}`, { method: 'POST' });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/**
 * Everything reminders keep, on a local server: two rounds, the first one's due date sent (a
 * daily count), and an address stopped by a bounce.
 */
export async function remindersOf(
  runtime: LocalRuntime,
  user: { accessToken: string; email: string },
) {
  const today = utcDate(Date.now());
  const put = await putReminders(runtime.url, user.accessToken, [
    { id: 'privacy-1', dueOn: addDays(today, 3), followUpOn: addDays(today, 10) },
    { id: 'privacy-2', dueOn: addDays(today, 4), followUpOn: addDays(today, 11) },
  ]);
  if (put.status !== 200) throw new Error(`reminders refused: ${JSON.stringify(put.json)}`);
  await runRemindersOn(runtime.url, addDays(today, 3));
  await runtime.reminders.feedback({
    Records: [
      {
        EventSource: 'aws:sns',
        Sns: {
          Message: JSON.stringify({
            eventType: 'Complaint',
            mail: {
              destination: ['other@example.com'],
              tags: { 'reminder-user': ['00000000-0000-4000-8000-000000000000'] },
            },
            complaint: { complainedRecipients: [{ emailAddress: 'other@example.com' }] },
          }),
        },
      },
    ],
  });
}
