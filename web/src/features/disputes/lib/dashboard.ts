import {
  escalation,
  dueDate,
  nextSteps,
  recipientName,
  roundStatus,
  type Dispute,
  type RoundStatus,
} from '@shared/disputes';
import { compareIso, type IsoDate } from '@shared/letters';

/** A dispute and the rounds that followed it, in reading order (Round 1, then what followed). */
export interface Thread {
  root: Dispute;
  rounds: Dispute[];
}

/** Groups disputes into threads, each read top to bottom. */
export function threads(disputes: readonly Dispute[]): Thread[] {
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
    .map((root) => ({ root, rounds: walk(root) }));
}

/** The one thing the user should do next for a round, and how soon (0 first). */
export interface NextAction {
  label: string;
  urgency: number;
}

export const NEXT_ACTIONS = {
  buildFollowUp: 'Build the follow-up',
  recordAnswer: 'Record the answer',
  enterDelivery: 'Enter the delivery date',
  mail: 'Mail it, then enter the mailing date',
  waitForAnswer: 'Wait for the answer, then record it',
  none: 'Nothing to do now',
  complain: 'Send the CFPB complaint',
  disputeWithBureaus: 'Dispute it with the credit bureaus',
} as const;

function nextAction(round: Dispute, status: RoundStatus, all: readonly Dispute[], today: IsoDate) {
  const later = all.filter((each) => each.parentId === round.id);
  const steps = nextSteps(round, later, today);
  const action = (label: string, urgency: number): NextAction => ({ label, urgency });
  if (status.status === 'resolved' || status.followedUpBy !== undefined)
    return action(NEXT_ACTIONS.none, 9);
  if (status.status === 'draft') return action(NEXT_ACTIONS.mail, 2);
  if (steps.length > 0)
    return action(NEXT_ACTIONS.buildFollowUp, status.status === 'overdue' ? 0 : 1);
  const next = escalation(round, today);
  if (next === 'complaint') return action(NEXT_ACTIONS.complain, 0);
  if (next === 'bureau-dispute') return action(NEXT_ACTIONS.disputeWithBureaus, 0);
  if (status.status === 'overdue') return action(NEXT_ACTIONS.recordAnswer, 0);
  // An answer dated but not yet told item by item: what came back decides the next letter.
  if (status.status === 'response-received')
    return round.items.some((item) => item.outcome === undefined)
      ? action(NEXT_ACTIONS.recordAnswer, 1)
      : action(NEXT_ACTIONS.none, 8);
  if (!dueDate(round)) return action(NEXT_ACTIONS.waitForAnswer, 6);
  if (!round.deliveredOn) return action(NEXT_ACTIONS.enterDelivery, 3);
  return action(NEXT_ACTIONS.waitForAnswer, 4);
}

/** One row of the dashboard: the thread at its latest round, with its most urgent next action. */
export interface DashboardRow {
  thread: Thread;
  round: Dispute;
  recipient: string;
  items: string[];
  status: RoundStatus;
  dueOn: IsoDate | null;
  action: NextAction;
}

function row(thread: Thread, all: readonly Dispute[], today: IsoDate): DashboardRow {
  const rows = thread.rounds.map((round) => {
    const status = roundStatus(round, all, today);
    return {
      thread,
      round,
      recipient: recipientName(round.recipient),
      items: round.items.map((item) => item.accountName),
      status,
      dueOn: dueDate(round)?.dueOn ?? null,
      action: nextAction(round, status, all, today),
    };
  });
  // What to do: the most urgent round's next action; among equals the latest.
  const urgent = rows.reduce((best, each) =>
    each.action.urgency <= best.action.urgency ? each : best,
  );
  // Where the thread stands: its latest round, with that round's number, status and due date.
  const latest = rows.reduce((best, each) => (each.round.round >= best.round.round ? each : best));
  return { ...latest, action: urgent.action };
}

/** The dashboard: one row per thread, the most urgent first, then by due date, then newest. */
export function dashboardRows(disputes: readonly Dispute[], today: IsoDate): DashboardRow[] {
  return threads(disputes)
    .map((thread) => row(thread, disputes, today))
    .sort(
      (a, b) =>
        a.action.urgency - b.action.urgency ||
        compareIso(a.dueOn ?? '9999', b.dueOn ?? '9999') ||
        compareIso(b.thread.root.createdAt, a.thread.root.createdAt),
    );
}
