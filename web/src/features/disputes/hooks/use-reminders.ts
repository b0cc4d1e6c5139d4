import type { Dispute } from '@shared/disputes';
import type { IsoDate } from '@shared/letters';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  readReminders,
  reminderRounds,
  saveReminders,
  turnOffReminders,
  ReminderError,
  type ReminderState,
} from '../lib/reminders';
import { DISPUTE_MESSAGES } from '../messages';

export type RemindersView =
  | { status: 'loading' }
  | { status: 'failed' }
  | ({ status: 'ready'; saving: boolean; problem: string } & ReminderState);

const messageOf = (error: unknown) =>
  error instanceof ReminderError ? error.message : DISPUTE_MESSAGES.remindersFailed;

/**
 * The e-mail reminder switch. The server keeps whether it is on; the browser keeps nothing.
 * While it is on, the open rounds' dates are sent whenever they change (and once per visit), so
 * a closed or answered round stops being reminded.
 */
export function useReminders(disputes: readonly Dispute[] | null, today: IsoDate) {
  const [view, setView] = useState<RemindersView>({ status: 'loading' });
  const sent = useRef<string | null>(null);
  const rounds = useMemo(
    () => (disputes ? reminderRounds(disputes, today) : null),
    [disputes, today],
  );

  useEffect(() => {
    let cancelled = false;
    readReminders().then(
      (state) => {
        if (!cancelled) setView({ status: 'ready', saving: false, problem: '', ...state });
      },
      () => {
        if (!cancelled) setView({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const apply = useCallback(async (change: () => Promise<ReminderState>) => {
    setView((current) => (current.status === 'ready' ? { ...current, saving: true } : current));
    try {
      const state = await change();
      setView({ status: 'ready', saving: false, problem: '', ...state });
    } catch (error) {
      setView((current) =>
        current.status === 'ready'
          ? { ...current, saving: false, problem: messageOf(error) }
          : current,
      );
    }
  }, []);

  const enabled = view.status === 'ready' && view.enabled;
  useEffect(() => {
    if (!enabled || !rounds) return;
    const json = JSON.stringify(rounds);
    if (sent.current === json) return;
    sent.current = json;
    void apply(() => saveReminders(rounds));
  }, [enabled, rounds, apply]);

  const setEnabled = useCallback(
    (on: boolean) => {
      if (on && !rounds) return;
      if (on) sent.current = JSON.stringify(rounds);
      return apply(() => (on ? saveReminders(rounds ?? []) : turnOffReminders()));
    },
    [rounds, apply],
  );

  return { view, setEnabled };
}
