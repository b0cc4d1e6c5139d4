import { useCallback, useState } from 'react';
import { draftKey } from './details-storage';
import { EMPTY_DRAFT, parseDraft, storableDraft, type GeneratorDraft } from './generator-draft';

function read(userId: string): GeneratorDraft {
  try {
    const raw = sessionStorage.getItem(draftKey(userId));
    return raw === null ? EMPTY_DRAFT : parseDraft(JSON.parse(raw));
  } catch {
    return EMPTY_DRAFT;
  }
}

/**
 * The letter draft (bureau, items, enclosures), kept in sessionStorage for this tab: a reload or a
 * visit to another page restores it; closing the tab ends it. Without storage it lives for the page.
 */
export function useSessionDraft(userId: string) {
  const [draft, setDraft] = useState(() => read(userId));

  const update = useCallback(
    (change: (current: GeneratorDraft) => GeneratorDraft) =>
      setDraft((current) => {
        const next = change(current);
        try {
          sessionStorage.setItem(draftKey(userId), JSON.stringify(storableDraft(next)));
        } catch {
          // Kept in memory only.
        }
        return next;
      }),
    [userId],
  );

  const clear = useCallback(() => {
    setDraft(EMPTY_DRAFT);
    try {
      sessionStorage.removeItem(draftKey(userId));
    } catch {
      // Nothing stored.
    }
  }, [userId]);

  return [draft, update, clear] as const;
}
