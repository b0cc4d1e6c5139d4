import { parseCheckup, storableCheckup, type Checkup } from '@shared/checkup';
import type { SenderDetails } from '@shared/letters';
import * as v from 'valibot';
import { stampEdits, type EditTimes } from './edit-times';
import { now } from './ids';
import { DATA_CHANGED, STORAGE_KEYS } from './keys';

/**
 * The account's small records, each one localStorage entry: "Your details", the checkup and the
 * generator's draft. Storage can be unavailable (private modes, quotas): reads then find nothing
 * and writes report false, and the caller keeps the value for the page. Each write of the records
 * sync carries (details, checkup, draft) also stamps when each changed field was edited.
 */

function read<T>(key: string, parse: (raw: unknown) => T | null): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    window.dispatchEvent(new Event(DATA_CHANGED));
    return true;
  } catch {
    return false;
  }
}

function remove(key: string): void {
  try {
    if (localStorage.getItem(key) === null) return;
    localStorage.removeItem(key);
    window.dispatchEvent(new Event(DATA_CHANGED));
  } catch {
    // Storage unavailable: nothing kept.
  }
}

/** The account's records here that sync carries, by their name in sync. */
export type LocalRecordName = 'details' | 'checkup' | 'draft';

const EditTimesSchema = v.record(v.string(), v.record(v.string(), v.number()));

function allEditTimes(userId: string): Record<string, EditTimes> {
  return (
    read(STORAGE_KEYS.editTimes(userId), (raw) => {
      const parsed = v.safeParse(EditTimesSchema, raw);
      return parsed.success ? parsed.output : null;
    }) ?? {}
  );
}

/** When each field of the account's details, checkup or draft was last edited on this device. */
export function localEditTimes(userId: string, record: LocalRecordName): EditTimes {
  return allEditTimes(userId)[record] ?? {};
}

function keepEditTimes(userId: string, record: LocalRecordName, times: EditTimes | null): void {
  const all = allEditTimes(userId);
  if (times) all[record] = times;
  else delete all[record];
  try {
    if (Object.keys(all).length)
      localStorage.setItem(STORAGE_KEYS.editTimes(userId), JSON.stringify(all));
    else localStorage.removeItem(STORAGE_KEYS.editTimes(userId));
  } catch {
    // Storage unavailable: the record is not kept either.
  }
}

/**
 * Writes one of the records sync carries with its edit times: `editedAt` when given (a synced
 * copy's), else the fields that differ from the stored value stamped now.
 */
function writeRecord(
  userId: string,
  record: LocalRecordName,
  key: string,
  value: object,
  editedAt?: EditTimes,
): boolean {
  const times =
    editedAt ??
    stampEdits(
      localEditTimes(userId, record),
      read(key, (raw) => raw as object),
      value,
      now(),
    );
  keepEditTimes(userId, record, times);
  return write(key, value);
}

function has(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

const text = v.fallback(v.pipe(v.string(), v.maxLength(2000)), '');

/**
 * "Your details" as kept. Date of birth, the SSN digits and the report number never are: they
 * stay in the page (the report number also differs per bureau).
 */
const DetailsSchema = v.object({
  /** Undefined until the user types a name: the account's name is shown meanwhile. */
  name: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2000))), undefined),
  address: text,
  phone: text,
  email: text,
  previousAddress: text,
});

export type StoredDetails = Pick<
  SenderDetails,
  'address' | 'phone' | 'email' | 'previousAddress'
> & { name?: string | undefined };

export const NO_STORED_DETAILS: StoredDetails = {
  address: '',
  phone: '',
  email: '',
  previousAddress: '',
};

/** Any stored value as details: what is not a string becomes empty. */
export function parseDetails(raw: unknown): StoredDetails {
  const parsed = v.safeParse(DetailsSchema, raw ?? {});
  return parsed.success ? parsed.output : NO_STORED_DETAILS;
}

export function loadDetails(userId: string): StoredDetails {
  return read(STORAGE_KEYS.details(userId), parseDetails) ?? NO_STORED_DETAILS;
}

/**
 * Keeps `change` over the account's details, the fields it does not name as they were. `editedAt`:
 * only sync passes it, the edit times a synced copy carries.
 */
export function saveDetails(
  userId: string,
  change: Partial<StoredDetails>,
  editedAt?: EditTimes,
): boolean {
  const key = STORAGE_KEYS.details(userId);
  return writeRecord(userId, 'details', key, { ...loadDetails(userId), ...change }, editedAt);
}

export function forgetDetails(userId: string): void {
  remove(STORAGE_KEYS.details(userId));
  keepEditTimes(userId, 'details', null);
}

export function hasDetailsOnDevice(userId: string): boolean {
  return has(STORAGE_KEYS.details(userId));
}

/** The e-mail reminders switch: while off, My Disputes asks nothing of the server. */
export function remindersSwitchedOn(userId: string): boolean {
  return read(STORAGE_KEYS.reminders(userId), (raw) => (raw === 'on' ? true : null)) === true;
}

export function switchReminders(userId: string, on: boolean): void {
  if (on) write(STORAGE_KEYS.reminders(userId), 'on');
  else remove(STORAGE_KEYS.reminders(userId));
}

export function dropUnownedDetails(): void {
  remove(STORAGE_KEYS.unownedDetails);
}

export function dropLegacySentLetters(): void {
  remove(STORAGE_KEYS.legacySentLetters);
}

/** The account's own checkup; null when there is none (or it is not one). */
export function loadCheckup(userId: string): Checkup | null {
  const checkup = read(STORAGE_KEYS.checkup(userId), parseCheckup);
  // A sample kept here before practice had its own entry is not the user's own checkup.
  return checkup?.sample ? null : checkup;
}

/** False when the browser keeps nothing: the checkup then lives for the page. */
export function saveCheckup(userId: string, checkup: Checkup, editedAt?: EditTimes): boolean {
  if (checkup.sample) return write(STORAGE_KEYS.practice(userId), storableCheckup(checkup));
  const key = STORAGE_KEYS.checkup(userId);
  return writeRecord(userId, 'checkup', key, storableCheckup(checkup), editedAt);
}

/** The practice run on the sample, if one was begun on this device. */
export function loadPractice(userId: string): Checkup | null {
  const checkup =
    read(STORAGE_KEYS.practice(userId), parseCheckup) ??
    read(STORAGE_KEYS.checkup(userId), parseCheckup);
  return checkup?.sample ? checkup : null;
}

/** "Start over" in practice: the sample only, the user's own checkup untouched. */
export function forgetPractice(userId: string): void {
  remove(STORAGE_KEYS.practice(userId));
  if (read(STORAGE_KEYS.checkup(userId), parseCheckup)?.sample)
    remove(STORAGE_KEYS.checkup(userId));
}

/** "Start over" and "Delete all my data" (the practice run goes too). */
export function forgetCheckup(userId: string): void {
  remove(STORAGE_KEYS.checkup(userId));
  remove(STORAGE_KEYS.practice(userId));
  keepEditTimes(userId, 'checkup', null);
}

export function hasCheckupOnDevice(userId: string): boolean {
  return has(STORAGE_KEYS.checkup(userId)) || has(STORAGE_KEYS.practice(userId));
}

/**
 * The generator's unfinished letter as kept: its bureau, items (each a flat record of text and
 * ticks), enclosures and the people to notify. The generator narrows it to its own types.
 */
const DraftSchema = v.object({
  bureau: v.fallback(v.string(), ''),
  items: v.fallback(v.array(v.record(v.string(), v.union([v.string(), v.boolean()]))), []),
  enclosures: v.fallback(v.optional(v.array(v.string())), undefined),
  notifyRecipients: v.fallback(v.optional(v.string()), undefined),
});

export type StoredDraft = v.InferOutput<typeof DraftSchema>;

/** The account's unfinished letter, kept across tabs and restarts until sent or discarded. */
export function loadDraft(userId: string): StoredDraft | null {
  return read(STORAGE_KEYS.draft(userId), parseStoredDraft);
}

/** Any stored value as a draft; null when it is not one. */
export function parseStoredDraft(raw: unknown): StoredDraft | null {
  const parsed = v.safeParse(DraftSchema, raw);
  return parsed.success ? parsed.output : null;
}

export function saveDraft(userId: string, draft: StoredDraft, editedAt?: EditTimes): boolean {
  return writeRecord(userId, 'draft', STORAGE_KEYS.draft(userId), draft, editedAt);
}

/** The draft was sent or discarded: gone here, and (with sync on) from the server and other devices. */
export function forgetDraft(userId: string): void {
  remove(STORAGE_KEYS.draft(userId));
  keepEditTimes(userId, 'draft', null);
}

export function hasDraftOnDevice(userId: string): boolean {
  return has(STORAGE_KEYS.draft(userId));
}
