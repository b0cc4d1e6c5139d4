import type { IsoDate } from '../letters/dates';
import { STATUS_LABELS, type Dispute, type DisputeStatus } from './model';
import { disputeStatus } from './status';

/** A round's status as My Disputes shows it: the follow-up the user built counts. */
export interface RoundStatus {
  status: DisputeStatus;
  /** The round that followed up this overdue or unanswered one, once built. */
  followedUpBy?: number | undefined;
  label: string;
}

/** The rounds that follow `dispute` directly, in round order. */
export function followUpsOf(dispute: Dispute, all: readonly Dispute[]): Dispute[] {
  return all.filter((each) => each.parentId === dispute.id).sort((a, b) => a.round - b.round);
}

/**
 * "Overdue" until the user acts on it: once a follow-up exists for an overdue round, or for one
 * with an item recorded as "No response", the round reads "Followed up (Round N)".
 */
export function roundStatus(
  dispute: Dispute,
  all: readonly Dispute[],
  today: IsoDate,
): RoundStatus {
  const status = disputeStatus(dispute, today);
  const unanswered =
    status === 'overdue' ||
    (status !== 'resolved' && dispute.items.some((item) => item.outcome === 'no-response'));
  const followUp = unanswered ? followUpsOf(dispute, all)[0] : undefined;
  return followUp
    ? { status, followedUpBy: followUp.round, label: `Followed up (Round ${followUp.round})` }
    : { status, label: STATUS_LABELS[status] };
}

/** Overdue and not followed up: the header and the banner count these. */
export function isOverdueForUser(
  dispute: Dispute,
  all: readonly Dispute[],
  today: IsoDate,
): boolean {
  const { status, followedUpBy } = roundStatus(dispute, all, today);
  return status === 'overdue' && followedUpBy === undefined;
}

/** How many disputes are overdue today and not yet followed up (for the header and the banner). */
export function overdueCount(disputes: readonly Dispute[], today: IsoDate): number {
  return disputes.filter((dispute) => isOverdueForUser(dispute, disputes, today)).length;
}
