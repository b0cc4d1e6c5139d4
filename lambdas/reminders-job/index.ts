// One per function folder: the Lambda entry that CDK bundles.
import type { Logger } from '@aws-lambda-powertools/logger';
import { logger } from '../platform/logging';
import { flushMetrics } from '../platform/metrics';
import { readRemindersJobConfig } from './config';
import { isSnsEvent } from './feedback';
import { createReminderJob } from './job';

const job = createReminderJob(readRemindersJobConfig(process.env));

/**
 * Run daily by EventBridge Scheduler (the event is not read: the run is for today, UTC), and
 * by SNS with SES's bounce and complaint events of the reminders' configuration set.
 */
export async function handler(event: unknown, context?: Parameters<Logger['addContext']>[0]) {
  if (context) logger.addContext(context);
  try {
    if (isSnsEvent(event)) return { stopped: await job.feedback(event) };
    return await job.run();
  } finally {
    flushMetrics();
  }
}
