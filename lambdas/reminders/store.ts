import { REMINDER_KEEP_DAYS } from '../../shared/privacy-facts';
import type { ReminderRound } from '../../shared/reminders';
import type { Table } from '../platform/dynamo';
import { reminderKeys } from './items';

/** Why reminders to an address stopped: SES reported a permanent bounce or a complaint. */
export type StopReason = 'bounce' | 'complaint';

export interface UserReminders {
  /** The address reminders go to; absent while reminders are off. */
  address?: string;
  stopped?: { address: string; reason: StopReason };
  rounds: ReminderRound[];
  /** Reminders sent per date (`SENT#<date>` counters still kept). */
  sentOn: Record<string, number>;
}

const DAY_SECONDS = 86_400;

/** Epoch seconds: DynamoDB deletes the item this long after `date` (UTC), should nothing else. */
export function expiryAfter(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000 + REMINDER_KEEP_DAYS * DAY_SECONDS;
}

/** The UTC calendar date of an epoch-ms time: the date the job's run and the API count in. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const datesOf = (round: ReminderRound) =>
  [round.dueOn, round.followUpOn].filter((date): date is string => Boolean(date));

/** Everything in the user's reminder partition, read strongly consistent. */
export async function readUserReminders(table: Table, userId: string): Promise<UserReminders> {
  const found: UserReminders = { rounds: [], sentOn: {} };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.query({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': reminderKeys.settings(userId).pk },
      ConsistentRead: true,
      ExclusiveStartKey: start,
    });
    for (const item of page.Items ?? []) {
      const sk = String(item.sk);
      if (sk === 'SETTINGS') found.address = String(item.address);
      else if (sk === 'STOPPED')
        found.stopped = { address: String(item.address), reason: item.reason as StopReason };
      else if (sk.startsWith('SENT#')) found.sentOn[sk.slice(5)] = Number(item.sent ?? 0);
      else if (sk.startsWith('ROUND#')) {
        const round: ReminderRound = { id: sk.slice(6), dueOn: String(item.dueOn ?? '') };
        if (item.followUpOn) round.followUpOn = String(item.followUpOn);
        found.rounds.push(round);
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Runs the writes a few at a time: one user's changes, at most a few hundred items. */
async function inBatches(writes: (() => Promise<unknown>)[], size = 10): Promise<void> {
  for (let at = 0; at < writes.length; at += size) {
    await Promise.all(writes.slice(at, at + size).map((write) => write()));
  }
}

/** A round as stored: only its dates still to come (`from` on), or null when none is. */
function upcoming(round: ReminderRound, from: string): ReminderRound | null {
  const dueOn = round.dueOn >= from ? round.dueOn : '';
  const followUpOn = round.followUpOn && round.followUpOn >= from ? round.followUpOn : undefined;
  if (!dueOn && !followUpOn) return null;
  return { id: round.id, dueOn, ...(followUpOn && { followUpOn }) };
}

const sameRound = (a: ReminderRound, b: ReminderRound) =>
  a.dueOn === b.dueOn && (a.followUpOn ?? '') === (b.followUpOn ?? '');

/**
 * Turns reminders on for `address` and makes the user's open rounds exactly `rounds`: a round
 * not listed is closed, and deleted with its day-index entries. Dates before `today` are not
 * kept, nor today once today's reminder went out (a sync after it would send it again).
 */
export async function replaceRounds(
  table: Table,
  userId: string,
  address: string,
  rounds: readonly ReminderRound[],
  today: string,
): Promise<ReminderRound[]> {
  const before = await readUserReminders(table, userId);
  const from = before.sentOn[today] ? addOneDay(today) : today;
  const wanted = rounds
    .map((round) => upcoming(round, from))
    .filter((round): round is ReminderRound => round !== null);
  const wantedIds = new Set(wanted.map((round) => round.id));
  const previous = new Map(before.rounds.map((round) => [round.id, round]));
  const oldDates = new Set(before.rounds.flatMap(datesOf));
  const newDates = new Set(wanted.flatMap(datesOf));
  const { name } = table;

  const writes: (() => Promise<unknown>)[] = [];
  if (before.address !== address)
    writes.push(() =>
      table.doc.put({
        TableName: name,
        Item: { ...reminderKeys.settings(userId), address },
      }),
    );
  for (const round of wanted) {
    const stored = previous.get(round.id);
    if (stored && sameRound(stored, round)) continue;
    writes.push(() =>
      table.doc.put({
        TableName: name,
        Item: {
          ...reminderKeys.round(userId, round.id),
          dueOn: round.dueOn || undefined,
          followUpOn: round.followUpOn,
          ttl: expiryAfter(round.followUpOn ?? round.dueOn),
        },
      }),
    );
  }
  for (const round of before.rounds)
    if (!wantedIds.has(round.id))
      writes.push(() =>
        table.doc.delete({ TableName: name, Key: reminderKeys.round(userId, round.id) }),
      );
  for (const date of newDates)
    if (!oldDates.has(date))
      writes.push(() =>
        table.doc.put({
          TableName: name,
          Item: { ...reminderKeys.day(date, userId), ttl: expiryAfter(date) },
        }),
      );
  for (const date of oldDates)
    if (!newDates.has(date))
      writes.push(() => table.doc.delete({ TableName: name, Key: reminderKeys.day(date, userId) }));
  await inBatches(writes);
  return wanted;
}

function addOneDay(date: string): string {
  return utcDate(Date.parse(`${date}T00:00:00Z`) + DAY_SECONDS * 1000);
}

/** Closes one round: its item and the day-index entries no other round needs. */
export async function deleteRound(table: Table, userId: string, roundId: string): Promise<void> {
  const before = await readUserReminders(table, userId);
  const round = before.rounds.find((each) => each.id === roundId);
  if (!round) return;
  const others = new Set(before.rounds.filter((each) => each !== round).flatMap(datesOf));
  await inBatches([
    () => table.doc.delete({ TableName: table.name, Key: reminderKeys.round(userId, roundId) }),
    ...datesOf(round)
      .filter((date) => !others.has(date))
      .map(
        (date) => () =>
          table.doc.delete({ TableName: table.name, Key: reminderKeys.day(date, userId) }),
      ),
  ]);
}

/**
 * Turns reminders off: the address, every round and every day-index entry go. What stays is
 * the stop of an address that bounced or complained, and today's sent counter (so turning
 * reminders off and on cannot pass the daily limit); both hold no dispute data.
 */
export async function turnOff(table: Table, userId: string): Promise<void> {
  const before = await readUserReminders(table, userId);
  const { name } = table;
  await inBatches([
    ...(before.address
      ? [() => table.doc.delete({ TableName: name, Key: reminderKeys.settings(userId) })]
      : []),
    ...before.rounds.map(
      (round) => () =>
        table.doc.delete({ TableName: name, Key: reminderKeys.round(userId, round.id) }),
    ),
    ...[...new Set(before.rounds.flatMap(datesOf))].map(
      (date) => () => table.doc.delete({ TableName: name, Key: reminderKeys.day(date, userId) }),
    ),
  ]);
}

/** SES said `address` bounced or complained: reminders stop, and stay stopped for it. */
export async function stopAddress(
  table: Table,
  userId: string,
  address: string,
  reason: StopReason,
): Promise<void> {
  await table.doc.put({
    TableName: table.name,
    Item: { ...reminderKeys.stopped(userId), address, reason },
  });
  await turnOff(table, userId);
}

/** A new address clears the stop of the old one (the user changed their e-mail address). */
export async function clearStop(table: Table, userId: string): Promise<void> {
  await table.doc.delete({ TableName: table.name, Key: reminderKeys.stopped(userId) });
}
