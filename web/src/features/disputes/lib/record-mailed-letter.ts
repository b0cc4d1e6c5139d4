import { LIMITS, type Dispute, type MailedLetter } from '@shared/disputes';
import { DisputeStore, newId } from '@/lib/device-store';

const clip = (text: string | undefined, max: number) => text?.slice(0, max);

/** The Round 1 dispute of a mailed letter (fields cut to the limits a stored dispute keeps). */
export function disputeFromMailedLetter(letter: MailedLetter, now: Date): Dispute {
  return {
    id: newId(),
    round: 1,
    letterKind: letter.recipient.kind === 'bureau' ? 'dispute' : 'direct-dispute',
    recipient:
      letter.recipient.kind === 'bureau'
        ? letter.recipient
        : {
            kind: 'furnisher',
            name: clip(letter.recipient.name, LIMITS.accountName) ?? '',
            address: clip(letter.recipient.address, LIMITS.creditorAddress) ?? '',
          },
    items: letter.items.map((item) => ({
      id: newId(),
      accountName: clip(item.accountName, LIMITS.accountName) ?? '',
      accountNumber: clip(item.accountNumber, LIMITS.accountNumber),
      details: clip(item.details, LIMITS.details) ?? '',
      errorType: item.errorType,
      facts: item.facts,
    })),
    letterText: letter.letterText,
    sender: letter.sender && {
      name: clip(letter.sender.name, 500) ?? '',
      address: clip(letter.sender.address, 500) ?? '',
      phone: clip(letter.sender.phone, 500) ?? '',
      email: clip(letter.sender.email, 500) ?? '',
    },
    createdAt: now.toISOString(),
    mailedOn: letter.mailedOn,
    trackingNumber: letter.trackingNumber?.trim().slice(0, LIMITS.trackingNumber) || undefined,
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
