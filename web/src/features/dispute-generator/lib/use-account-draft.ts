import { useCallback, useRef, useState } from 'react';
import { forgetDraft, loadDraft, saveDraft } from '@/lib/device-store';
import {
  EMPTY_DRAFT,
  parseDraft,
  storableDraft,
  withPageOnlyFields,
  type GeneratorDraft,
} from './generator-draft';
import { useDraftSync } from './use-draft-sync';

const storedNow = (userId: string) => JSON.stringify(loadDraft(userId));

/**
 * The letter draft (bureau, items, enclosures), kept for the account until it is sent or
 * discarded: a reload, another tab or a closed browser restores it and, with sync on, the
 * account's other devices too (another device's draft replaces this page's when it arrives).
 * Without storage it lives for the page.
 */
export function useAccountDraft(userId: string) {
  const [draft, setDraft] = useState(() => {
    const stored = loadDraft(userId);
    return stored ? parseDraft(stored) : EMPTY_DRAFT;
  });
  /** The stored draft this page's one stands for: a different one came from another device. */
  const shown = useRef<string | null>(null);
  shown.current ??= storedNow(userId);

  const update = useCallback(
    (change: (current: GeneratorDraft) => GeneratorDraft) =>
      setDraft((current) => {
        const next = change(current);
        saveDraft(userId, storableDraft(next));
        shown.current = storedNow(userId);
        return next;
      }),
    [userId],
  );

  const clear = useCallback(() => {
    setDraft(EMPTY_DRAFT);
    forgetDraft(userId);
    shown.current = storedNow(userId);
  }, [userId]);

  const reload = useCallback(() => {
    const stored = storedNow(userId);
    if (stored === shown.current) return;
    shown.current = stored;
    const synced = loadDraft(userId);
    setDraft((current) => withPageOnlyFields(synced ? parseDraft(synced) : EMPTY_DRAFT, current));
  }, [userId]);

  useDraftSync(userId, reload);
  return [draft, update, clear] as const;
}
