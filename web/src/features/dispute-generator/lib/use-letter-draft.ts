import type { BureauChoice } from '@shared/letters';
import { useCallback, useState } from 'react';
import { withoutBureau } from './bureau-letters';
import type { GeneratorDraft } from './generator-draft';
import { useAccountDraft } from './use-account-draft';

/**
 * The letter draft (kept for the account on this device) and the further bureaus ticked under "Also send to",
 * each with its report number (never kept). A bureau chosen as the letter's own leaves the copies.
 */
export function useLetterDraft(userId: string) {
  const [draft, updateDraft, clearDraft] = useAccountDraft(userId);
  const [copies, setCopies] = useState<BureauChoice>({});

  const update = useCallback(
    (change: (current: GeneratorDraft) => GeneratorDraft) =>
      updateDraft((current) => {
        const next = change(current);
        if (next.bureau !== current.bureau)
          setCopies((ticked) => withoutBureau(ticked, next.bureau));
        return next;
      }),
    [updateDraft],
  );

  const clear = useCallback(() => {
    clearDraft();
    setCopies({});
  }, [clearDraft]);

  return { draft, update, clear, copies, setCopies };
}
