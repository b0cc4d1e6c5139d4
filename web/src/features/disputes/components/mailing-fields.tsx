import { LIMITS, type Dispute } from '@shared/disputes';
import { useId, useState } from 'react';
import { CharacterCount } from '@/components/character-count';
import { TrackingNumberInput } from '@/components/tracking-number-input';
import { inputClasses, labelClasses } from '@/components/field-styles';
import {
  checkMailingDates,
  DATE_LABELS,
  type DateField,
  type MailingDates,
} from '../lib/mailing-dates';

interface MailingFieldsProps {
  dispute: Dispute;
  today: string;
  onChange: (next: Dispute) => void;
}

/**
 * Mailing date, tracking number, delivery and response dates, and what changes the clock. Dates
 * out of order (mailed ≤ delivered ≤ response ≤ today) stay in their fields with an inline
 * error and are saved once the order is right again.
 */
export function MailingFields({ dispute, today, onChange }: MailingFieldsProps) {
  const id = useId();
  const [draft, setDraft] = useState<MailingDates>({});
  const set = (change: Partial<Dispute>) => onChange({ ...dispute, ...change });
  const saved: MailingDates = {
    mailedOn: dispute.mailedOn,
    deliveredOn: dispute.deliveredOn,
    responseOn: dispute.responseOn,
  };
  const dates = { ...saved, ...draft };
  const errors = checkMailingDates(dates, today, Object.keys(draft) as DateField[]);

  function setDate(field: DateField, value: string) {
    const next = { ...draft, [field]: value || undefined };
    const merged = { ...saved, ...next };
    const problems = checkMailingDates(merged, today, Object.keys(next) as DateField[]);
    if (Object.keys(problems).length > 0) {
      setDraft(next);
      return;
    }
    setDraft({});
    onChange({ ...dispute, ...merged });
  }

  function dateInput(field: DateField, extra: { min?: string | undefined; hint?: string } = {}) {
    const error = errors[field];
    const describedBy = [error && `${id}-${field}-error`, extra.hint && `${id}-${field}-hint`]
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <label htmlFor={`${id}-${field}`} className={labelClasses}>
          {DATE_LABELS[field]}
        </label>
        <input
          id={`${id}-${field}`}
          type="date"
          min={extra.min}
          max={today}
          disabled={field !== 'mailedOn' && !dates.mailedOn}
          value={dates[field] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => setDate(field, event.target.value)}
          className={inputClasses}
        />
        {error && (
          <p id={`${id}-${field}-error`} className="mt-1 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        {extra.hint && (
          <p id={`${id}-${field}-hint`} className="mt-1 text-xs text-gray-700">
            {extra.hint}
          </p>
        )}
      </div>
    );
  }

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Mailing</legend>
      {dateInput('mailedOn')}
      <div>
        <TrackingNumberInput
          id={`${id}-tracking`}
          value={dispute.trackingNumber ?? ''}
          onChange={(value) => set({ trackingNumber: value || undefined })}
          placeholder="e.g. 9407 1118 9922 3197 4284 90"
        />
        <CharacterCount
          length={(dispute.trackingNumber ?? '').length}
          max={LIMITS.trackingNumber}
        />
      </div>
      {dateInput('deliveredOn', {
        min: dates.mailedOn,
        hint: 'The date on the return receipt.',
      })}
      {dateInput('responseOn', { min: dates.deliveredOn ?? dates.mailedOn })}
      {dispute.recipient.kind === 'bureau' && dispute.letterKind === 'dispute' && (
        <label className="flex items-start gap-2 text-sm text-gray-900 sm:col-span-2">
          <input
            type="checkbox"
            className="mt-1"
            checked={dispute.followsFreeAnnualReport}
            onChange={(event) => set({ followsFreeAnnualReport: event.target.checked })}
          />
          This dispute follows my free annual credit report (the bureau then has 45 days)
        </label>
      )}
      {dispute.letterKind !== 'method-of-verification' &&
        dispute.letterKind !== 'statement-of-dispute' &&
        dispute.letterKind !== 'no-response' && (
          <label className="flex items-start gap-2 text-sm text-gray-900 sm:col-span-2">
            <input
              type="checkbox"
              className="mt-1"
              checked={dispute.sentMoreInformation}
              onChange={(event) => set({ sentMoreInformation: event.target.checked })}
            />
            I sent more information during the investigation (up to 15 more days)
          </label>
        )}
    </fieldset>
  );
}
