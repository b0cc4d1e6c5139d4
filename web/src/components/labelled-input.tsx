import type { ComponentProps } from 'react';
import { inputClasses, labelClasses } from './field-styles';

type LabelledInputProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  /** Shown under the field and read with it, e.g. a rule to follow. */
  hint?: string | undefined;
  /** The message beside an invalid field; marks it aria-invalid. */
  error?: string | null | undefined;
};

/** A form field: its label above a full-width input, its error and hint under it. */
export function LabelledInput({ id, label, hint, error, ...input }: LabelledInputProps) {
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
        className={inputClasses}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
    </div>
  );
}
