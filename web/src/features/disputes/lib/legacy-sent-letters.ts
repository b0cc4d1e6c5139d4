import { BUREAU_IDS, BUREAUS, isIsoDate } from '@shared/letters';
import { LIMITS, type Dispute, type Recipient } from '@shared/disputes';
import type { DisputeStore } from './dispute-store';

/** Where the generator kept "Sent letters" before My Disputes (one list per browser, no user). */
export const LEGACY_SENT_LETTERS_KEY = 'credit-dispute-letters:sent-letters';

type Json = Record<string, unknown>;

const text = (value: unknown, max: number) =>
  typeof value === 'string' ? value.slice(0, max) : '';

function recipient(entry: Json): Recipient {
  const name = text(entry.recipient, LIMITS.accountName);
  const bureau = BUREAU_IDS.find((id) => BUREAUS[id].name === name);
  return entry.kind !== 'furnisher' && bureau
    ? { kind: 'bureau', bureau }
    : { kind: 'furnisher', name: name || 'Creditor', address: '' };
}

/** The old list's entries as Round 1 disputes (ids derived from the old ones, so never twice). */
export function legacyDisputes(raw: unknown): Dispute[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((value: unknown): Dispute[] => {
    if (typeof value !== 'object' || value === null) return [];
    const entry = value as Json;
    const id = text(entry.id, 80);
    const mailedOn = text(entry.mailedOn, 10);
    if (!id || !isIsoDate(mailedOn)) return [];
    const receivedOn = text(entry.receivedOn, 10);
    const to = recipient(entry);
    const names = Array.isArray(entry.accountNames)
      ? entry.accountNames.map((name) => text(name, LIMITS.accountName)).filter(Boolean)
      : [];
    return [
      {
        id: `sent-letter-${id}`,
        round: 1,
        letterKind: to.kind === 'bureau' ? 'dispute' : 'direct-dispute',
        recipient: to,
        items: (names.length > 0 ? names : ['Disputed item']).map((accountName, index) => ({
          id: `sent-letter-${id}-${index + 1}`,
          accountName,
          details: '',
        })),
        letterText: '',
        createdAt: new Date(`${mailedOn}T12:00:00Z`).toISOString(),
        mailedOn,
        deliveredOn: isIsoDate(receivedOn) ? receivedOn : undefined,
        followsFreeAnnualReport: to.kind === 'bureau' && entry.followsFreeAnnualReport === true,
        sentMoreInformation: false,
        exhibits: [],
      },
    ];
  });
}

/**
 * Moves the old "Sent letters" list into the signed-in user's disputes, then removes it from
 * localStorage, so it is moved once and never shown to another account. Returns how many.
 */
export async function migrateLegacySentLetters(store: DisputeStore): Promise<number> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(LEGACY_SENT_LETTERS_KEY);
  } catch {
    return 0;
  }
  if (raw === null) return 0;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Unreadable: nothing to move.
  }
  const added = await store.addMissing(legacyDisputes(parsed));
  localStorage.removeItem(LEGACY_SENT_LETTERS_KEY);
  return added;
}
