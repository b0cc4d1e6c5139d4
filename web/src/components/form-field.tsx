import { useId, type ReactNode } from 'react';
import { CharacterCount } from './character-count';
import { errorClasses, hintClasses, inputClasses, labelClasses } from './field-styles';

interface FormFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An input type, "textarea" with `rows`, or "select" with `options`. */
  type?: string;
  rows?: number;
  /** For a select: the label of its empty first option (none without it). */
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  /** Shown under the field and read with it. */
  hint?: ReactNode;
  /** Required fields carry aria-required; only the spec's required fields are. */
  required?: boolean;
  /** The message beside an invalid field; marks it aria-invalid. */
  error?: string | null | undefined;
  /** For text: the most characters it takes, with a live count under it. */
  maxLength?: number;
  /** Options offered while typing (a datalist). */
  suggestions?: readonly string[];
  className?: string;
}

/** A labelled text, date, textarea or select field with its hint and its inline error. */
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
  options = [],
  maxLength,
  className = '',
}: FormFieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id,
    value,
    // min-w-0: a long value never widens a grid or flex column past the screen.
    className: `${inputClasses} min-w-0`,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {type === 'textarea' ? (
        <textarea
          {...common}
          maxLength={maxLength}
          rows={rows}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : type === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          maxLength={maxLength}
          type={type}
          placeholder={placeholder}
          list={suggestions ? `${id}-suggestions` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {maxLength !== undefined && <CharacterCount length={value.length} max={maxLength} />}
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {error && (
        <p id={`${id}-error`} className={`${errorClasses} break-words`}>
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
