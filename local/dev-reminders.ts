import { isIP } from 'node:net';
import { Hono } from 'hono';
import { isIsoDate } from '../shared/letters/dates';
import type { ReminderJob } from '../lambdas/reminders-job/job';
import { clientIp } from '../lambdas/platform/client-ip';

export const DEV_REMINDERS_RUN_PATH = '/_dev/reminders/run';
/** The daily run's hour (UTC), as the deployed schedule's (infra/reminders.ts). */
export const LOCAL_REMINDERS_HOUR_UTC = 14;

const isLoopback = (ip: string) =>
  isIP(ip) !== 0 && (/^127\./.test(ip) || ip === '::1' || /^::ffff:127\./i.test(ip));

/**
 * `POST /_dev/reminders/run?date=YYYY-MM-DD`: runs the reminders job now for that date (today,
 * UTC, without one); the mails land in the dev mailbox. Only from this machine, even when
 * `HOST=0.0.0.0` opens the server to the network.
 */
export function createDevReminders(job: ReminderJob) {
  const app = new Hono();
  app.post(DEV_REMINDERS_RUN_PATH, async (c) => {
    if (!isLoopback(clientIp(c)))
      return c.json({ error: 'Only from this machine (loopback)' }, 403);
    const date = c.req.query('date');
    if (date !== undefined && !isIsoDate(date))
      return c.json({ error: `date "${date}" is not a real date (YYYY-MM-DD)` }, 400);
    return c.json(await job.run(date));
  });
  return app;
}

/** Runs the job now, then daily at the deployed schedule's hour, until `stop()`. */
export function scheduleLocalReminders(job: ReminderJob, now: () => number = Date.now) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const runSafely = () =>
    job.run().catch((error: unknown) => {
      console.error('The reminders job failed:', error);
    });
  const next = () => {
    const at = new Date(now());
    at.setUTCHours(LOCAL_REMINDERS_HOUR_UTC, 0, 0, 0);
    if (at.getTime() <= now()) at.setUTCDate(at.getUTCDate() + 1);
    timer = setTimeout(() => {
      void runSafely().then(() => {
        if (!stopped) next();
      });
    }, at.getTime() - now());
    timer.unref();
  };
  const first = runSafely();
  next();
  return {
    first,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
