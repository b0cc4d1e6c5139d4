import { detailsKey } from '@/lib/your-details-storage';

// "Your details" are shared with the checkup's letters: the app shell still finds them here.
export { hasDetailsOnDevice } from '@/lib/your-details-storage';

/** Where the letter being written is kept for the tab's session (use-session-draft.ts). */
export function draftKey(userId: string): string {
  return `credit-dispute-letters:letter-draft:${userId}`;
}

export function forgetDetailsOnDevice(userId: string): void {
  try {
    localStorage.removeItem(detailsKey(userId));
    sessionStorage.removeItem(draftKey(userId));
  } catch {
    // Storage unavailable: nothing kept.
  }
}
