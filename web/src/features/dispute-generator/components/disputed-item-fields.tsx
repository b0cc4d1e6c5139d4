import { ERROR_TYPES, ERROR_TYPE_IDS, isErrorTypeId } from '@shared/letters';
import { useId } from 'react';
import { inputClasses, labelClasses } from './field-styles';

export interface ItemDraft {
  errorType: string;
  accountName: string;
  details: string;
}

interface DisputedItemFieldsProps {
  item: ItemDraft;
  onChange: (item: ItemDraft) => void;
  /** Added to the labels of the second and later items, e.g. " (item 2)". */
  labelSuffix?: string;
}

/** Error Type, Account Name and Error Details for one disputed item. */
export function DisputedItemFields({ item, onChange, labelSuffix = '' }: DisputedItemFieldsProps) {
  const id = useId();
  const description = isErrorTypeId(item.errorType)
    ? ERROR_TYPES[item.errorType].description
    : null;
  return (
    <>
      <div>
        <label htmlFor={`${id}-type`} className={labelClasses}>
          Error Type{labelSuffix}
        </label>
        <select
          id={`${id}-type`}
          aria-required="true"
          value={item.errorType}
          onChange={(event) => onChange({ ...item, errorType: event.target.value })}
          aria-describedby={description ? `${id}-type-description` : undefined}
          className={inputClasses}
        >
          <option value="">Select error type</option>
          {ERROR_TYPE_IDS.map((errorType) => (
            <option key={errorType} value={errorType}>
              {ERROR_TYPES[errorType].label}
            </option>
          ))}
        </select>
        {description && (
          <p id={`${id}-type-description`} className="mt-1 text-sm text-gray-700">
            {description}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-account`} className={labelClasses}>
          Account Name{labelSuffix}
        </label>
        <input
          id={`${id}-account`}
          aria-required="true"
          type="text"
          value={item.accountName}
          onChange={(event) => onChange({ ...item, accountName: event.target.value })}
          placeholder="e.g. Capital One Credit Card ending 1234"
          className={inputClasses}
        />
      </div>
      <div className="md:col-span-2">
        <label htmlFor={`${id}-details`} className={labelClasses}>
          Error Details{labelSuffix}
        </label>
        <textarea
          id={`${id}-details`}
          aria-required="true"
          rows={4}
          value={item.details}
          onChange={(event) => onChange({ ...item, details: event.target.value })}
          placeholder="Describe exactly what is wrong and what is correct"
          className={inputClasses}
        />
      </div>
    </>
  );
}
