import type { Dispute } from '@shared/disputes';
import type { IsoDate } from '@shared/letters';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DATA_CHANGED } from '@/lib/device-store';
import {
  readReminders,
  reminderRounds,
  remindersSwitchedOn,
  saveReminders,
  switchReminders,
  turnOffReminders,
  ReminderError,
  type ReminderState,
} from '../lib/reminders';
import { DISPUTE_MESSAGES } from '../messages';

export type RemindersView =
  | { status: 'loading' }
  | { status: 'failed' }
  | ({ status: 'ready'; saving: boolean; problem: string } & ReminderState);

const OFF: RemindersView = {
  status: 'ready',
  saving: false,
  problem: '',
  available: true,
  enabled: false,
};

/**
 * The e-mail reminder switch. Off (the default), nothing is asked of the server. On, the
 * server's state is read once (an unsubscribe link or a bounce may have turned them off), then
 * the open rounds' dates are sent whenever they change, so a closed round stops being reminded.
 */
export function useReminders(userId: string, disputes: readonly Dispute[] | null, today: IsoDate) {
  const [view, setView] = useState<RemindersView>(() =>
    remindersSwitchedOn(userId) ? { status: 'loading' } : OFF,
  );
  const sent = useRef<string | null>(null);
  const rounds = useMemo(
    () => (disputes ? reminderRounds(disputes, today) : null),
    [disputes, today],
  );

  const settle = useCallback(
    (state: ReminderState) => {
      switchReminders(userId, state.enabled);
      setView({ status: 'ready', saving: false, problem: '', ...state });
    },
    [userId],
  );

  useEffect(() => {
    if (!remindersSwitchedOn(userId)) return;
    let cancelled = false;
    readReminders().then(
      (state) => {
        if (!cancelled) settle(state);
      },
      () => {
        if (!cancelled) setView({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userId, settle]);

  const apply = useCallback(
    async (change: () => Promise<ReminderState>) => {
      setView((current) => (current.status === 'ready' ? { ...current, saving: true } : current));
      try {
        settle(await change());
      } catch (error) {
        const refused = error instanceof ReminderError ? error : null;
        setView((current) =>
          current.status === 'ready'
            ? {
                ...current,
                saving: false,
                available: refused?.code !== 'reminders_unavailable' && current.available,
                problem: refused?.message ?? DISPUTE_MESSAGES.remindersFailed,
              }
            : current,
        );
      }
    },
    [settle],
  );

  // "Delete all my data" turned them off on the server and here: the switch follows, and the
  // emptied list is not sent (a PUT would turn them on again).
  useEffect(() => {
    const follow = () => {
      if (!remindersSwitchedOn(userId))
        setView((current) =>
          current.status === 'ready' && current.enabled ? { ...current, enabled: false } : current,
        );
    };
    window.addEventListener(DATA_CHANGED, follow);
    return () => window.removeEventListener(DATA_CHANGED, follow);
  }, [userId]);

  const enabled = view.status === 'ready' && view.enabled;
  useEffect(() => {
    if (!enabled || !rounds || !remindersSwitchedOn(userId)) return;
    const json = JSON.stringify(rounds);
    if (sent.current === json) return;
    sent.current = json;
    void apply(() => saveReminders(rounds));
  }, [userId, enabled, rounds, apply]);

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
