import type { Table } from '../platform/dynamo';
import { logger } from '../platform/logging';
import { REMINDER_USER_TAG } from '../reminders/reminder-mail';
import { stopAddress, type StopReason } from '../reminders/store';

/** What SNS delivers from the reminders' SES configuration set (event publishing). */
export interface SnsEvent {
  Records: { EventSource?: string; Sns: { Message: string } }[];
}

interface SesEvent {
  eventType?: string;
  mail?: { destination?: string[]; tags?: Record<string, string[]> };
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
}

export function isSnsEvent(event: unknown): event is SnsEvent {
  const records = (event as { Records?: unknown } | null)?.Records;
  return (
    Array.isArray(records) &&
    records.every((record) => (record as { EventSource?: string })?.EventSource === 'aws:sns')
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which address stopped, for whom and why; null for events that stop nothing. */
function stopOf(event: SesEvent): { userId: string; address: string; reason: StopReason } | null {
  const userId = event.mail?.tags?.[REMINDER_USER_TAG]?.[0];
  if (!userId || !UUID.test(userId)) return null;
  let reason: StopReason;
  let recipients: { emailAddress?: string }[] | undefined;
  // A transient bounce (a full mailbox) may clear: only a permanent one stops reminders.
  if (event.eventType === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    reason = 'bounce';
    recipients = event.bounce.bouncedRecipients;
  } else if (event.eventType === 'Complaint') {
    reason = 'complaint';
    recipients = event.complaint?.complainedRecipients;
  } else return null;
  const address = recipients?.[0]?.emailAddress ?? event.mail?.destination?.[0];
  return address ? { userId, address, reason } : null;
}

/**
 * SES's bounce and complaint events for reminders (the message tag names the user): reminders
 * are turned off and the address is kept as stopped, so none goes to it again.
 */
export async function handleSesFeedback(table: Table, event: SnsEvent): Promise<number> {
  let stopped = 0;
  for (const record of event.Records) {
    let parsed: SesEvent;
    try {
      parsed = JSON.parse(record.Sns.Message) as SesEvent;
    } catch {
      continue;
    }
    const stop = stopOf(parsed);
    if (!stop) continue;
    await stopAddress(table, stop.userId, stop.address, stop.reason);
    logger.info('Reminders stopped', { reason: stop.reason });
    stopped += 1;
  }
  return stopped;
}
