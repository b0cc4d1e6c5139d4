import type { SenderDetails } from '@shared/letters';
import { useId } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { inputClasses, labelClasses, panelClasses } from './field-styles';

interface YourDetailsPanelProps {
  details: SenderDetails;
  onChange: (details: SenderDetails) => void;
  onForget: () => void;
}

const FIELDS = [
  { key: 'name', label: 'Your Name', type: 'text', autoComplete: 'name' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
] as const;

/** Name, address, phone and e-mail for the letter's sender block, kept in this browser only. */
export function YourDetailsPanel({ details, onChange, onForget }: YourDetailsPanelProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={panelClasses}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Your details
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Optional. Filled in, they replace the placeholders in your letters. They are kept only in
        this browser (local storage) and never sent to our servers.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.key}>
            <label htmlFor={`${id}-${field.key}`} className={labelClasses}>
              {field.label}
            </label>
            <input
              id={`${id}-${field.key}`}
              type={field.type}
              autoComplete={field.autoComplete}
              value={details[field.key]}
              onChange={(event) => onChange({ ...details, [field.key]: event.target.value })}
              className={inputClasses}
            />
          </div>
        ))}
        <div>
          <label htmlFor={`${id}-address`} className={labelClasses}>
            Mailing Address
          </label>
          <textarea
            id={`${id}-address`}
            rows={2}
            autoComplete="street-address"
            value={details.address}
            onChange={(event) => onChange({ ...details, address: event.target.value })}
            placeholder={'Street address\nCity, State ZIP'}
            className={inputClasses}
          />
        </div>
      </div>
      <button
        type="button"
        onClick={onForget}
        className={buttonClasses('secondary', 'mt-4 px-3 py-2 text-sm')}
      >
        Forget my details
      </button>
    </section>
  );
}
