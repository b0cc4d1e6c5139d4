/**
 * Where the generator kept "Sent letters" before My Disputes: one list per browser, shared by
 * every account that used it. It belongs to no one, so it is given to no one: like the old
 * unowned "Your details", it is deleted.
 */
export const LEGACY_SENT_LETTERS_KEY = 'credit-dispute-letters:sent-letters';

export function dropLegacySentLetters(): void {
  try {
    localStorage.removeItem(LEGACY_SENT_LETTERS_KEY);
  } catch {
    // Storage unavailable: nothing kept.
  }
}
