import { useEffect } from 'react';
import { DATA_CHANGED } from '@/lib/device-store';

/** After a change here, how long to wait for more before sending it. */
const CHANGE_DELAY_MS = 1500;

/**
 * While sync is `on` here: `sync` when the window is focused or shown again, and shortly after
 * each change to this device's data, so an edit reaches the account's other devices.
 */
export function useSyncTriggers(on: boolean, sync: () => unknown): void {
  useEffect(() => {
    if (!on) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void sync(), CHANGE_DELAY_MS);
    };
    const visible = () => document.visibilityState === 'visible' && void sync();
    const focused = () => void sync();
    window.addEventListener('focus', focused);
    document.addEventListener('visibilitychange', visible);
    window.addEventListener(DATA_CHANGED, soon);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', focused);
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener(DATA_CHANGED, soon);
    };
  }, [on, sync]);
}
