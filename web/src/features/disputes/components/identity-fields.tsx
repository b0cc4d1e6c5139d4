import { FOLLOW_UP_MESSAGES, type FollowUpInput, type LetterExhibit } from '@shared/disputes';
import { REPORT_NUMBER_MAX, ssnLast4Input } from '@shared/letters';
import { useState, type ReactNode } from 'react';
import { inputClasses } from '@/components/field-styles';

type FieldRenderer = (
  name: keyof FollowUpInput,
  label: ReactNode,
  control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
  hint?: ReactNode,
  max?: number,
) => ReactNode;

interface IdentityFieldsProps {
  input: FollowUpInput;
  onChange: (change: FollowUpInput) => void;
  /** The form's labelled field, its error tied to it. */
  field: FieldRenderer;
  /** The first round's exhibits: carried unless unticked. */
  exhibits: readonly LetterExhibit[];
}

/**
 * What lets the bureau match a follow-up to the first round: the identity lines (in the letter
 * downloaded now only, never kept) and the first round's exhibits.
 */
export function IdentityFields({ input, onChange, field, exhibits }: IdentityFieldsProps) {
  const removed = new Set(input.removedExhibits ?? []);
  // As in the generator: digits only, never more than 4, refused as they are typed.
  const [ssnRefused, setSsnRefused] = useState(false);
  function changeSsn(value: string) {
    const digits = ssnLast4Input(value);
    setSsnRefused(digits === null);
    if (digits !== null) onChange({ ssnLast4: digits });
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        Help the bureau find your file. These go into the letter downloaded now only and are never
        kept.
      </p>
      <div className="grid gap-3 md:grid-cols-3">
        {field('dateOfBirth', 'Date of Birth', (props) => (
          <input
            {...props}
            type="date"
            autoComplete="bday"
            value={input.dateOfBirth ?? ''}
            onChange={(event) => onChange({ dateOfBirth: event.target.value })}
            className={inputClasses}
          />
        ))}
        {field(
          'ssnLast4',
          'Last 4 of SSN',
          (props) => (
            <input
              {...props}
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              value={input.ssnLast4 ?? ''}
              onChange={(event) => changeSsn(event.target.value)}
              className={inputClasses}
            />
          ),
          ssnRefused ? (
            // Said aloud: the key just typed was refused.
            <span role="alert" className="font-semibold text-red-800">
              {FOLLOW_UP_MESSAGES.ssnDigits}
            </span>
          ) : (
            'The letter shows these 4 digits only.'
          ),
        )}
        {field(
          'reportNumber',
          'Report Number',
          (props) => (
            <input
              {...props}
              autoComplete="off"
              maxLength={REPORT_NUMBER_MAX}
              value={input.reportNumber ?? ''}
              onChange={(event) => onChange({ reportNumber: event.target.value })}
              className={inputClasses}
            />
          ),
          undefined,
          REPORT_NUMBER_MAX,
        )}
      </div>
      {exhibits.length > 0 && (
        <fieldset className="min-w-0 space-y-1">
          <legend className="text-sm font-semibold text-gray-900">
            Send again with this letter
          </legend>
          {exhibits.map((exhibit) => (
            <label
              key={exhibit.number}
              className="flex min-w-0 items-start gap-2 text-sm text-gray-900"
            >
              <input
                type="checkbox"
                className="mt-1"
                checked={!removed.has(exhibit.number)}
                onChange={(event) =>
                  onChange({
                    removedExhibits: event.target.checked
                      ? [...removed].filter((number) => number !== exhibit.number)
                      : [...removed, exhibit.number],
                  })
                }
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                Exhibit {exhibit.number}: {exhibit.description}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
