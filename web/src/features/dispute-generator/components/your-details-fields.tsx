import { ssnLast4Input, type SenderDetails } from '@shared/letters';
import { useId, useState } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { CharacterCount } from '@/components/character-count';
import { FIELD_LIMITS } from '../lib/field-limits';
import { errorClasses, hintClasses, inputClasses, labelClasses } from './field-styles';

interface YourDetailsFieldsProps {
  details: SenderDetails;
  onChange: (details: SenderDetails) => void;
  onForget: () => void;
  /**
   * Fields that break a rule (a phone or e-mail that cannot be one, a future date of birth, an
   * overlong report number), with what to enter.
   */
  problems?: ReadonlyMap<string, string>;
}

type TextKey = 'name' | 'phone' | 'email' | 'dateOfBirth' | 'reportNumber';

const FIELDS: readonly {
  key: TextKey;
  label: string;
  type: string;
  autoComplete: string;
  maxLength?: number;
  hint?: string;
}[] = [
  {
    key: 'name',
    label: 'Your Name',
    type: 'text',
    autoComplete: 'name',
    maxLength: FIELD_LIMITS.name,
  },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: FIELD_LIMITS.phone },
  {
    key: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: FIELD_LIMITS.email,
  },
  { key: 'dateOfBirth', label: 'Date of Birth', type: 'date', autoComplete: 'bday' },
  {
    key: 'reportNumber',
    label: 'Report Number',
    type: 'text',
    autoComplete: 'off',
    maxLength: FIELD_LIMITS.reportNumber,
    hint: 'From the credit report of the bureau you are writing to.',
  },
];

const SSN_REFUSED = 'Only the last 4 digits: never enter your full Social Security number.';

/** Step 1, the sender block's details: who the bureau should look for. Kept in this browser only. */
export function YourDetailsFields({
  details,
  onChange,
  onForget,
  problems,
}: YourDetailsFieldsProps) {
  const id = useId();
  const [ssnRefused, setSsnRefused] = useState(false);

  function changeSsn(value: string) {
    const digits = ssnLast4Input(value);
    setSsnRefused(digits === null);
    if (digits !== null) onChange({ ...details, ssnLast4: digits });
  }

  return (
    <>
      <p className="mt-1 text-sm text-gray-900">
        <strong>What the bureau needs to find your file:</strong> your full name and your current
        mailing address (and your previous address if you moved in the last 2 years). The rest is
        optional.
      </p>
      <p className="mt-1 text-sm text-gray-700">
        Optional, but they help the bureau find your file. They go into your letters and never to
        our servers. Name, addresses, phone and email stay in this browser (local storage) until you
        forget them; date of birth, SSN digits and report number only while this page is open.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {FIELDS.map((field) => {
          const error = problems?.get(field.key);
          const describedBy = [
            error && `${id}-${field.key}-error`,
            field.hint && `${id}-${field.key}-hint`,
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <div key={field.key}>
              <label htmlFor={`${id}-${field.key}`} className={labelClasses}>
                {field.label}
              </label>
              <input
                id={`${id}-${field.key}`}
                type={field.type}
                autoComplete={field.autoComplete}
                maxLength={field.maxLength}
                value={details[field.key]}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy || undefined}
                onChange={(event) => onChange({ ...details, [field.key]: event.target.value })}
                className={inputClasses}
              />
              {field.maxLength !== undefined && (
                <CharacterCount length={details[field.key].length} max={field.maxLength} />
              )}
              {error && (
                <p id={`${id}-${field.key}-error`} className={errorClasses}>
                  {error}
                </p>
              )}
              {field.hint && (
                <p id={`${id}-${field.key}-hint`} className={hintClasses}>
                  {field.hint}
                </p>
              )}
            </div>
          );
        })}
        <div>
          <label htmlFor={`${id}-ssn`} className={labelClasses}>
            Last 4 of SSN
          </label>
          <input
            id={`${id}-ssn`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={details.ssnLast4}
            aria-invalid={ssnRefused || undefined}
            aria-describedby={`${id}-ssn-hint`}
            onChange={(event) => changeSsn(event.target.value)}
            className={inputClasses}
          />
          <p id={`${id}-ssn-hint`} className={ssnRefused ? errorClasses : hintClasses}>
            {ssnRefused ? SSN_REFUSED : 'The letter shows these 4 digits only.'}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-address`} className={labelClasses}>
            Mailing Address
          </label>
          <textarea
            id={`${id}-address`}
            rows={2}
            autoComplete="street-address"
            maxLength={FIELD_LIMITS.address}
            value={details.address}
            onChange={(event) => onChange({ ...details, address: event.target.value })}
            placeholder={'Street address\nCity, State ZIP'}
            className={inputClasses}
          />
          <CharacterCount length={details.address.length} max={FIELD_LIMITS.address} />
        </div>
        <div>
          <label htmlFor={`${id}-previous-address`} className={labelClasses}>
            Previous Address
          </label>
          <textarea
            id={`${id}-previous-address`}
            rows={2}
            maxLength={FIELD_LIMITS.address}
            value={details.previousAddress}
            aria-describedby={`${id}-previous-address-hint`}
            onChange={(event) => onChange({ ...details, previousAddress: event.target.value })}
            className={inputClasses}
          />
          <CharacterCount length={details.previousAddress.length} max={FIELD_LIMITS.address} />
          <p id={`${id}-previous-address-hint`} className={hintClasses}>
            If you moved in the last 2 years.
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={onForget}
        className={buttonClasses('secondary', 'mt-4 px-3 py-2 text-sm')}
      >
        Forget my details
      </button>
    </>
  );
}
