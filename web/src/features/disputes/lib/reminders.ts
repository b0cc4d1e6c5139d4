import {
  dueDate,
  hasResponse,
  noResponseLetterFrom,
  disputeStatus,
  type Dispute,
} from '@shared/disputes';
import type { IsoDate } from '@shared/letters';
import { REMINDER_ID_PATTERN, REMINDER_LIMITS, type ReminderRound } from '@shared/reminders';
import { callFunction } from '@/lib/functions';

/**
 * What the server gets for e-mail reminders: each open round's id (the random id My Disputes
 * gave it) and dates, and nothing else. A round is open while it is mailed, has an answer
 * period, has no answer recorded, is not closed, and no follow-up was built from it.
 */
export function reminderRounds(disputes: readonly Dispute[], today: IsoDate): ReminderRound[] {
  const followedUp = new Set(disputes.map((dispute) => dispute.parentId).filter(Boolean));
  const rounds: ReminderRound[] = [];
  for (const dispute of disputes) {
    const due = dueDate(dispute);
    if (!due || followedUp.has(dispute.id) || hasResponse(dispute)) continue;
    if (disputeStatus(dispute, today) === 'resolved') continue;
    if (dispute.id.length > REMINDER_LIMITS.idLength || !REMINDER_ID_PATTERN.test(dispute.id))
      continue;
    // Again when the no-response letter can be built: bureau letters other than a
    // method-of-verification request (a bureau's reinvestigation).
    const followUpOn =
      dispute.recipient.kind === 'bureau' && dispute.letterKind !== 'method-of-verification'
        ? (noResponseLetterFrom(dispute) ?? undefined)
        : undefined;
    if (due.dueOn < today && (!followUpOn || followUpOn < today)) continue;
    rounds.push({ id: dispute.id, dueOn: due.dueOn, ...(followUpOn && { followUpOn }) });
  }
  return rounds.slice(0, REMINDER_LIMITS.rounds);
}

export interface ReminderState {
  /** The site can send them (a sender and the operator's postal address). */
  available: boolean;
  enabled: boolean;
  /** Reminders to the account's address stopped after a bounce or a spam report. */
  stopped?: 'bounce' | 'complaint';
}

/** A refusal of the reminders API, with its message. */
export class ReminderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call(method: 'GET' | 'PUT' | 'DELETE', payload?: unknown): Promise<ReminderState> {
  const { ok, body } = await callFunction(method, 'reminders', payload);
  if (!ok)
    throw new ReminderError(
      String(body.code ?? 'failed'),
      typeof body.error === 'string' ? body.error : 'The reminder setting could not be saved.',
    );
  return {
    available: body.available === true,
    enabled: body.enabled === true,
    ...(body.stopped === 'bounce' || body.stopped === 'complaint' ? { stopped: body.stopped } : {}),
  };
}

export const readReminders = () => call('GET');
/** Turns reminders on with exactly these rounds (a round left out is closed on the server). */
export const saveReminders = (rounds: ReminderRound[]) => call('PUT', { rounds });
export const turnOffReminders = () => call('DELETE');

/**
 * Whether this browser turned reminders on for the account is the one thing kept here, in the
 * device store. While it is off, My Disputes makes no request at all; while on, it checks the
 * server (an unsubscribe link may have turned them off) and sends the open rounds.
 */
export { remindersSwitchedOn, switchReminders } from '@/lib/device-store';
