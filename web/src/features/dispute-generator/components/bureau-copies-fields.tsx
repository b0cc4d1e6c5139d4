import { BUREAUS, BUREAU_IDS, type BureauChoice } from '@shared/letters';
import { withoutBureau } from '../lib/bureau-letters';
import { FIELD_LIMITS } from '../lib/field-limits';
import { FormField } from '@/components/form-field';

interface BureauCopiesFieldsProps {
  /** The bureau chosen in "Credit Bureau": it is not offered again. */
  primary: string;
  copies: BureauChoice;
  onChange: (copies: BureauChoice) => void;
  /** `reportNumber.{bureau}` → what to enter instead. */
  problems: ReadonlyMap<string, string>;
}

/** "Also send to": the same dispute as one letter per further bureau, each with its report number. */
export function BureauCopiesFields({
  primary,
  copies,
  onChange,
  problems,
}: BureauCopiesFieldsProps) {
  const others = BUREAU_IDS.filter((bureau) => bureau !== primary);
  return (
    <fieldset className="space-y-2 md:col-span-2">
      <legend className="text-sm font-semibold text-gray-900">Also send to</legend>
      <p className="text-sm text-gray-700">
        If another bureau reports the same item, tick it: you get one letter per bureau, downloaded
        together in one .zip file.
      </p>
      {others.map((bureau) => {
        const chosen = copies[bureau];
        return (
          <div key={bureau} className="grid gap-2 md:grid-cols-2 md:items-start">
            <label className="flex items-center gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                checked={chosen !== undefined}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? { ...copies, [bureau]: { reportNumber: '' } }
                      : withoutBureau(copies, bureau),
                  )
                }
              />
              {BUREAUS[bureau].name}
            </label>
            {chosen && (
              <FormField
                label={`Report Number (${BUREAUS[bureau].name})`}
                value={chosen.reportNumber}
                onChange={(reportNumber) => onChange({ ...copies, [bureau]: { reportNumber } })}
                maxLength={FIELD_LIMITS.reportNumber}
                hint={`Optional: from your ${BUREAUS[bureau].name} report.`}
                error={problems.get(`reportNumber.${bureau}`) ?? null}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
