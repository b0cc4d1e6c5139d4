/**
 * What the servers keep and for how long, as /privacy states it. tests/legal/privacy-facts.test.ts
 * checks these against the code: the log retention the stack sets, and every attribute the auth
 * and billing Lambdas write, each of which must belong to one of these kinds.
 */

/** Days the Lambda, API and CloudFront logs are kept (infra: LOG_RETENTION, CLOUDFRONT_LOG_DAYS). */
export const LOG_RETENTION_DAYS = 30;

/** Days the id of a processed Stripe event is kept (lambdas/billing: EVENT_MARKER_TTL_SECONDS). */
export const STRIPE_EVENT_DAYS = 30;

export type ServerDataKind =
  | 'account'
  | 'sessions'
  | 'one-time-codes'
  | 'request-counts'
  | 'billing'
  | 'payment-events'
  | 'reminders';

/** Days a reminder date (or a day's count of reminders) is kept after that date at most. */
export const REMINDER_KEEP_DAYS = 7;

/** Each kind of data the servers keep: what it holds and when it goes, in the page's words. */
export const SERVER_DATA: readonly { kind: ServerDataKind; what: string; kept: string }[] = [
  {
    kind: 'account',
    what: 'Your account: your e-mail address, the name you gave, a scrambled form (hash) of your password, and when you signed up, confirmed your e-mail and last signed in. If you change your e-mail address, the new one waits here until you confirm it.',
    kept: 'Until the account is closed.',
  },
  {
    kind: 'sessions',
    what: 'Your sign-ins: one record for each device you are signed in on, so that it stays signed in.',
    kept: 'Until you sign out on that device, or sign out everywhere.',
  },
  {
    kind: 'one-time-codes',
    what: 'One-time codes and links we e-mail you (to confirm an address or reset a password), kept only as a hash.',
    kept: 'Until they are used or expire (after one hour, unless the site sets another time).',
  },
  {
    kind: 'request-counts',
    what: 'Counts of recent requests for each network (IP) address and each e-mail address: sign-ins, wrong passwords and e-mails sent. They stop password guessing and e-mail abuse.',
    kept: 'About an hour; wrong passwords for an account, a day.',
  },
  {
    kind: 'billing',
    what: 'Your Stripe customer and subscription ids, the plan, its status and dates, and the brand and last 4 digits of your card. We never see the full card number.',
    kept: 'Until the account is closed.',
  },
  {
    kind: 'payment-events',
    what: 'A note of each payment event Stripe sent us (its id, its type and whose it was), so that none is counted twice.',
    kept: `${STRIPE_EVENT_DAYS} days.`,
  },
  {
    kind: 'reminders',
    what: 'If you turn on e-mail reminders in My Disputes: the address they go to, and for each open round a random id and two dates (when a response is due, and when the no-response follow-up can be made). Never the bureau, the creditor, an account or an amount. Also how many reminders went out each day, and an address that bounced or reported a reminder as spam, so that none goes to it again.',
    kept: `Each date until its reminder is sent, the round is closed or you turn reminders off, and never more than ${REMINDER_KEEP_DAYS} days after it. The daily counts, ${REMINDER_KEEP_DAYS} days. A stopped address, until your account's e-mail address changes or the account is closed.`,
  },
];
