import { ENCLOSURES, ENCLOSURE_IDS, type EnclosureId } from '@shared/letters';
import { useId } from 'react';
import { hintClasses } from './field-styles';

interface EnclosureChecklistProps {
  selected: readonly EnclosureId[];
  onChange: (selected: EnclosureId[]) => void;
  /** Enclosures the letter lists whatever is ticked: shown ticked and locked, with the reason. */
  required?: readonly EnclosureId[];
  requiredReason?: string;
}

/** What goes in the envelope; the checked items become the letter's enclosures list. */
export function EnclosureChecklist({
  selected,
  onChange,
  required = [],
  requiredReason,
}: EnclosureChecklistProps) {
  const id = useId();
  function toggle(each: EnclosureId, checked: boolean) {
    onChange(
      ENCLOSURE_IDS.filter((other) => (other === each ? checked : selected.includes(other))),
    );
  }
  return (
    <fieldset className="md:col-span-2">
      <legend className="text-sm font-semibold text-gray-900">Enclosures (optional)</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {ENCLOSURE_IDS.map((each) => {
          const locked = required.includes(each);
          return (
            <div key={each}>
              <label className="flex items-center gap-2 text-sm text-gray-900">
                <input
                  type="checkbox"
                  checked={locked || selected.includes(each)}
                  disabled={locked}
                  aria-describedby={locked && requiredReason ? `${id}-${each}-why` : undefined}
                  onChange={(event) => toggle(each, event.target.checked)}
                />
                {ENCLOSURES[each].label}
              </label>
              {locked && requiredReason && (
                <p id={`${id}-${each}-why`} className={hintClasses}>
                  {requiredReason}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
