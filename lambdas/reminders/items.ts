// One per data area (identity/, billing/, reminders/): its item keys and partition prefixes.
/**
 * Every item key of the e-mail reminders. A user's reminders live in `REMINDERS#<id>`; the day
 * index (`REMINDER_DAY#<date>`) names only whom to look at on a date, and the budget counts the
 * reminders sent on a date. None of them holds anything about a dispute.
 */
export const REMINDER_PARTITIONS = {
  reminders: 'REMINDERS#',
  day: 'REMINDER_DAY#',
  budget: 'REMINDER_BUDGET',
} as const;

const { reminders, day, budget } = REMINDER_PARTITIONS;

export const reminderKeys = {
  /** Reminders are on: the address they go to. */
  settings: (userId: string) => ({ pk: `${reminders}${userId}`, sk: 'SETTINGS' }),
  /** One open round: its remaining dates (`dueOn`, `followUpOn`), deleted once both are sent. */
  round: (userId: string, roundId: string) => ({
    pk: `${reminders}${userId}`,
    sk: `ROUND#${roundId}`,
  }),
  /** An address that bounced or complained: no reminder goes to it again. */
  stopped: (userId: string) => ({ pk: `${reminders}${userId}`, sk: 'STOPPED' }),
  /** Reminders sent to the user on a date (ttl): at most `REMINDERS_PER_USER_PER_DAY`. */
  sentOn: (userId: string, date: string) => ({
    pk: `${reminders}${userId}`,
    sk: `SENT#${date}`,
  }),
  /** The user has a reminder date on `date` (ttl): what the job reads on that day. */
  day: (date: string, userId: string) => ({ pk: `${day}${date}`, sk: `USER#${userId}` }),
  /** Reminders sent on a date, against their own share of the SES budget (ttl). */
  budget: (date: string) => ({ pk: budget, sk: `DAY#${date}` }),
};
