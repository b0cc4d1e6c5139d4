import type { IsoDate } from '../letters/dates';
import { dueDate } from './due-date';
import type { Dispute, DisputeStatus } from './model';

const SETTLED = new Set(['deleted', 'corrected']);

/** True when the consumer has recorded an answer (anything but "No response") for an item. */
export function hasResponse(dispute: Pick<Dispute, 'items' | 'responseOn'>): boolean {
  return (
    Boolean(dispute.responseOn) ||
    dispute.items.some((item) => item.outcome !== undefined && item.outcome !== 'no-response')
  );
}

/**
 * Draft until mailed; Resolved once closed or every item was deleted or corrected (and none came
 * back); Response received once an answer is recorded; Overdue the day after the due date;
 * otherwise Delivered or Mailed.
 */
export function disputeStatus(dispute: Dispute, today: IsoDate): DisputeStatus {
  if (!dispute.mailedOn) return 'draft';
  const settled =
    dispute.items.length > 0 &&
    dispute.items.every((item) => SETTLED.has(item.outcome ?? '') && !item.reappearedOn);
  if (dispute.resolvedOn || settled) return 'resolved';
  if (hasResponse(dispute)) return 'response-received';
  const due = dueDate(dispute);
  if (due && today > due.dueOn) return 'overdue';
  return dispute.deliveredOn ? 'delivered' : 'mailed';
}
