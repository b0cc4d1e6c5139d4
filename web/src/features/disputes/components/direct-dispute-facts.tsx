import { directDisputeDraft, type DisputeItem, type FollowUpInput } from '@shared/disputes';
import {
  FACT_FIELDS,
  factRequired,
  ITEM_TYPE_OPTIONS,
  ITEM_TYPES,
  isItemTypeId,
  type ErrorTypeId,
  type FactFieldSpec,
  type ItemDraft,
} from '@shared/letters';
import { FormField } from '@/components/form-field';

/** The most a fact takes, as in the generator. */
const FACT_MAX = 120;

/** Outdated Information to a creditor: the item type (no bankruptcy) and its date of first delinquency. */
const OUTDATED_FIELDS: readonly FactFieldSpec[] = [
  {
    key: 'itemType',
    label: 'Item Type',
    type: 'select',
    placeholder: 'Select the item type',
    options: ITEM_TYPE_OPTIONS.filter(
      (option) => isItemTypeId(option.value) && !ITEM_TYPES[option.value].publicRecord,
    ),
    required: true,
  },
  {
    key: 'dateOfFirstDelinquency',
    label: 'Date of First Delinquency',
    type: 'date',
    required: true,
  },
];

/** A fact field, or the account number when the first letter had none. */
type Spec = Omit<FactFieldSpec, 'key'> & { key: FactFieldSpec['key'] | 'accountNumber' };

const ACCOUNT_NUMBER: Spec = {
  key: 'accountNumber',
  label: 'Account Number',
  placeholder: 'The last 4 digits are enough',
};

interface DirectDisputeFactsProps {
  item: DisputeItem;
  errorType: ErrorTypeId;
  input: FollowUpInput;
  onChange: (facts: Partial<ItemDraft>) => void;
  /** The refused fact, as `facts.correctBalance`, and why. */
  error: { field?: string | undefined; message: string } | null;
}

/**
 * The item's facts for a direct dispute: those the first letter gave, shown to confirm, and any
 * its type needs that it did not give. Each is checked as in the generator.
 */
export function DirectDisputeFacts({
  item,
  errorType,
  input,
  onChange,
  error,
}: DirectDisputeFactsProps) {
  const draft = directDisputeDraft(item, errorType, input);
  const fields: Spec[] = [
    ...(draft.accountNumber.trim() || draft.accountNumberNotShown ? [] : [ACCOUNT_NUMBER]),
    ...(errorType === 'outdated-info' ? OUTDATED_FIELDS : (FACT_FIELDS[errorType] ?? [])),
  ];
  if (fields.length === 0) return null;
  return (
    <>
      {fields.map((field) => (
        <div key={field.key} data-fact={field.key}>
          <FormField
            label={field.label}
            value={String(draft[field.key] ?? '')}
            onChange={(value) => onChange({ ...input.facts, [field.key]: value })}
            type={field.type}
            placeholder={field.placeholder}
            options={field.options}
            suggestions={field.suggestions}
            required={
              field.key === 'accountNumber' || factRequired({ ...field, key: field.key }, draft)
            }
            error={error?.field === `facts.${field.key}` ? error.message : null}
            maxLength={field.type === undefined ? FACT_MAX : undefined}
          />
        </div>
      ))}
    </>
  );
}
