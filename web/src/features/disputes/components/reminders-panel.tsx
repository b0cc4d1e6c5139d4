import type { Dispute } from '@shared/disputes';
import type { IsoDate } from '@shared/letters';
import { useId } from 'react';
import { panelClasses } from '@/components/field-styles';
import { useReminders } from '../hooks/use-reminders';
import { DISPUTE_MESSAGES } from '../messages';

/** "E-mail me when a response is due": the switch, what it sends, and why it may be off. */
export function RemindersPanel({
  userId,
  disputes,
  today,
}: {
  userId: string;
  disputes: readonly Dispute[] | null;
  today: IsoDate;
}) {
  const id = useId();
  const { view, setEnabled } = useReminders(userId, disputes, today);
  const ready = view.status === 'ready' ? view : null;
  const note = !ready
    ? view.status === 'failed'
      ? DISPUTE_MESSAGES.remindersUnavailable
      : ''
    : !ready.available
      ? DISPUTE_MESSAGES.remindersNotSetUp
      : ready.stopped
        ? DISPUTE_MESSAGES.remindersStopped[ready.stopped]
        : '';

  return (
    <section aria-labelledby={`${id}-title`} className={panelClasses}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        E-mail reminders
      </h2>
      <label className="mt-3 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5"
          checked={ready?.enabled ?? false}
          disabled={
            !ready ||
            ready.saving ||
            (!ready.enabled && (!ready.available || Boolean(ready.stopped)))
          }
          aria-describedby={`${id}-help${note ? ` ${id}-note` : ''}`}
          onChange={(event) => void setEnabled(event.currentTarget.checked)}
        />
        <span className="font-semibold">E-mail me when a response is due</span>
      </label>
      <p id={`${id}-help`} className="mt-2 text-sm text-gray-800">
        We e-mail you on the day a response is due, and again when the no-response follow-up can be
        made. Our server gets only each round&apos;s dates and a random id: never the bureau, the
        creditor, an account or an amount. The e-mail says only that a response is due. Unsubscribe
        from any reminder with one click.
      </p>
      {note && (
        <p id={`${id}-note`} role="status" className="mt-2 text-sm font-semibold text-red-800">
          {note}
        </p>
      )}
      {ready?.problem && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {ready.problem}
        </p>
      )}
    </section>
  );
}
