import { parseCheckup, storableCheckup, type Checkup } from '@shared/checkup';
import type { SenderDetails } from '@shared/letters';
import * as v from 'valibot';
import { DATA_CHANGED, STORAGE_KEYS } from './keys';

/**
 * The account's small records, each one localStorage entry: "Your details", the checkup and the
 * generator's draft. Storage can be unavailable (private modes, quotas): reads then find nothing
 * and writes report false, and the caller keeps the value for the page.
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
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing kept.
  }
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

/** Keeps `change` over the account's details, the fields it does not name as they were. */
export function saveDetails(userId: string, change: Partial<StoredDetails>): boolean {
  return write(STORAGE_KEYS.details(userId), { ...loadDetails(userId), ...change });
}

export function forgetDetails(userId: string): void {
  remove(STORAGE_KEYS.details(userId));
}

export function hasDetailsOnDevice(userId: string): boolean {
  return has(STORAGE_KEYS.details(userId));
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
export function saveCheckup(userId: string, checkup: Checkup): boolean {
  const key = checkup.sample ? STORAGE_KEYS.practice(userId) : STORAGE_KEYS.checkup(userId);
  return write(key, storableCheckup(checkup));
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
}

export function hasCheckupOnDevice(userId: string): boolean {
  return has(STORAGE_KEYS.checkup(userId)) || has(STORAGE_KEYS.practice(userId));
}

/**
 * The generator's unfinished letter as kept: its bureau, items (each a flat record of text and
 * ticks) and enclosures. The generator narrows it to its own types.
 */
const DraftSchema = v.object({
  bureau: v.fallback(v.string(), ''),
  items: v.fallback(v.array(v.record(v.string(), v.union([v.string(), v.boolean()]))), []),
  enclosures: v.fallback(v.optional(v.array(v.string())), undefined),
});

export type StoredDraft = v.InferOutput<typeof DraftSchema>;

/** The account's unfinished letter, kept across tabs and restarts until sent or discarded. */
export function loadDraft(userId: string): StoredDraft | null {
  return read(STORAGE_KEYS.draft(userId), (raw) => {
    const parsed = v.safeParse(DraftSchema, raw);
    return parsed.success ? parsed.output : null;
  });
}

export function saveDraft(userId: string, draft: StoredDraft): boolean {
  return write(STORAGE_KEYS.draft(userId), draft);
}

export function forgetDraft(userId: string): void {
  remove(STORAGE_KEYS.draft(userId));
}
