import type { ComponentProps } from 'react';
import { inputClasses, labelClasses } from './field-styles';

type LabelledInputProps = ComponentProps<'input'> & { id: string; label: string };

/** A form field: its label above a full-width input. */
export function LabelledInput({ id, label, ...input }: LabelledInputProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input id={id} {...input} className={inputClasses} />
    </div>
  );
}
