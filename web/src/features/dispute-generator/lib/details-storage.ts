/**
 * Where "Your details" live: one localStorage entry per account, so one person's name and address
 * are never filled in for the next account on this browser. Small on purpose: the app shell
 * loads it at sign-out.
 */
export function detailsKey(userId: string): string {
  return `credit-dispute-letters:your-details:${userId}`;
}

/** Before details were kept per account they had one entry for everyone: it is dropped, not guessed an owner. */
const UNOWNED_DETAILS_KEY = 'credit-dispute-letters:your-details';

export function dropUnownedDetails(): void {
  try {
    localStorage.removeItem(UNOWNED_DETAILS_KEY);
  } catch {
    // Storage unavailable: nothing kept.
  }
}

export function hasDetailsOnDevice(userId: string): boolean {
  try {
    return localStorage.getItem(detailsKey(userId)) !== null;
  } catch {
    return false;
  }
}

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
