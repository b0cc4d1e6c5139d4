// The checkup's words; each feature keeps its own words in its messages.ts, features never share.
import { formatIsoLong } from '@shared/letters';

/** The checkup's own words (toasts and inline messages). */
export const CHECKUP_MESSAGES = {
  mailedOnMissing: 'Enter the date you mailed the letters.',
  mailedOnFuture: 'The mailing date cannot be in the future.',
  mailed: (count: number) =>
    `${count} ${count === 1 ? 'letter was' : 'letters were'} added to My Disputes as Round 1.`,
  alreadyMailed: (on: string) =>
    `You marked these letters as mailed on ${formatIsoLong(on)}: they are in My Disputes.`,
  mailFailed: 'The letters could not be saved in My Disputes. Please try again.',
  notKept:
    'This browser is not keeping your checkup (storage is full or turned off): it lasts until you close the page.',
  noBureau: 'Choose at least one report to check.',
  zipped: (count: number) =>
    `${count} ${count === 1 ? 'letter is' : 'letters are'} in the .zip you downloaded.`,
  zipFailed: 'The .zip could not be made. Please try again, or download the letters one by one.',
} as const;
