import { readRemindersApiConfig } from '../../lambdas/reminders-api/config';
import { createRemindersApp } from '../../lambdas/reminders-api/app';
import { readRemindersJobConfig } from '../../lambdas/reminders-job/config';
import { createReminderJob } from '../../lambdas/reminders-job/job';
import { createTable, readTableConfig } from '../../lambdas/platform/dynamo';
import type { Env } from '../../lambdas/platform/env';
import { utcDate } from '../../lambdas/reminders/store';
import { addDays } from '../../shared/letters/dates';
import { createOutbox } from '../../local/outbox';
import { API_KEY_HEADERS, signUpUser, startAuthServer, type AuthServer } from '../auth/auth-server';

export const OPERATOR = {
  name: 'Example Letters LLC',
  address: '1 Main St\nSpringfield, IL 62701',
};
const DAY_MS = 86_400_000;

/**
 * The reminders API and job on the auth server's table (accounts are real sign-ups), the job's
 * mails in an outbox, and a clock the job runs on (tests move it to the due dates).
 */
export async function startRemindersStack(overrides: Env = {}) {
  const auth: AuthServer = await startAuthServer();
  const env: Env = {
    ...auth.env,
    REMINDERS_ENABLED: 'true',
    OPERATOR_NAME: OPERATOR.name,
    OPERATOR_ADDRESS: OPERATOR.address,
    ...overrides,
  };
  const outbox = createOutbox(null);
  let jobOffset = 0;
  const jobClock = () => Date.now() + jobOffset;
  const apiConfig = readRemindersApiConfig(env);
  const api = createRemindersApp(apiConfig);
  const job = createReminderJob(readRemindersJobConfig(env), { mailer: outbox, now: jobClock });
  const table = createTable(readTableConfig(env));
  const today = utcDate(Date.now());
  return {
    auth,
    env,
    outbox,
    api,
    apiConfig,
    job,
    table,
    today,
    /** `days` after today (UTC). */
    day: (days: number) => addDays(today, days),
    /** Moves the job's clock to the start (UTC) of `date`, plus 14 hours (the schedule's time). */
    setJobDate(date: string) {
      jobOffset = Date.parse(`${date}T14:00:00Z`) - Date.now();
    },
    async user(prefix = 'reminders') {
      const { email, session } = await signUpUser(
        auth,
        `${prefix}-${Date.now()}-${Math.random()}@example.com`,
      );
      return { email, id: session.user.id, token: session.access_token };
    },
    async call(
      method: string,
      path: string,
      token: string | undefined,
      body?: unknown,
    ): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
      const response = await api.request(`/functions/v1/reminders${path === '/' ? '' : path}`, {
        method,
        headers: {
          ...API_KEY_HEADERS,
          ...(token && { Authorization: `Bearer ${token}` }),
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // an HTML page
      }
      return { status: response.status, json, text };
    },
    /** Every item of the user's reminders partition and of the day index, keys included. */
    async items(userId: string) {
      const { Items = [] } = await table.doc.scan({ TableName: table.name });
      return Items.filter(
        (item) =>
          String(item.pk) === `REMINDERS#${userId}` ||
          (String(item.pk).startsWith('REMINDER_DAY#') && item.sk === `USER#${userId}`),
      ).sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`));
    },
    stop: () => auth.stop(),
    DAY_MS,
  };
}

export type RemindersStack = Awaited<ReturnType<typeof startRemindersStack>>;
