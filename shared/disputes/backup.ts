import * as v from 'valibot';
import { parseCheckup } from '../checkup/parse';
import type { Checkup } from '../checkup/model';
import { record, type SameType } from '../stored-record';
import { DisputeSchema, FIRST_ISSUE, ID_MAX } from './dispute-schema';
import { LIMITS, type Dispute } from './model';

export const BACKUP_FORMAT = 'credit-dispute-letters/my-disputes-backup';
export const BACKUP_VERSION = 1;
/** Far beyond any real backup; refuses to read a huge unrelated file into memory. */
export const MAX_BACKUP_BYTES = 512 * 1024 * 1024;

/** An exhibit's bytes in a backup file. */
export interface BackupExhibit {
  id: string;
  base64: string;
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** The account the data belongs to; a backup is only read back into the same account. */
  userId: string;
  exportedAt: string;
  disputes: Dispute[];
  exhibits: BackupExhibit[];
  /** The report checkup in progress, if any (kept beside the disputes, in the browser only). */
  checkup?: Checkup | undefined;
}

export const BACKUP_MESSAGES = {
  notJson: 'This file is not a My Disputes backup: it is not JSON. Nothing was changed.',
  notBackup: 'This file is not a My Disputes backup. Nothing was changed.',
  newerVersion:
    'This backup was made by a newer version of the app. Reload the page and try again. Nothing was changed.',
  otherAccount:
    'This backup belongs to another account. Sign in with that account to import it. Nothing was changed.',
  damaged: (what: string) => `This backup is damaged (${what}). Nothing was changed.`,
  tooLarge: 'This file is too large to be a My Disputes backup. Nothing was changed.',
} as const;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type BackupParse = { ok: true; backup: Backup } | { ok: false; message: string };

/** What tells a backup of this app, of a version it reads, and of the account signed in. */
function backupHead(userId: string) {
  const { notBackup, newerVersion, otherAccount } = BACKUP_MESSAGES;
  return record(
    {
      format: v.literal(BACKUP_FORMAT, notBackup),
      version: v.pipe(v.number(newerVersion), v.maxValue(BACKUP_VERSION, newerVersion)),
      userId: v.literal(userId, otherAccount),
    },
    notBackup,
  );
}

const EXHIBIT_FILE = 'exhibit file';

const ExhibitFileSchema = record(
  {
    id: v.pipe(v.string(EXHIBIT_FILE), v.maxLength(ID_MAX, EXHIBIT_FILE)),
    base64: v.pipe(
      v.string(EXHIBIT_FILE),
      // No file is larger than one exhibit may be.
      v.maxLength(Math.ceil(LIMITS.exhibitBytes / 3) * 4, EXHIBIT_FILE),
      v.regex(BASE64, EXHIBIT_FILE),
      v.check((base64) => base64.length % 4 === 0, EXHIBIT_FILE),
    ),
  },
  EXHIBIT_FILE,
);

/** The name of the first exhibit whose file the backup lacks. */
function missingFile({ disputes, exhibits }: { disputes: Dispute[]; exhibits: BackupExhibit[] }) {
  const files = new Set(exhibits.map((exhibit) => exhibit.id));
  return disputes.flatMap((dispute) => dispute.exhibits).find((exhibit) => !files.has(exhibit.id))
    ?.name;
}

/** The backup's records; each message names what is damaged. */
const BackupContentsSchema = v.pipe(
  record({
    exportedAt: v.fallback(v.string(), ''),
    disputes: v.array(DisputeSchema, 'no dispute list'),
    exhibits: v.array(ExhibitFileSchema, 'no exhibit list'),
    // Read once the disputes hold together (`parseCheckup`).
    checkup: v.optional(v.unknown()),
  }),
  v.check(
    ({ disputes }) => new Set(disputes.map((dispute) => dispute.id)).size === disputes.length,
    'a dispute appears twice',
  ),
  v.check(({ disputes }) => {
    const ids = new Set(disputes.map((dispute) => dispute.id));
    return disputes.every((dispute) => !dispute.parentId || ids.has(dispute.parentId));
  }, 'a round without its parent'),
  v.check(
    (contents) => missingFile(contents) === undefined,
    (issue) => `the file of ${missingFile(issue.input)} is missing`,
  ),
);

true satisfies SameType<
  Omit<v.InferOutput<typeof BackupContentsSchema>, 'checkup'>,
  Omit<Backup, 'format' | 'version' | 'userId' | 'checkup'>
>;

/** What a damaged backup's message names: the dispute, by its place in the file, and what of it. */
function damage(issue: v.BaseIssue<unknown>): string {
  const [list, index] = issue.path ?? [];
  if (list?.key === 'disputes' && typeof index?.key === 'number')
    return `dispute ${index.key + 1}: ${issue.message}`;
  return issue.message;
}

/**
 * Reads a backup file's text for `userId`: the whole file is checked before anything is
 * written, so a bad or foreign file is refused with a message and changes nothing.
 */
export function parseBackup(fileText: string, userId: string): BackupParse {
  let raw: unknown;
  try {
    raw = JSON.parse(fileText);
  } catch {
    return { ok: false, message: BACKUP_MESSAGES.notJson };
  }
  const head = v.safeParse(backupHead(userId), raw, FIRST_ISSUE);
  if (!head.success) return { ok: false, message: head.issues[0].message };
  const contents = v.safeParse(BackupContentsSchema, raw, FIRST_ISSUE);
  if (!contents.success)
    return { ok: false, message: BACKUP_MESSAGES.damaged(damage(contents.issues[0])) };
  const { checkup: carried, ...records } = contents.output;
  const checkup = carried === undefined ? undefined : parseCheckup(carried);
  if (checkup === null)
    return { ok: false, message: BACKUP_MESSAGES.damaged('the report checkup') };
  return {
    ok: true,
    backup: {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      userId,
      ...records,
      ...(checkup ? { checkup } : {}),
    },
  };
}
