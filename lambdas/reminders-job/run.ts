import type { ReminderRound } from '../../shared/reminders';
import type { Mailer } from '../auth/mailer';
import type { Clock } from '../platform/clock';
import { cancellationCodes, type Table } from '../platform/dynamo';
import { logger } from '../platform/logging';
import { reminderKeys } from '../reminders/items';
import { composeReminder, type Operator } from '../reminders/reminder-mail';
import { expiryAfter, readUserReminders } from '../reminders/store';
import { signUnsubscribeToken } from '../reminders/unsubscribe-token';

/** At most this many reminders a day to one user, however many runs and rounds. */
export const REMINDERS_PER_USER_PER_DAY = 2;

export interface ReminderJobSettings {
  siteUrl: string;
  operator: Operator;
  /** Reminders sent per day in all: their own share of the SES budget. */
  dailyBudget: number;
  linkSecret: () => Promise<string>;
}

export interface ReminderRunResult {
  date: string;
  usersChecked: number;
  sent: number;
  /** Users with reminders today who already had their daily reminders. */
  overDailyLimit: number;
  /** True when the day's share of the budget ran out: the rest wait for their next date. */
  budgetExhausted: boolean;
  failed: number;
}

/** The users with a reminder date on `date` (the day index). */
async function usersOn(table: Table, date: string): Promise<string[]> {
  const users: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.query({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': reminderKeys.day(date, '').pk },
      ConsistentRead: true,
      ExclusiveStartKey: start,
    });
    for (const item of page.Items ?? []) users.push(String(item.sk).slice('USER#'.length));
    start = page.LastEvaluatedKey;
  } while (start);
  return users;
}

/**
 * Counts one reminder against the user's daily limit and the day's budget, both or neither:
 * 'ok', or which one is used up.
 */
async function charge(
  table: Table,
  userId: string,
  date: string,
  budget: number,
): Promise<'ok' | 'user' | 'budget'> {
  const counter = (limit: number) => ({
    UpdateExpression: 'ADD sent :one SET #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(sent) OR sent < :limit',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': expiryAfter(date) },
  });
  try {
    await table.doc.transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: table.name,
            Key: reminderKeys.sentOn(userId, date),
            ...counter(REMINDERS_PER_USER_PER_DAY),
          },
        },
        { Update: { TableName: table.name, Key: reminderKeys.budget(date), ...counter(budget) } },
      ],
    });
    return 'ok';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[1] === 'ConditionalCheckFailed') return 'budget';
    if (codes[0] === 'ConditionalCheckFailed') return 'user';
    throw error;
  }
}

/**
 * The user's rounds with a date on `date` are done: each loses its dates up to `date`, and goes
 * when none is left; the user's day-index entry for `date` goes too.
 */
async function settle(table: Table, userId: string, date: string, due: ReminderRound[]) {
  const writes = due.map((round) => {
    const key = reminderKeys.round(userId, round.id);
    if (!round.followUpOn || round.followUpOn <= date)
      return table.doc.delete({ TableName: table.name, Key: key });
    return table.doc.update({
      TableName: table.name,
      Key: key,
      UpdateExpression: 'REMOVE dueOn',
    });
  });
  await Promise.all([
    ...writes,
    table.doc.delete({ TableName: table.name, Key: reminderKeys.day(date, userId) }),
  ]);
}

/**
 * One run for `date` (the scheduler's, or `POST /_dev/reminders/run`): each user with a round
 * due on it, or whose no-response letter becomes possible on it, gets one reminder, within the
 * daily limit per user and the reminders' share of the budget.
 */
export async function runReminders(
  deps: { table: Table; mailer: Mailer; now: Clock; settings: ReminderJobSettings },
  date: string,
): Promise<ReminderRunResult> {
  const { table, mailer, now, settings } = deps;
  const result: ReminderRunResult = {
    date,
    usersChecked: 0,
    sent: 0,
    overDailyLimit: 0,
    budgetExhausted: false,
    failed: 0,
  };
  for (const userId of await usersOn(table, date)) {
    result.usersChecked += 1;
    const user = await readUserReminders(table, userId);
    const due = user.rounds.filter((round) => round.dueOn === date || round.followUpOn === date);
    if (!user.address || due.length === 0) {
      await settle(table, userId, date, due);
      continue;
    }
    const charged = await charge(table, userId, date, settings.dailyBudget);
    if (charged === 'budget') {
      result.budgetExhausted = true;
      logger.warn('Reminder budget used up for the day', { date, budget: settings.dailyBudget });
      break;
    }
    if (charged === 'user') {
      result.overDailyLimit += 1;
      await settle(table, userId, date, due);
      continue;
    }
    try {
      const token = await signUnsubscribeToken(await settings.linkSecret(), userId, now);
      await mailer.send(
        composeReminder({
          to: user.address,
          userId,
          siteUrl: settings.siteUrl,
          unsubscribeToken: token,
          operator: settings.operator,
        }),
      );
    } catch (error) {
      // The name only: SES's message quotes the address.
      result.failed += 1;
      logger.warn('Reminder not sent', { error_name: (error as Error)?.name });
      continue;
    }
    result.sent += 1;
    await settle(table, userId, date, due);
  }
  return result;
}
