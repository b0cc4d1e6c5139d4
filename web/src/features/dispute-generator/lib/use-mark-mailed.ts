import type { MailedLetter } from '@shared/disputes';
import { useState } from 'react';
import toast from '@/lib/toast';
import { GENERATOR_MESSAGES } from '../messages';
import type { MailedInput } from './guarded-action';
import { LETTER_TOAST } from './letter-output';
import { mailedKey, type PreparedLetter } from './prepared-letter';

/** A letter's "Mark as mailed": being recorded, recorded, or not yet. */
export type MailedStatus = 'saving' | 'done' | null;

/**
 * "Mark as mailed": the letter being recorded, then recorded (by `mailedKey`), so that one record
 * is made however often the button is pressed or the same letter is built again.
 */
export function useMarkMailed(onMailed: (letter: MailedLetter) => Promise<unknown>) {
  const [mailed, setMailed] = useState<{ key: string; done: boolean } | null>(null);

  function markMailed(letter: PreparedLetter, input: MailedInput) {
    const key = mailedKey(letter);
    if (mailed?.key === key) return;
    setMailed({ key, done: false });
    onMailed({
      ...letter.record,
      mailedOn: input.mailedOn,
      trackingNumber: input.trackingNumber,
      followsFreeAnnualReport: letter.kind === 'bureau' && input.followsFreeAnnualReport,
    }).then(
      () => {
        setMailed({ key, done: true });
        toast.success(GENERATOR_MESSAGES.mailed, LETTER_TOAST);
      },
      () => {
        setMailed(null);
        toast.error(GENERATOR_MESSAGES.mailedFailed, LETTER_TOAST);
      },
    );
  }

  function statusOf(letter: PreparedLetter): MailedStatus {
    if (mailed?.key !== mailedKey(letter)) return null;
    return mailed.done ? 'done' : 'saving';
  }

  return {
    /** A letter was recorded: leaving the page loses nothing of it. */
    recorded: mailed?.done === true,
    statusOf,
    markMailed,
    reset: () => setMailed(null),
  };
}
