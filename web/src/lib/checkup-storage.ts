import { parseCheckup, storableCheckup, type Checkup } from '@shared/checkup';

/**
 * Where the report checkup lives: one localStorage entry per account, like "Your details", so
 * nothing of one person's reports is shown to the next account on this browser. It never leaves
 * the browser except in the user's own backup file.
 */
export function checkupKey(userId: string): string {
  return `credit-dispute-letters:checkup:${userId}`;
}

/** The account's checkup on this device; null when there is none (or it is not readable). */
export function loadCheckup(userId: string): Checkup | null {
  try {
    const raw = localStorage.getItem(checkupKey(userId));
    return raw === null ? null : parseCheckup(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** False when the browser keeps nothing (storage full or off): the checkup then lives for the page. */
export function saveCheckup(userId: string, checkup: Checkup): boolean {
  try {
    localStorage.setItem(checkupKey(userId), JSON.stringify(storableCheckup(checkup)));
    return true;
  } catch {
    return false;
  }
}

export function hasCheckupOnDevice(userId: string): boolean {
  try {
    return localStorage.getItem(checkupKey(userId)) !== null;
  } catch {
    return false;
  }
}

/** "Start over" and "Delete all my data". */
export function forgetCheckupOnDevice(userId: string): void {
  try {
    localStorage.removeItem(checkupKey(userId));
  } catch {
    // Storage unavailable: nothing kept.
  }
}
