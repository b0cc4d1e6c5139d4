import type { ComponentProps } from 'react';
import { CharacterCount } from './character-count';
import { errorClasses, hintClasses, inputClasses, labelClasses } from './field-styles';

type LabelledInputProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  /** Shown under the field and read with it, e.g. a rule to follow. */
  hint?: string | undefined;
  /** The message beside an invalid field; marks it aria-invalid. */
  error?: string | null | undefined;
  /** With `maxLength`: the live count of its characters under the field (as FormField's). */
  counted?: boolean | undefined;
};

/** A form field: its label above a full-width input, its error and hint under it. */
export function LabelledInput({ id, label, hint, error, counted, ...input }: LabelledInputProps) {
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    // min-w-0: a long value never widens the form past the screen.
    <div className="min-w-0">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
        className={`${inputClasses} min-w-0`}
      />
      {counted && input.maxLength !== undefined && (
        <CharacterCount length={String(input.value ?? '').length} max={input.maxLength} />
      )}
      {error && (
        <p id={`${id}-error`} className={`${errorClasses} break-words`}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
    </div>
  );
}
