import type { SenderDetails } from '@shared/letters';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  dropUnownedDetails,
  forgetDetails,
  loadDetails,
  NO_STORED_DETAILS,
  saveDetails,
  type StoredDetails,
} from '@/lib/device-store';

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
  const [stored, setStored] = useState<StoredDetails>(() => loadDetails(userId));
  const [pageOnly, setPageOnly] = useState(NO_PAGE_ONLY_DETAILS);
  const details = useMemo(
    () => ({ ...stored, ...pageOnly, name: stored.name ?? accountName }),
    [stored, pageOnly, accountName],
  );
  const update = useCallback(
    ({ dateOfBirth, ssnLast4, reportNumber, ...rest }: SenderDetails) => {
      setStored(rest);
      saveDetails(userId, rest);
      setPageOnly({ dateOfBirth, ssnLast4, reportNumber });
    },
    [userId],
  );
  const forget = useCallback(() => {
    setStored(NO_STORED_DETAILS);
    forgetDetails(userId);
    setPageOnly(NO_PAGE_ONLY_DETAILS);
  }, [userId]);
  return [details, update, forget];
}
