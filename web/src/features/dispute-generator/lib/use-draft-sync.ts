import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncTriggers } from '@/hooks/use-sync-triggers';
import { syncIsOnHere } from '@/lib/device-store';

/**
 * With sync on here, the draft follows the account's other devices while the generator is open:
 * a sync after the first paint, when the window is focused again and shortly after each change.
 * `onPulled` re-reads the draft after another device's changes were written here. With sync off
 * nothing is sent and the sync code is not loaded.
 */
export function useDraftSync(userId: string, onPulled: () => void): void {
  const [on, setOn] = useState(false);
  const pulled = useRef(onPulled);
  pulled.current = onPulled;
  const running = useRef(false);
  const again = useRef(false);

  const sync = useCallback(async () => {
    // One at a time; a change made meanwhile is sent by one more run right after.
    if (running.current) return void (again.current = true);
    running.current = true;
    try {
      do {
        again.current = false;
        try {
          const outcome = await (await import('@/lib/sync/sync-control')).syncNow(userId);
          if (!outcome || outcome.off) setOn(false);
          else if (outcome.pulled || outcome.deleted) pulled.current();
        } catch {
          // Offline or refused: the draft is kept here and sent by the next sync.
        }
      } while (again.current);
    } finally {
      running.current = false;
    }
  }, [userId]);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void syncIsOnHere(userId).then(
        (isOn) => {
          if (cancelled || !isOn) return;
          setOn(true);
          void sync();
        },
        () => undefined,
      );
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId, sync]);

  useSyncTriggers(on, sync);
}
