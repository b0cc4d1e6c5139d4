import { formatIsoMonthDay, type IsoDate } from '../letters/dates';
import { noResponseLetterFrom } from './due-date';
import { STATUS_LABELS, type Dispute, type DisputeStatus } from './model';
import { disputeStatus } from './status';

/** A round's status as My Disputes shows it: the follow-up the user built counts. */
export interface RoundStatus {
  status: DisputeStatus;
  /** The round that followed up this overdue or unanswered one, once built. */
  followedUpBy?: number | undefined;
  /**
   * Overdue, but its no-response letter may not be made before this day (the bureau has 5
   * business days to mail its results): nothing to do today, so no alarm.
   */
  waitingUntil?: IsoDate | undefined;
  label: string;
}

/** The day a round past its due date may get its no-response letter, while that is still ahead. */
function noResponseLetterAhead(dispute: Dispute, today: IsoDate): IsoDate | undefined {
  // A method-of-verification request or a creditor's dispute escalates at once instead.
  if (dispute.recipient.kind !== 'bureau' || dispute.letterKind === 'method-of-verification')
    return undefined;
  const from = noResponseLetterFrom(dispute);
  return from !== null && today < from ? from : undefined;
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
  if (followUp)
    return { status, followedUpBy: followUp.round, label: `Followed up (Round ${followUp.round})` };
  const waitingUntil = status === 'overdue' ? noResponseLetterAhead(dispute, today) : undefined;
  return waitingUntil
    ? {
        status,
        waitingUntil,
        label: `Waiting: no-response letter from ${formatIsoMonthDay(waitingUntil)}`,
      }
    : { status, label: STATUS_LABELS[status] };
}

/** Overdue, not followed up, and something to do today: red, and counted by the header and the banner. */
export function needsUserToday(round: RoundStatus): boolean {
  return round.status === 'overdue' && round.followedUpBy === undefined && !round.waitingUntil;
}

export function isOverdueForUser(
  dispute: Dispute,
  all: readonly Dispute[],
  today: IsoDate,
): boolean {
  return needsUserToday(roundStatus(dispute, all, today));
}

/** How many disputes are overdue today and not yet followed up (for the header and the banner). */
export function overdueCount(disputes: readonly Dispute[], today: IsoDate): number {
  return disputes.filter((dispute) => isOverdueForUser(dispute, disputes, today)).length;
}
