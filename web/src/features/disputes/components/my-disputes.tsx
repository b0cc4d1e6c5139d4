import { disputeStatus, type Dispute } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useDisputes } from '../hooks/use-disputes';
import { preloadDisputeTools } from '../lib/lazy-tools';
import { DISPUTE_MESSAGES } from '../messages';
import { BackupPanel } from './backup-panel';
import { DisputeCard } from './dispute-card';

interface Thread {
  root: Dispute;
  /** Every round of the thread in reading order: Round 1, then what followed it. */
  rounds: Dispute[];
}

/** Groups disputes into threads, newest thread first, each read top to bottom. */
function threads(disputes: readonly Dispute[]): Thread[] {
  const byParent = new Map<string, Dispute[]>();
  const ids = new Set(disputes.map((dispute) => dispute.id));
  for (const dispute of disputes)
    if (dispute.parentId && ids.has(dispute.parentId))
      byParent.set(dispute.parentId, [...(byParent.get(dispute.parentId) ?? []), dispute]);
  const walk = (dispute: Dispute): Dispute[] => [
    dispute,
    ...(byParent.get(dispute.id) ?? []).flatMap(walk),
  ];
  return disputes
    .filter((dispute) => !dispute.parentId || !ids.has(dispute.parentId))
    .map((root) => ({ root, rounds: walk(root) }))
    .reverse();
}

interface MyDisputesProps {
  userId: string;
  /** Deletes the account's "Your details" from this browser (part of "Delete all my data"). */
  deleteDetails: () => void;
}

/** The My Disputes page for the signed-in user. */
export function MyDisputes({ userId, deleteDetails }: MyDisputesProps) {
  const api = useDisputes(userId, deleteDetails);
  const today = toIsoDate(new Date());
  useEffect(preloadDisputeTools, []);

  if (api.state.status === 'loading') return <Spinner label="Loading your disputes..." />;
  if (api.state.status === 'unavailable')
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        {DISPUTE_MESSAGES.storageUnavailable}
      </p>
    );

  const { disputes } = api.state;
  const byId = new Map(disputes.map((dispute) => [dispute.id, dispute]));
  const overdue = disputes.filter((dispute) => disputeStatus(dispute, today) === 'overdue');

  return (
    <div className="space-y-8">
      {overdue.length > 0 && (
        <p role="status" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900">
          <strong>
            {overdue.length === 1
              ? '1 dispute is overdue'
              : `${overdue.length} disputes are overdue`}
            .
          </strong>{' '}
          The deadline to answer has passed. Record &quot;No response&quot; or what came back, and
          build the follow-up below.
        </p>
      )}
      {disputes.length === 0 ? (
        <section className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
          <h2 className="text-lg font-bold">No disputes yet</h2>
          <p className="mt-2 text-gray-800">
            Make a letter in the Dispute Generator, mail it, and use &quot;Mark as mailed&quot; in
            its preview: it appears here with its deadline.
          </p>
          <Link to={paths.tools} className={buttonClasses('primary', 'mt-4')}>
            Open the Dispute Generator
          </Link>
        </section>
      ) : (
        threads(disputes).map((thread) => (
          <section
            key={thread.root.id}
            aria-label={`Dispute thread started ${thread.root.mailedOn ?? thread.root.createdAt.slice(0, 10)}`}
            className="space-y-4"
          >
            {thread.rounds.map((dispute) => (
              <DisputeCard
                key={dispute.id}
                dispute={dispute}
                parent={dispute.parentId ? byId.get(dispute.parentId) : undefined}
                laterRounds={disputes.filter((each) => each.parentId === dispute.id)}
                today={today}
                api={api}
              />
            ))}
          </section>
        ))
      )}
      <BackupPanel userId={userId} api={api} />
    </div>
  );
}
