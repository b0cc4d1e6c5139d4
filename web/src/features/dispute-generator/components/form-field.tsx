import { useId, type ReactNode } from 'react';
import { errorClasses, hintClasses, inputClasses, labelClasses } from './field-styles';

interface FormFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An input type, or "textarea" with `rows`. */
  type?: string;
  rows?: number;
  placeholder?: string;
  /** Shown under the field and read with it. */
  hint?: ReactNode;
  /** Required fields carry aria-required; only the spec's required fields are. */
  required?: boolean;
  /** The message beside an invalid field; marks it aria-invalid. */
  error?: string | null;
  /** Options offered while typing (a datalist). */
  suggestions?: readonly string[];
  className?: string;
}

/** A labelled text, date or textarea field with its hint and its inline error. */
export function FormField({
  label,
  value,
  onChange,
  type = 'text',
  rows,
  placeholder,
  hint,
  required = false,
  error,
  suggestions,
  className,
}: FormFieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id,
    value,
    placeholder,
    className: inputClasses,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {type === 'textarea' ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          list={suggestions ? `${id}-suggestions` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClasses}>
          {error}
        </p>
      )}
      {hint && (
        <div id={`${id}-hint`} className={hintClasses}>
          {hint}
        </div>
      )}
    </div>
  );
}
