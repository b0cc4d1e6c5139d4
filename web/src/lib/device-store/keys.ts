/**
 * Every name this app stores data under in the browser: localStorage keys and IndexedDB
 * databases. Per account, so nothing of one user is ever read while another is signed in.
 */
const APP = 'credit-dispute-letters';

export const STORAGE_KEYS = {
  /** "Your details" (name, addresses, phone, e-mail): localStorage. */
  details: (userId: string) => `${APP}:your-details:${userId}`,
  /** The Report Checkup, without the date of birth: localStorage. */
  checkup: (userId: string) => `${APP}:checkup:${userId}`,
  /** The practice run on the sample reports: apart from the user's own, never in the backup. */
  practice: (userId: string) => `${APP}:checkup-practice:${userId}`,
  /** The generator's unfinished letter: localStorage, until sent or discarded. */
  draft: (userId: string) => `${APP}:letter-draft:${userId}`,
  /** When each field of the details, checkup and draft was last edited here (sync merges by it). */
  editTimes: (userId: string) => `${APP}:edit-times:${userId}`,
  /** Whether this browser turned e-mail reminders on: localStorage ('on' or absent). */
  reminders: (userId: string) => `${APP}:reminders:${userId}`,
  /** My Disputes, its files and the sync state: one IndexedDB database. */
  database: (userId: string) => `${APP}:my-disputes:${userId}`,
  /** Before details were kept per account: one entry for everyone, dropped unread. */
  unownedDetails: `${APP}:your-details`,
  /** Before My Disputes: one "Sent letters" list per browser, dropped unread. */
  legacySentLetters: `${APP}:sent-letters`,
} as const;

/** Fired on `window` after every change to stored data, so views (the header's count) follow. */
export const DATA_CHANGED = `${APP}:disputes-changed`;
