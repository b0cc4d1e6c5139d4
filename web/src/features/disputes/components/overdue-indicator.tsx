import { overdueCount } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DISPUTES_CHANGED, hasDisputesOnDevice } from '../lib/device-data';

/** How many of the user's disputes are overdue today (0 when none are kept here). */
async function countOverdue(userId: string): Promise<number> {
  if (!(await hasDisputesOnDevice(userId))) return 0;
  const { DisputeStore } = await import('../lib/dispute-store');
  const store = await DisputeStore.open(userId);
  try {
    return overdueCount(await store.list(), toIsoDate(new Date()));
  } finally {
    store.close();
  }
}

/** The red count on the header's "My Disputes" link; nothing when no dispute needs the user. */
export default function OverdueIndicator({ userId }: { userId: string }) {
  const [count, setCount] = useState(0);
  const { pathname } = useLocation();

  useEffect(() => {
    let current = true;
    const refresh = () =>
      void countOverdue(userId).then(
        (next) => current && startTransition(() => setCount(next)),
        () => current && setCount(0),
      );
    refresh();
    window.addEventListener(DISPUTES_CHANGED, refresh);
    return () => {
      current = false;
      window.removeEventListener(DISPUTES_CHANGED, refresh);
    };
  }, [userId, pathname]);

  if (count === 0) return null;
  return (
    <span
      data-testid="overdue-badge"
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white"
    >
      {count}
      <span className="sr-only"> overdue</span>
    </span>
  );
}
