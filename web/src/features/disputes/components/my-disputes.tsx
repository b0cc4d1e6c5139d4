import { overdueCount } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { onFirstInput } from '@/lib/on-first-input';
import { useDisputes } from '../hooks/use-disputes';
import { dashboardRows, threads } from '../lib/dashboard';
import { preloadDisputeTools } from '../lib/lazy-tools';
import { DISPUTE_MESSAGES } from '../messages';
import { BackupPanel } from './backup-panel';
import { DisputeCard } from './dispute-card';
import { DisputeList } from './dispute-list';

interface MyDisputesProps {
  userId: string;
}

/**
 * The My Disputes page for the signed-in user: the dashboard, or one dispute's thread when the
 * address names it (`?dispute=<id>`, so Back returns to the dashboard).
 */
export function MyDisputes({ userId }: MyDisputesProps) {
  const api = useDisputes(userId);
  const [params] = useSearchParams();
  const today = toIsoDate(new Date());
  // A thread builds packets and calendar files: their code is there before they are asked for,
  // at once in a thread, at the first input on the dashboard (pdf-lib's first run is a long
  // task that would otherwise hold up the dashboard's start).
  const openedId = params.get('dispute');
  useEffect(() => {
    if (!openedId) return onFirstInput(preloadDisputeTools);
    preloadDisputeTools();
  }, [openedId]);

  const disputes = api.state.status === 'ready' ? api.state.disputes : [];
  // Threads are worked out here only for an opened one: the dashboard's rows work out their own.
  const opened = openedId
    ? threads(disputes).find((thread) => thread.root.id === openedId)
    : undefined;
  const thread = useRef<HTMLElement>(null);
  const shown = useRef({ id: '', rounds: 0 });
  const openedRootId = opened?.root.id ?? '';
  const rounds = opened?.rounds.length ?? 0;
  // A keyboard user lands on the thread opened (its first round's title) and on the round a
  // follow-up has just added (the last one's), not back at the top of the page.
  useEffect(() => {
    const before = shown.current;
    shown.current = { id: openedRootId, rounds };
    const titles = thread.current?.querySelectorAll<HTMLElement>('article h2');
    if (!openedRootId || !titles?.length) return;
    if (before.id !== openedRootId) titles[0]!.focus();
    else if (rounds > before.rounds) titles[titles.length - 1]!.focus();
  }, [openedRootId, rounds]);

  if (api.state.status === 'loading') return <Spinner label="Loading your disputes..." />;
  if (api.state.status === 'unavailable')
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        {DISPUTE_MESSAGES.storageUnavailable}
      </p>
    );

  const byId = new Map(disputes.map((dispute) => [dispute.id, dispute]));
  const overdue = overdueCount(disputes, today);

  if (opened)
    return (
      <div className="space-y-6">
        <Link to={{ search: '' }} className="inline-block font-semibold text-blue-800 underline">
          ← All disputes
        </Link>
        <section ref={thread} aria-label="Dispute thread" className="space-y-4">
          {opened.rounds.map((dispute) => (
            <DisputeCard
              key={dispute.id}
              dispute={dispute}
              parent={dispute.parentId ? byId.get(dispute.parentId) : undefined}
              laterRounds={disputes.filter((each) => each.parentId === dispute.id)}
              all={disputes}
              today={today}
              api={api}
            />
          ))}
        </section>
        <BackupPanel userId={userId} api={api} />
      </div>
    );

  return (
    <div className="space-y-8">
      {overdue > 0 && (
        <p role="status" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900">
          <strong>
            {overdue === 1 ? '1 dispute is overdue' : `${overdue} disputes are overdue`}.
          </strong>{' '}
          The deadline to answer has passed. Record &quot;No response&quot; or what came back, and
          build the follow-up.
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
          <p className="mt-4 text-sm text-gray-800">
            Used another device?{' '}
            <a href="#backup" className="font-semibold text-blue-800 underline">
              Import your backup
            </a>{' '}
            below: disputes are kept in the browser they were made in.
          </p>
        </section>
      ) : (
        <DisputeList rows={dashboardRows(disputes, today)} />
      )}
      <BackupPanel userId={userId} api={api} />
    </div>
  );
}
