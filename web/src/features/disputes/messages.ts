// The tracker's words; each feature keeps its own words in its messages.ts, features never share.
import { LIMITS } from '@shared/disputes';

const MB = LIMITS.exhibitBytes / (1024 * 1024);

/** Our own words for My Disputes (the spec does not cover it). */
export const DISPUTE_MESSAGES = {
  storageUnavailable:
    'This browser does not let the app keep data (private browsing can block it), so My Disputes cannot keep your disputes here.',
  saveFailed: 'That change could not be saved in this browser. Please try again.',
  followUpCreated: (round: number) =>
    `Round ${round} created. Download it, sign it, mail it, then record the mailing date.`,
  calendarFailed: 'The calendar file could not be made.',
  packetDownloaded: 'Evidence packet downloaded',
  packetFailed: 'The evidence packet could not be built. Please try again.',
  fileTooLarge: (name: string) =>
    `${name} is larger than ${MB} MB. Attach a smaller copy (for example a scan at a lower resolution).`,
  fileWrongType: (name: string) =>
    `${name} is not a PDF, JPEG or PNG file. Save it as one of those and attach it again.`,
  tooManyFiles: `A dispute can have up to ${LIMITS.exhibitsPerDispute} exhibits.`,
  fileAttached: (name: string, number: number) => `${name} attached as Exhibit ${number}`,
  backupExported: 'Backup downloaded. Keep it somewhere safe: it holds your personal details.',
  backupImported: (count: number) =>
    `Backup imported: ${count} ${count === 1 ? 'dispute' : 'disputes'}.`,
  deletedAll:
    'All your data was deleted from this browser and our server: disputes, files, your details, the synced copy and e-mail reminders.',
  deleteAllFailed:
    'Your data was not deleted: our server did not confirm deleting its copy (your synced data and e-mail reminders), so nothing in this browser was deleted either. Check your connection and try again.',
  identityLinesNotKept:
    'Identity lines (date of birth, last 4 of SSN, report number) are not kept on this device: add them by hand before mailing.',
  copied: 'Copied',
  copyFailed: 'Copy failed. Select the text and copy it yourself.',
  noResponseFrom: (date: string) =>
    `"No response" can be recorded from ${date}, the day after the answer is due.`,
  remindersFailed: 'The reminder setting could not be saved. Please try again.',
  remindersUnavailable: 'E-mail reminders could not be loaded. Reload the page to try again.',
  remindersNotSetUp: 'E-mail reminders are not set up on this site.',
  remindersStopped: {
    bounce: 'Reminders to your e-mail address stopped: mail to it bounced.',
    complaint: 'Reminders to your e-mail address stopped: a reminder was marked as spam.',
  },
  exhibitMissing: (number: number) =>
    `No file attached yet: attach one, or enclose a paper copy marked "Exhibit ${number}".`,
} as const;
