import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncTriggers } from '@/hooks/use-sync-triggers';
import { syncIsOnHere } from '@/lib/device-store';
import { oneRunAtATime } from '@/lib/one-run-at-a-time';

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
  // One at a time; a change made meanwhile is sent by one more pass right after.
  const [runAlone] = useState(oneRunAtATime);

  const sync = useCallback(
    () =>
      runAlone(async () => {
        try {
          const outcome = await (await import('@/lib/sync/sync-control')).syncNow(userId);
          if (!outcome || outcome.off) setOn(false);
          else if (outcome.pulled || outcome.deleted) pulled.current();
        } catch {
          // Offline or refused: the draft is kept here and sent by the next sync.
        }
      }),
    [userId, runAlone],
  );

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
