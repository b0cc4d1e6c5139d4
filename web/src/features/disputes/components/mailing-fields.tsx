import { LIMITS, type Dispute } from '@shared/disputes';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { inputClasses, labelClasses } from '@/components/field-styles';
import { DISPUTE_MESSAGES } from '../messages';

interface MailingFieldsProps {
  dispute: Dispute;
  today: string;
  onChange: (next: Dispute) => void;
}

/** Mailing date, tracking number, delivery and response dates, and what changes the clock. */
export function MailingFields({ dispute, today, onChange }: MailingFieldsProps) {
  const id = useId();
  const set = (change: Partial<Dispute>) => onChange({ ...dispute, ...change });
  const date = (value: string) => value || undefined;

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Mailing</legend>
      <div>
        <label htmlFor={`${id}-mailed`} className={labelClasses}>
          Mailed On
        </label>
        <input
          id={`${id}-mailed`}
          type="date"
          max={today}
          value={dispute.mailedOn ?? ''}
          onChange={(event) => set({ mailedOn: date(event.target.value) })}
          className={inputClasses}
        />
      </div>
      <div>
        <label htmlFor={`${id}-tracking`} className={labelClasses}>
          Certified Mail Tracking Number
        </label>
        <input
          id={`${id}-tracking`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={LIMITS.trackingNumber}
          value={dispute.trackingNumber ?? ''}
          onChange={(event) => set({ trackingNumber: event.target.value || undefined })}
          placeholder="e.g. 9407 1118 9922 3197 4284 90"
          className={inputClasses}
        />
      </div>
      <div>
        <label htmlFor={`${id}-delivered`} className={labelClasses}>
          Delivered On
        </label>
        <input
          id={`${id}-delivered`}
          type="date"
          min={dispute.mailedOn}
          max={today}
          disabled={!dispute.mailedOn}
          value={dispute.deliveredOn ?? ''}
          onChange={(event) => {
            const value = date(event.target.value);
            if (value && dispute.mailedOn && value < dispute.mailedOn) {
              toast.error(DISPUTE_MESSAGES.deliveredBeforeMailed);
              return;
            }
            set({ deliveredOn: value });
          }}
          className={inputClasses}
        />
        <p className="mt-1 text-xs text-gray-700">The date on the return receipt.</p>
      </div>
      <div>
        <label htmlFor={`${id}-response`} className={labelClasses}>
          Response Received On
        </label>
        <input
          id={`${id}-response`}
          type="date"
          min={dispute.mailedOn}
          max={today}
          disabled={!dispute.mailedOn}
          value={dispute.responseOn ?? ''}
          onChange={(event) => set({ responseOn: date(event.target.value) })}
          className={inputClasses}
        />
      </div>
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
