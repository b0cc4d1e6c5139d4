import { needsUserToday } from '@shared/disputes';
import { formatIsoLong } from '@shared/letters';
import { Link } from 'react-router-dom';
import type { DashboardRow } from '../lib/dashboard';
import { StatusBadge } from './status-badge';

/** The dashboard: one compact row per dispute, most urgent first, each opening its thread. */
export function DisputeList({ rows }: { rows: readonly DashboardRow[] }) {
  return (
    <ul aria-label="Your disputes" className="space-y-3">
      {rows.map(({ thread, round, recipient, items, status, dueOn, action }) => (
        <li
          key={thread.root.id}
          className={`relative rounded-xl border bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-blue-800 hover:border-blue-800 ${
            needsUserToday(status) ? 'border-red-700' : 'border-gray-200'
          }`}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 text-base font-bold break-words">
              <Link
                to={{ search: `?dispute=${encodeURIComponent(thread.root.id)}` }}
                className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
              >
                {recipient}: Round {round.round}
              </Link>
            </h2>
            <StatusBadge status={status} />
          </div>
          <p className="mt-1 line-clamp-2 text-sm break-words text-gray-800">{items.join(', ')}</p>
          <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
            <p className="text-gray-700">
              {!round.mailedOn
                ? 'Not mailed yet'
                : dueOn
                  ? `Response due ${formatIsoLong(dueOn)}`
                  : `Mailed ${formatIsoLong(round.mailedOn)}`}
            </p>
            <p className="font-semibold text-blue-900">
              <span className="sr-only">Next: </span>
              {action.label}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
