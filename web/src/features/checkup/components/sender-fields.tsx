import { BUREAUS, type BureauId } from '@shared/letters';
import { FormField } from '@/components/form-field';
import type { SenderFields as Fields } from '../lib/sender';

interface SenderFieldsProps {
  fields: Fields;
  bureaus: readonly BureauId[];
  /** Bad values by field (`ssnLast4`, `reportNumber.equifax`…), with what to enter. */
  errors: ReadonlyMap<string, string>;
  onChange: (fields: Fields) => void;
}

/**
 * The sender block's details, the generator's: name, addresses, phone and e-mail are "Your
 * details"; the date of birth, SSN digits and report numbers are for these letters only.
 */
export function SenderFields({ fields, bureaus, errors, onChange }: SenderFieldsProps) {
  const set = (patch: Partial<Fields>) => onChange({ ...fields, ...patch });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 font-semibold">Your details for the letters</legend>
      <p className="text-sm text-gray-800 sm:col-span-2">
        What a bureau needs to find your file. Your name and addresses stay in this browser; the
        date of birth, SSN digits and report numbers go into these letters only and are never kept.
      </p>
      <FormField
        label="Full name"
        value={fields.name}
        maxLength={120}
        onChange={(name) => set({ name })}
      />
      <FormField
        label="Address (street, then city, state and ZIP)"
        type="textarea"
        rows={2}
        value={fields.address}
        maxLength={300}
        onChange={(address) => set({ address })}
      />
      <FormField
        label="Previous address (if you moved in the last 2 years)"
        type="textarea"
        rows={2}
        value={fields.previousAddress}
        maxLength={300}
        onChange={(previousAddress) => set({ previousAddress })}
      />
      <FormField
        label="Date of birth"
        type="date"
        value={fields.dateOfBirth}
        error={errors.get('dateOfBirth')}
        onChange={(dateOfBirth) => set({ dateOfBirth })}
      />
      <FormField
        label="Last 4 digits of your SSN"
        value={fields.ssnLast4}
        error={errors.get('ssnLast4')}
        hint="Only the last 4: never your full number."
        onChange={(ssnLast4) => set({ ssnLast4 })}
      />
      {bureaus.map((bureau) => (
        <FormField
          key={bureau}
          label={`${BUREAUS[bureau].name} report number`}
          value={fields.reportNumbers[bureau] ?? ''}
          error={errors.get(`reportNumber.${bureau}`)}
          hint="Printed on that bureau's report."
          onChange={(value) => set({ reportNumbers: { ...fields.reportNumbers, [bureau]: value } })}
        />
      ))}
    </fieldset>
  );
}
