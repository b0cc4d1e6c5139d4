// The reminders body's schema; each function reads its own body (stripe-checkout/body.ts too).
import * as v from 'valibot';
import { isIsoDate } from '../../shared/letters/dates';
import { REMINDER_ID_PATTERN, REMINDER_LIMITS } from '../../shared/reminders';
import { jsonObject } from '../platform/request-body';

const realDate = (name: string) =>
  v.pipe(
    v.string(`${name} must be a date written YYYY-MM-DD`),
    v.check(
      isIsoDate,
      (issue) => `${name} "${String(issue.input)}" is not a real date (YYYY-MM-DD)`,
    ),
  );

export const roundId = v.pipe(
  v.string('A round id must be a string'),
  v.minLength(1, 'A round id must not be empty'),
  v.maxLength(
    REMINDER_LIMITS.idLength,
    `A round id is at most ${REMINDER_LIMITS.idLength} characters`,
  ),
  v.regex(REMINDER_ID_PATTERN, 'A round id holds only letters, digits, "-" and "_"'),
);

/** One round: its opaque id and dates, and nothing else (a bureau or an account is refused). */
const round = v.pipe(
  v.strictObject(
    { id: roundId, dueOn: realDate('dueOn'), followUpOn: v.optional(realDate('followUpOn')) },
    (issue) =>
      issue.expected === 'never'
        ? `Only id, dueOn and followUpOn are accepted, not "${String(issue.path?.at(-1)?.key)}"`
        : 'Each round must be an object with id, dueOn and followUpOn',
  ),
  v.check(
    (value) => !value.followUpOn || value.followUpOn > value.dueOn,
    'followUpOn must come after dueOn',
  ),
);

/** `PUT /functions/v1/reminders`: every open round of the user. */
export const reminderRoundsBody = jsonObject(
  {
    rounds: v.pipe(
      v.array(round, 'rounds must be a list'),
      v.maxLength(
        REMINDER_LIMITS.rounds,
        `At most ${REMINDER_LIMITS.rounds} rounds can have reminders`,
      ),
      v.check(
        (rounds) => new Set(rounds.map((each) => each.id)).size === rounds.length,
        'Each round id must appear once',
      ),
    ),
  },
  'Send {"rounds": [{"id", "dueOn", "followUpOn"}]}',
);

/** Where the issue is (`rounds[3].dueOn`), before its message: the 400's reason. */
export function reasonOf(issue: v.BaseIssue<unknown>): string {
  const where = (issue.path ?? [])
    .map((step) => (typeof step.key === 'number' ? `[${step.key}]` : `.${String(step.key)}`))
    .join('')
    .replace(/^\./, '');
  return where ? `${where}: ${issue.message}` : issue.message;
}
