import { overdueCount } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
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

/** The header's red "N overdue" link to My Disputes; nothing when no dispute is overdue. */
export default function OverdueIndicator({ userId }: { userId: string }) {
  const [count, setCount] = useState(0);
  const { pathname } = useLocation();

  useEffect(() => {
    let current = true;
    const refresh = () =>
      void countOverdue(userId).then(
        (next) => current && setCount(next),
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
    <Link
      to={paths.disputes}
      className="inline-flex items-center rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white hover:bg-red-800"
    >
      {count} overdue
      <span className="sr-only"> {count === 1 ? 'dispute' : 'disputes'}: open My Disputes</span>
    </Link>
  );
}
