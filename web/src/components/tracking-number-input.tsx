import { LIMITS } from '@shared/disputes';
import { inputClasses, labelClasses } from './field-styles';

interface TrackingNumberInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** "Certified Mail Tracking Number": when a letter is marked mailed, and in its dispute after. */
export function TrackingNumberInput({
  id,
  value,
  onChange,
  placeholder,
}: TrackingNumberInputProps) {
  return (
    <>
      <label htmlFor={id} className={labelClasses}>
        Certified Mail Tracking Number
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        maxLength={LIMITS.trackingNumber}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={inputClasses}
      />
    </>
  );
}
