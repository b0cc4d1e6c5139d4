import type { Dispute, DisputeSender, Recipient } from '@shared/disputes';
import type { IsoDate } from '@shared/letters';
import { DisputeStore } from './dispute-store';
import { newId } from './ids';

/** A letter the generator marked as mailed. */
export interface MailedLetter {
  recipient: Recipient;
  items: readonly { accountName: string; accountNumber?: string | undefined; details: string }[];
  letterText: string;
  sender?: DisputeSender | undefined;
  mailedOn: IsoDate;
  trackingNumber?: string | undefined;
  followsFreeAnnualReport: boolean;
}

/** The Round 1 dispute of a mailed letter. */
export function disputeFromMailedLetter(letter: MailedLetter, now: Date): Dispute {
  return {
    id: newId(),
    round: 1,
    letterKind: letter.recipient.kind === 'bureau' ? 'dispute' : 'direct-dispute',
    recipient: letter.recipient,
    items: letter.items.map((item) => ({ id: newId(), ...item })),
    letterText: letter.letterText,
    sender: letter.sender,
    createdAt: now.toISOString(),
    mailedOn: letter.mailedOn,
    trackingNumber: letter.trackingNumber?.trim() || undefined,
    followsFreeAnnualReport: letter.recipient.kind === 'bureau' && letter.followsFreeAnnualReport,
    sentMoreInformation: false,
    exhibits: [],
  };
}

/** Stores a mailed letter as a new dispute of `userId`. */
export async function recordMailedLetter(userId: string, letter: MailedLetter): Promise<Dispute> {
  const store = await DisputeStore.open(userId);
  try {
    const dispute = disputeFromMailedLetter(letter, new Date());
    await store.put(dispute);
    return dispute;
  } finally {
    store.close();
  }
}
