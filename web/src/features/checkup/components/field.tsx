import { useId } from 'react';
import { inputClasses, labelClasses } from '@/components/field-styles';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An input type, or "select" with `options`. */
  type?: string;
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
  hint?: string;
  /** The message beside an invalid value: the finding waits until it is fixed. */
  error?: string | undefined;
  className?: string;
}

/** A labelled field with its hint and its inline error, read with it. */
export function Field({
  label,
  value,
  onChange,
  type = 'text',
  options = [],
  maxLength,
  hint,
  error,
  className = '',
}: FieldProps) {
  const id = useId();
  const describedBy =
    [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    className: `${inputClasses} min-w-0`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {type === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={type}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold break-words text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm font-medium break-words text-gray-900">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0"
      />
      <span className="min-w-0">{label}</span>
    </label>
  );
}
