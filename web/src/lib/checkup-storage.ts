import { parseCheckup, storableCheckup, type Checkup } from '@shared/checkup';

/**
 * Where the report checkup lives: one localStorage entry per account, like "Your details", so
 * nothing of one person's reports is shown to the next account on this browser. It never leaves
 * the browser except in the user's own backup file.
 */
export function checkupKey(userId: string): string {
  return `credit-dispute-letters:checkup:${userId}`;
}

/**
 * The practice run on the sample reports: its own entry, so its answers never mix with the
 * account's own checkup and never travel in the backup.
 */
export function practiceKey(userId: string): string {
  return `credit-dispute-letters:checkup-practice:${userId}`;
}

function load(key: string): Checkup | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : parseCheckup(JSON.parse(raw));
  } catch {
    return null;
  }
}

function save(key: string, checkup: Checkup): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(storableCheckup(checkup)));
    return true;
  } catch {
    return false;
  }
}

/** The account's own checkup on this device; null when there is none (or it is not readable). */
export function loadCheckup(userId: string): Checkup | null {
  const checkup = load(checkupKey(userId));
  // A sample kept here before practice had its own entry is not the user's own checkup.
  return checkup?.sample ? null : checkup;
}

/** False when the browser keeps nothing (storage full or off): the checkup then lives for the page. */
export function saveCheckup(userId: string, checkup: Checkup): boolean {
  return save(checkup.sample ? practiceKey(userId) : checkupKey(userId), checkup);
}

/** The practice run on the sample, if one was begun on this device. */
export function loadPractice(userId: string): Checkup | null {
  const checkup = load(practiceKey(userId)) ?? load(checkupKey(userId));
  return checkup?.sample ? checkup : null;
}

/** "Start over" in practice: the sample only, the user's own checkup untouched. */
export function forgetPracticeOnDevice(userId: string): void {
  try {
    localStorage.removeItem(practiceKey(userId));
    if (load(checkupKey(userId))?.sample) localStorage.removeItem(checkupKey(userId));
  } catch {
    // Storage unavailable: nothing kept.
  }
}

export function hasCheckupOnDevice(userId: string): boolean {
  try {
    return (
      localStorage.getItem(checkupKey(userId)) !== null ||
      localStorage.getItem(practiceKey(userId)) !== null
    );
  } catch {
    return false;
  }
}

/** "Start over" and "Delete all my data" (the practice run goes too). */
export function forgetCheckupOnDevice(userId: string): void {
  try {
    localStorage.removeItem(checkupKey(userId));
    localStorage.removeItem(practiceKey(userId));
  } catch {
    // Storage unavailable: nothing kept.
  }
}
