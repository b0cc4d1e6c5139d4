import { STATUS_LABELS, type DisputeStatus, type RoundStatus } from '@shared/disputes';

const COLOURS: Readonly<Record<DisputeStatus, string>> = {
  draft: 'border-gray-400 bg-gray-100 text-gray-900',
  mailed: 'border-blue-300 bg-blue-50 text-blue-900',
  delivered: 'border-blue-300 bg-blue-50 text-blue-900',
  'response-received': 'border-amber-300 bg-amber-50 text-amber-900',
  overdue: 'border-red-700 bg-red-700 text-white',
  resolved: 'border-green-300 bg-green-50 text-green-900',
};
const FOLLOWED_UP = 'border-gray-400 bg-white text-gray-900';

/** A round's status chip; a followed-up round is no longer shown as an alarm. */
export function StatusBadge({ status }: { status: DisputeStatus | RoundStatus }) {
  const round = typeof status === 'string' ? { status, label: STATUS_LABELS[status] } : status;
  // Followed up, or waiting for the day its no-response letter may be made: no alarm.
  const followedUp =
    ('followedUpBy' in round && round.followedUpBy !== undefined) ||
    ('waitingUntil' in round && round.waitingUntil !== undefined);
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-3 py-1 text-sm font-semibold ${
        followedUp ? FOLLOWED_UP : COLOURS[round.status]
      }`}
    >
      {round.label}
    </span>
  );
}
