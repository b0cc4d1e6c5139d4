import { createSesMailer, type Mailer } from '../auth/mailer';
import { systemClock, type Clock } from '../platform/clock';
import { createTable } from '../platform/dynamo';
import { logger } from '../platform/logging';
import { countMetric } from '../platform/metrics';
import { utcDate } from '../reminders/store';
import type { RemindersJobConfig } from './config';
import { handleSesFeedback, type SnsEvent } from './feedback';
import { runReminders, type ReminderRunResult } from './run';

/**
 * The reminders job as the Lambda and `npm start` run it: a run for a date (today, UTC, by
 * default) and SES's bounce and complaint events. `mailer` replaces SES (the local outbox).
 */
export function createReminderJob(
  config: RemindersJobConfig,
  options: { mailer?: Mailer; now?: Clock } = {},
) {
  const table = createTable(config.table);
  const now = options.now ?? systemClock;
  const mailer =
    options.mailer ??
    (config.mailFrom
      ? createSesMailer(config.mailFrom, undefined, config.sesConfigurationSet)
      : undefined);
  return {
    async run(date = utcDate(now())): Promise<ReminderRunResult | { skipped: string }> {
      if (!mailer || !config.operator) {
        // Nothing may be sent without a sender and the operator's postal address (CAN-SPAM).
        const skipped = !mailer ? 'mail_not_configured' : 'operator_not_configured';
        logger.warn('Reminders skipped', { reason: skipped });
        return { skipped };
      }
      const result = await runReminders(
        {
          table,
          mailer,
          now,
          settings: {
            siteUrl: config.siteUrl,
            operator: config.operator,
            dailyBudget: config.dailyBudget,
            linkSecret: config.linkSecret,
          },
        },
        date,
      );
      countMetric('RemindersSent', result.sent);
      logger.info('Reminders run', { ...result });
      return result;
    },
    feedback: (event: SnsEvent) => handleSesFeedback(table, event),
  };
}

export type ReminderJob = ReturnType<typeof createReminderJob>;
