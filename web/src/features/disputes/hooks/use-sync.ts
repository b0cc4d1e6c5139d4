import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncTriggers } from '@/hooks/use-sync-triggers';
import { syncIsOnHere } from '@/lib/device-store';
import { oneRunAtATime, STOP } from '@/lib/one-run-at-a-time';

export type SyncView =
  | { status: 'checking' }
  | { status: 'off' }
  | { status: 'elsewhere' }
  | { status: 'on'; syncing: boolean; lastSynced?: Date | undefined }
  | { status: 'unreachable' };

/** The sync code: its own chunk, loaded after My Disputes is on screen. */
const control = () => import('@/lib/sync/sync-control');

/**
 * Sync for My Disputes: whether it is on, and when on, a sync after the page is shown, when the
 * window is focused again and shortly after each change here. `onPulled` reloads the disputes
 * after another device's changes were written here.
 */
export function useSync(userId: string, onPulled: () => void) {
  const [view, setView] = useState<SyncView>({ status: 'checking' });
  const [warning, setWarning] = useState('');
  const pulledRef = useRef(onPulled);
  pulledRef.current = onPulled;
  // A focus or change during a sync: one more pass after it, or what it brought waits for the
  // next trigger.
  const [runAlone] = useState(oneRunAtATime);

  const sync = useCallback(
    (): Promise<void> =>
      runAlone(async (queued) => {
        setView((current) => (current.status === 'on' ? { ...current, syncing: true } : current));
        try {
          const outcome = await (await control()).syncNow(userId);
          // Not on here any more ("Delete all my data" removed its key with the rest).
          if (!outcome) {
            setView({ status: 'off' });
            return STOP;
          }
          setWarning(outcome.warning ?? '');
          if (outcome.pulled || outcome.deleted) pulledRef.current();
          if (outcome.off) {
            setView({ status: 'off' });
            return STOP;
          }
          setView({ status: 'on', syncing: queued(), lastSynced: new Date() });
        } catch {
          setView((current) =>
            current.status === 'on' ? { ...current, syncing: false } : current,
          );
          setWarning('Sync could not reach our server. Your changes are kept here and sent later.');
          return STOP;
        }
      }),
    [userId, runAlone],
  );

  // After the first paint, from this device's own storage: with sync off, nothing is sent and the
  // sync code is not even loaded.
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void syncIsOnHere(userId).then(
        (on) => {
          if (cancelled) return;
          if (!on) return setView({ status: 'off' });
          setView({ status: 'on', syncing: true });
          void sync();
        },
        () => !cancelled && setView({ status: 'unreachable' }),
      );
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId, sync]);

  /** "Sync across my devices": open it here when it is on for the account, else set it up. */
  const start = useCallback(async (): Promise<'elsewhere' | 'setup'> => {
    const elsewhere = await (await control()).syncIsOnElsewhere();
    if (elsewhere) setView({ status: 'elsewhere' });
    return elsewhere ? 'elsewhere' : 'setup';
  }, []);

  useSyncTriggers(view.status === 'on', sync);

  const turnOn = useCallback(
    async (passphrase: string) => {
      const code = await (await control()).turnOnSync(userId, passphrase);
      setView({ status: 'on', syncing: true });
      void sync();
      return code;
    },
    [userId, sync],
  );

  const openHere = useCallback(
    async (secret: string) => {
      await (await control()).openSyncHere(userId, secret);
      setView({ status: 'on', syncing: true });
      await sync();
    },
    [userId, sync],
  );

  const turnOff = useCallback(async () => {
    await (await control()).turnOffSync(userId);
    setWarning('');
    setView({ status: 'off' });
  }, [userId]);

  return { view, warning, sync, start, turnOn, openHere, turnOff };
}
