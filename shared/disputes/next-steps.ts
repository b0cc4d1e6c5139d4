import type { IsoDate } from '../letters/dates';
import { formatIsoLong } from '../letters/dates';
import { canRecordNoResponse, noResponseLetterFrom } from './due-date';
import { directDisputeAllowed } from './item-types';
import type { Dispute, DisputeItem, DisputeLetterKind } from './model';
import { disputeStatus } from './status';

export type FollowUpKind = Exclude<DisputeLetterKind, 'dispute'>;

/** A follow-up letter the page proposes, for the items it covers. */
export interface NextStep {
  kind: FollowUpKind;
  itemIds: string[];
  /** The button that builds it. */
  label: string;
  /** One sentence on why this letter fits. */
  why: string;
}

function ids(items: readonly DisputeItem[]): string[] {
  return items.map((item) => item.id);
}

/** Every step the outcomes call for, before removing those already built. */
function proposedSteps(dispute: Dispute, today: IsoDate): NextStep[] {
  const by = (test: (item: DisputeItem) => boolean) => dispute.items.filter(test);
  const verified = by((item) => item.outcome === 'verified');
  const frivolous = by((item) => item.outcome === 'frivolous');
  const overdue = disputeStatus(dispute, today) === 'overdue';
  // Only once a reinvestigation deadline has passed: before, "I have not received your results"
  // is untrue; a method-of-verification request is not a reinvestigation.
  const letterFrom = noResponseLetterFrom(dispute);
  const pastDeadline =
    dispute.letterKind !== 'method-of-verification' &&
    canRecordNoResponse(dispute, today) &&
    letterFrom !== null &&
    today >= letterFrom;
  const unanswered = by(
    (item) =>
      pastDeadline && (item.outcome === 'no-response' || (overdue && item.outcome === undefined)),
  );
  const reinserted = by((item) => item.outcome === 'deleted' && Boolean(item.reappearedOn));
  const steps: NextStep[] = [];
  if (verified.length > 0) {
    steps.push({
      kind: 'method-of-verification',
      itemIds: ids(verified),
      label: 'Build the method-of-verification request',
      why: 'Ask the bureau how it verified the item; it must answer within 15 days (15 U.S.C. §1681i(a)(7)).',
    });
    for (const item of verified) {
      // 12 CFR 1022.43(b)(1): no direct dispute of personal information, inquiries or bankruptcies.
      if (directDisputeAllowed(dispute, item))
        steps.push({
          kind: 'direct-dispute',
          itemIds: [item.id],
          label: `Build a direct dispute to ${item.accountName}`,
          why: 'Dispute it with the creditor that reports it, which must investigate too (15 U.S.C. §1681s-2(a)(8)).',
        });
      steps.push({
        kind: 'statement-of-dispute',
        itemIds: [item.id],
        label: `Build a statement of dispute for ${item.accountName}`,
        why: 'If you still disagree, add a statement of up to 100 words to your file. Later reports that include the item must say you dispute it and carry your statement or a clear summary of it (15 U.S.C. §1681i(b), (c)).',
      });
    }
  }
  if (frivolous.length > 0)
    steps.push({
      kind: 'resubmission',
      itemIds: ids(frivolous),
      label: 'Build the resubmission',
      why: 'Send what the bureau said it needs and ask it to reinvestigate (15 U.S.C. §1681i(a)(3)(B)).',
    });
  if (unanswered.length > 0)
    steps.push({
      kind: 'no-response',
      itemIds: ids(unanswered),
      label: 'Build the no-response follow-up',
      why: 'The bureau missed its deadline; information it has not verified must be deleted (15 U.S.C. §1681i(a)(1), (a)(5)(A)). A CFPB complaint text comes with it.',
    });
  if (reinserted.length > 0)
    steps.push({
      kind: 'reinsertion',
      itemIds: ids(reinserted),
      label: 'Build the reinsertion letter',
      why: 'A deleted item may come back only if the creditor certifies it, and the bureau must tell you within 5 business days (15 U.S.C. §1681i(a)(5)(B)).',
    });
  return steps;
}

const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The follow-ups the recorded outcomes call for, less those already built as a later round.
 * Proposed for letters to a bureau: every follow-up here relies on a bureau's duties.
 */
export function nextSteps(
  dispute: Dispute,
  children: readonly Dispute[],
  today: IsoDate,
): NextStep[] {
  if (dispute.recipient.kind !== 'bureau' || dispute.letterKind === 'statement-of-dispute')
    return [];
  return proposedSteps(dispute, today).filter(
    (step) =>
      !children.some(
        (child) =>
          child.letterKind === step.kind &&
          sameItems(
            child.items.map((item) => item.id),
            step.itemIds,
          ),
      ),
  );
}

/**
 * While the deadline has passed but the 5 business days for the results to be mailed have not
 * (§1681i(a)(6)(A)), the card says from when the no-response letter can be made.
 */
export function noResponseLetterNote(dispute: Dispute, today: IsoDate): string | null {
  if (dispute.recipient.kind !== 'bureau' || dispute.letterKind === 'method-of-verification')
    return null;
  const from = noResponseLetterFrom(dispute);
  const waiting = dispute.items.some(
    (item) => item.outcome === undefined || item.outcome === 'no-response',
  );
  if (!from || !waiting || !canRecordNoResponse(dispute, today) || today >= from) return null;
  return `The no-response follow-up can be made from ${formatIsoLong(from)}: the bureau has 5 business days after its deadline to mail its results (15 U.S.C. §1681i(a)(6)(A)).`;
}

/**
 * Where an unanswered letter goes when no follow-up letter fits it: a method-of-verification
 * request to the CFPB (the complaint text), a dispute to a creditor on to the credit bureaus
 * (the creditor had 30 days, 12 CFR 1022.43(e)). Null while it is not overdue.
 */
export function escalation(
  dispute: Dispute,
  today: IsoDate,
): 'complaint' | 'bureau-dispute' | null {
  if (disputeStatus(dispute, today) !== 'overdue') return null;
  if (dispute.recipient.kind === 'furnisher') return 'bureau-dispute';
  return dispute.letterKind === 'method-of-verification' ? 'complaint' : null;
}
