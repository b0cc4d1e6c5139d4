import { isIsoDate, type IsoDate, type SenderDetails } from '@shared/letters';
import { useCallback, useMemo, useState } from 'react';
import { useLocalStore } from './local-store';

const DETAILS_KEY = 'credit-dispute-letters:your-details';
const SENT_LETTERS_KEY = 'credit-dispute-letters:sent-letters';

/**
 * The details kept in local storage. Date of birth, the SSN digits and the report number are
 * not: they stay in memory while the page is open (the report number also differs per bureau).
 */
type StoredDetails = Pick<SenderDetails, 'address' | 'phone' | 'email' | 'previousAddress'> & {
  /** Undefined until the user types a name: the account's name is shown meanwhile. */
  name?: string | undefined;
};
type PageOnlyDetails = Pick<SenderDetails, 'dateOfBirth' | 'ssnLast4' | 'reportNumber'>;

const NO_STORED_DETAILS: StoredDetails = { address: '', phone: '', email: '', previousAddress: '' };
const NO_PAGE_ONLY_DETAILS: PageOnlyDetails = { dateOfBirth: '', ssnLast4: '', reportNumber: '' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function parseDetails(raw: unknown): StoredDetails {
  const record = (raw ?? {}) as Record<string, unknown>;
  return {
    name: typeof record.name === 'string' ? record.name : undefined,
    address: text(record.address),
    phone: text(record.phone),
    email: text(record.email),
    previousAddress: text(record.previousAddress),
  };
}

/**
 * "Your details": name, addresses, phone and e-mail kept in this browser only until "Forget my
 * details"; the name starts as the account's name. The sensitive fields live for the page only.
 */
export function useYourDetails(
  accountName = '',
): [SenderDetails, (details: SenderDetails) => void, () => void] {
  const [stored, setStored, forgetStored] = useLocalStore(
    DETAILS_KEY,
    parseDetails,
    NO_STORED_DETAILS,
  );
  const [pageOnly, setPageOnly] = useState(NO_PAGE_ONLY_DETAILS);
  const details = useMemo(
    () => ({ ...stored, ...pageOnly, name: stored.name ?? accountName }),
    [stored, pageOnly, accountName],
  );
  const update = useCallback(
    ({ dateOfBirth, ssnLast4, reportNumber, ...rest }: SenderDetails) => {
      setStored(rest);
      setPageOnly({ dateOfBirth, ssnLast4, reportNumber });
    },
    [setStored],
  );
  const forget = useCallback(() => {
    forgetStored();
    setPageOnly(NO_PAGE_ONLY_DETAILS);
  }, [forgetStored]);
  return [details, update, forget];
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
