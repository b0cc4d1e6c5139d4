import { useCallback, useState } from 'react';
import { forgetDraft, loadDraft, saveDraft } from '@/lib/device-store';
import { EMPTY_DRAFT, parseDraft, storableDraft, type GeneratorDraft } from './generator-draft';

/**
 * The letter draft (bureau, items, enclosures), kept for the account on this device until it is
 * sent or discarded: a reload, another tab or a closed browser restores it. Without storage it
 * lives for the page.
 */
export function useAccountDraft(userId: string) {
  const [draft, setDraft] = useState(() => {
    const stored = loadDraft(userId);
    return stored ? parseDraft(stored) : EMPTY_DRAFT;
  });

  const update = useCallback(
    (change: (current: GeneratorDraft) => GeneratorDraft) =>
      setDraft((current) => {
        const next = change(current);
        saveDraft(userId, storableDraft(next));
        return next;
      }),
    [userId],
  );

  const clear = useCallback(() => {
    setDraft(EMPTY_DRAFT);
    forgetDraft(userId);
  }, [userId]);

  return [draft, update, clear] as const;
}
