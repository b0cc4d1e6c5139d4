import type { SenderDetails } from '@shared/letters';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { detailsKey, dropUnownedDetails } from './details-storage';
import { useLocalStore } from './local-store';

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
 * "Your details": name, addresses, phone and e-mail kept in this browser for this account only
 * until "Forget my details"; the name starts as the account's name. The sensitive fields live for the page only.
 */
export function useYourDetails(
  userId: string,
  accountName = '',
): [SenderDetails, (details: SenderDetails) => void, () => void] {
  useEffect(dropUnownedDetails, []);
  const [stored, setStored, forgetStored] = useLocalStore(
    detailsKey(userId),
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
