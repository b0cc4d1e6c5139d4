import type { SenderDetails } from '@shared/letters';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  detailsKey,
  dropUnownedDetails,
  NO_STORED_DETAILS,
  parseDetails,
} from '@/lib/your-details-storage';
import { useLocalStore } from './local-store';

type PageOnlyDetails = Pick<SenderDetails, 'dateOfBirth' | 'ssnLast4' | 'reportNumber'>;

const NO_PAGE_ONLY_DETAILS: PageOnlyDetails = { dateOfBirth: '', ssnLast4: '', reportNumber: '' };

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
