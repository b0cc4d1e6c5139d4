import { formatLongUsDate } from '@shared/letters';

/** A Unix-seconds date as people read it: "February 1, 2026" (date-fns, like every date here). */
export function formatDate(unixSeconds: number): string {
  return formatLongUsDate(new Date(unixSeconds * 1000));
}
