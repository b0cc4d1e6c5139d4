/**
 * E-mail reminders: what the browser sends for each open round (an opaque id and dates, nothing
 * about the dispute), the limits the API holds it to, and the one sentence every reminder says.
 */

/** One round's reminder dates: due on `dueOn`, and again on `followUpOn` (no-response letter). */
export interface ReminderRound {
  id: string;
  dueOn: string;
  followUpOn?: string | undefined;
}

export const REMINDER_LIMITS = { rounds: 200, idLength: 64 } as const;

/** The whole message about the dispute: nothing else in a reminder names it. */
export const REMINDER_TEXT =
  'A response to one of your credit disputes is due. Open My Disputes to record it or build the follow-up.';

/** An opaque round id: letters, digits, `-` and `_`. */
export const REMINDER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
