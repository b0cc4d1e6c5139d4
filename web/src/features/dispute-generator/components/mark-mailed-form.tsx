import { toIsoDate } from '@shared/letters';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { TrackingNumberInput } from '@/components/tracking-number-input';
import { paths } from '@/config/paths';
import type { MailedInput } from '../lib/guarded-action';
import type { MailedStatus } from '../lib/use-mark-mailed';
import { GENERATOR_MESSAGES } from '../messages';
import { errorClasses, inputClasses, labelClasses } from './field-styles';

interface MarkMailedFormProps {
  /** A bureau letter asks whether it follows the free annual report. */
  bureau: boolean;
  mailed: MailedStatus;
  onMarkMailed: (input: MailedInput) => void;
  /** Once this letter is recorded: clears the draft for the next letter. */
  onStartNew?: (() => void) | undefined;
}

const smallButton = 'px-3 py-2 text-sm';

/** The preview's "Mark as mailed": the mailing date and tracking number, then where it went. */
export function MarkMailedForm({ bureau, mailed, onMarkMailed, onStartNew }: MarkMailedFormProps) {
  const id = useId();
  // Read at each render, like the generator's: after midnight the new day is not "in the future".
  const today = toIsoDate(new Date());
  const [mailedOn, setMailedOn] = useState(today);
  // A letter cannot have been mailed after today (ISO dates compare as strings).
  const mailedInFuture = mailedOn > today;
  const [trackingNumber, setTrackingNumber] = useState('');
  const [followsFreeAnnualReport, setFollowsFreeAnnualReport] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The browser's own check (max) stops a future date first and focuses the field.
    if (mailedOn && !mailedInFuture && !mailed)
      onMarkMailed({ mailedOn, trackingNumber, followsFreeAnnualReport });
  }

  return (
    <>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-mailed-on`} className={labelClasses}>
            Mailed On
          </label>
          <input
            id={`${id}-mailed-on`}
            type="date"
            required
            max={today}
            value={mailedOn}
            aria-invalid={mailedInFuture || undefined}
            aria-describedby={mailedInFuture ? `${id}-mailed-on-error` : undefined}
            onChange={(event) => setMailedOn(event.target.value)}
            className={inputClasses}
          />
          {mailedInFuture && (
            <p id={`${id}-mailed-on-error`} className={errorClasses}>
              {GENERATOR_MESSAGES.mailedInFuture}
            </p>
          )}
        </div>
        <div>
          <TrackingNumberInput
            id={`${id}-tracking`}
            value={trackingNumber}
            onChange={setTrackingNumber}
          />
        </div>
        {bureau && (
          <label className="flex items-center gap-2 pb-2 text-sm text-gray-900">
            <input
              type="checkbox"
              checked={followsFreeAnnualReport}
              onChange={(event) => setFollowsFreeAnnualReport(event.target.checked)}
            />
            This dispute follows my free annual credit report
          </label>
        )}
        <button
          type="submit"
          disabled={mailed !== null}
          className={buttonClasses('secondary', smallButton)}
        >
          {mailed === 'done' ? 'Added to My Disputes' : 'Mark as mailed'}
        </button>
      </form>
      {mailed === 'done' && (
        <div role="status" className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-gray-900">
            It is in{' '}
            <Link to={paths.disputes} className="font-semibold text-blue-800 underline">
              My Disputes
            </Link>{' '}
            with its deadline.
          </p>
          {onStartNew && (
            <button
              type="button"
              onClick={onStartNew}
              className={buttonClasses('primary', smallButton)}
            >
              Start a new letter
            </button>
          )}
        </div>
      )}
    </>
  );
}
