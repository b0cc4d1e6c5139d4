import { useEffect, useState } from 'react';
import { useSubscription } from '@/features/subscription/subscription-context';

export const POLL_INTERVAL_MS = 1000;
export const POLL_ATTEMPTS = 10;

/**
 * Right after checkout the webhook may not have landed yet: re-read the view a few times
 * instead of showing a stale status. Returns whether it is still waiting.
 */
export function useSubscriptionUntilActive(): boolean {
  const { isActive, loading, refresh } = useSubscription();
  const [attempts, setAttempts] = useState(0);
  const waiting = !isActive && attempts < POLL_ATTEMPTS;

  useEffect(() => {
    if (loading || !waiting) return;
    const timer = setTimeout(() => {
      void refresh().finally(() => setAttempts((count) => count + 1));
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [loading, waiting, attempts, refresh]);

  return waiting;
}
