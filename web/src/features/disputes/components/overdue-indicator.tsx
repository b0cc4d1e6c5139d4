import { overdueCount } from '@shared/disputes';
import { startTransition, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DATA_CHANGED, hasDisputesOnDevice, today } from '@/lib/device-store';

/** How many of the user's disputes are overdue today (0 when none are kept here). */
async function countOverdue(userId: string): Promise<number> {
  if (!(await hasDisputesOnDevice(userId))) return 0;
  const { DisputeStore } = await import('@/lib/device-store/disputes-db');
  const store = await DisputeStore.open(userId);
  try {
    return overdueCount(await store.list(), today());
  } finally {
    store.close();
  }
}

/**
 * Reports how many of the user's disputes need them today, again after each move and each change
 * to a dispute: the header shows it. A component, so that only a signed-in user loads it.
 */
export default function OverdueIndicator({
  userId,
  onCount,
}: {
  userId: string;
  onCount: (count: number) => void;
}) {
  const { pathname } = useLocation();

  useEffect(() => {
    let current = true;
    const refresh = () =>
      void countOverdue(userId).then(
        (next) => current && startTransition(() => onCount(next)),
        () => current && onCount(0),
      );
    refresh();
    window.addEventListener(DATA_CHANGED, refresh);
    return () => {
      current = false;
      window.removeEventListener(DATA_CHANGED, refresh);
    };
  }, [userId, pathname, onCount]);

  return null;
}
