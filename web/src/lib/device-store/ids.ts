import { toIsoDate, type IsoDate } from '@shared/letters';

/**
 * A random id. Not crypto.randomUUID(): it exists only in secure contexts, and the app must work
 * on plain HTTP too (a LAN address in development). getRandomValues works everywhere.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The store's one clock: now, in ms since 1970 (when an edit was made; `today` reads it too). */
export function now(): number {
  return Date.now();
}

/** Today's date in this browser's time zone: the one "today" every stored date is compared to. */
export function today(): IsoDate {
  return toIsoDate(new Date(now()));
}
