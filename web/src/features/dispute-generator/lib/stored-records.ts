import { isIsoDate, type IsoDate, type SenderDetails } from '@shared/letters';
import { useLocalStore } from './local-store';

const DETAILS_KEY = 'credit-dispute-letters:your-details';
const SENT_LETTERS_KEY = 'credit-dispute-letters:sent-letters';

export const EMPTY_DETAILS: SenderDetails = { name: '', address: '', phone: '', email: '' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function parseDetails(raw: unknown): SenderDetails {
  const record = (raw ?? {}) as Record<string, unknown>;
  return {
    name: text(record.name),
    address: text(record.address),
    phone: text(record.phone),
    email: text(record.email),
  };
}

/** "Your details", kept in this browser only until "Forget my details". */
export function useYourDetails() {
  return useLocalStore(DETAILS_KEY, parseDetails, EMPTY_DETAILS);
}

export interface SentLetter {
  id: string;
  /** Who it went to: the bureau's or the creditor's name. */
  recipient: string;
  kind: 'bureau' | 'furnisher';
  accountNames: string[];
  mailedOn: IsoDate;
  /** The delivery date from the return receipt, once known. */
  receivedOn?: IsoDate | undefined;
  followsFreeAnnualReport: boolean;
}

const NO_SENT_LETTERS: SentLetter[] = [];

function parseSentLetters(raw: unknown): SentLetter[] {
  if (!Array.isArray(raw)) return NO_SENT_LETTERS;
  return raw.flatMap((entry: Record<string, unknown>) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const mailedOn = text(entry.mailedOn);
    const receivedOn = text(entry.receivedOn);
    if (!isIsoDate(mailedOn) || !text(entry.id)) return [];
    return [
      {
        id: text(entry.id),
        recipient: text(entry.recipient),
        kind: entry.kind === 'furnisher' ? 'furnisher' : 'bureau',
        accountNames: Array.isArray(entry.accountNames) ? entry.accountNames.map(text) : [],
        mailedOn,
        receivedOn: isIsoDate(receivedOn) ? receivedOn : undefined,
        followsFreeAnnualReport: entry.followsFreeAnnualReport === true,
      },
    ];
  });
}

/** Letters the user marked as mailed, kept in this browser only. */
export function useSentLetters() {
  return useLocalStore(SENT_LETTERS_KEY, parseSentLetters, NO_SENT_LETTERS);
}
