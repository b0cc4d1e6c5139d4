import {
  detailsTooShort,
  ERROR_TYPE_OPTIONS,
  ERROR_TYPES,
  FACT_FIELDS,
  factRequired,
  hasAccount,
  IDENTITY_THEFT_ERROR_TYPES,
  isErrorTypeId,
  type IsoDate,
  type ItemDraft,
  type RequiredItemField,
} from '@shared/letters';
import { FIELD_LIMITS } from '../lib/field-limits';
import { FIELD_ERRORS, ITEM_HINTS } from '../messages';
import { FormField } from '@/components/form-field';
import { warningClasses } from './field-styles';
import { IdentityTheftFields } from './identity-theft-fields';
import { OutdatedItemFields } from './outdated-item-fields';
import { TypeHelper } from './type-helper';

interface DisputedItemFieldsProps {
  item: ItemDraft;
  onChange: (item: ItemDraft) => void;
  /** Added to the labels of the second and later items, e.g. " (item 2)". */
  labelSuffix?: string;
  /** Required fields shown as missing. */
  errors: ReadonlySet<RequiredItemField>;
  /** Today, to tell whether an outdated item's reporting period has ended. */
  today: IsoDate;
  /** The item's fields that break a rule (item-rules.ts), with what to enter instead. */
  problems?: ReadonlyMap<string, string>;
}

const NO_PROBLEMS: ReadonlyMap<string, string> = new Map();

/** One disputed item: its type, account, the facts its type needs, details and evidence. */
export function DisputedItemFields({
  item,
  onChange,
  labelSuffix = '',
  errors,
  today,
  problems = NO_PROBLEMS,
}: DisputedItemFieldsProps) {
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) =>
    onChange({ ...item, [key]: value });
  const problem = (key: keyof ItemDraft) => problems.get(key) ?? null;
  const errorType = isErrorTypeId(item.errorType) ? item.errorType : null;
  const withAccount = hasAccount(item.errorType);
  const theftApplies = errorType !== null && IDENTITY_THEFT_ERROR_TYPES.includes(errorType);
  return (
    <>
      <FormField
        className="md:col-span-2"
        type="select"
        label={`Error Type${labelSuffix}`}
        value={item.errorType}
        onChange={(value) => set('errorType', value)}
        placeholder="Select error type"
        options={ERROR_TYPE_OPTIONS}
        required
        error={errors.has('errorType') ? FIELD_ERRORS.errorType : null}
        hint={errorType ? ERROR_TYPES[errorType].description : ITEM_HINTS.errorTypes}
      />
      <TypeHelper onChoose={(type) => set('errorType', type)} />
      {errorType === 'unauthorized-inquiry' && (
        <p role="note" className={`${warningClasses} md:col-span-2`}>
          {ITEM_HINTS.inquiryLawful}
        </p>
      )}
      <FormField
        label={`Account Name${labelSuffix}`}
        value={item.accountName}
        onChange={(value) => set('accountName', value)}
        placeholder={
          errorType === 'unauthorized-inquiry'
            ? 'e.g. Acme Auto Finance'
            : 'e.g. Capital One Credit Card'
        }
        maxLength={FIELD_LIMITS.accountName}
        required={errorType !== 'incorrect-personal-info'}
        error={errors.has('accountName') ? FIELD_ERRORS.accountName : null}
        hint={
          errorType === 'unauthorized-inquiry'
            ? ITEM_HINTS.inquiryCompany
            : errorType === 'incorrect-personal-info'
              ? ITEM_HINTS.personalInfoName
              : undefined
        }
      />
      {withAccount && (
        <div>
          <FormField
            label={`Account Number${labelSuffix}`}
            value={item.accountNumber}
            onChange={(value) => set('accountNumber', value)}
            maxLength={FIELD_LIMITS.accountNumber}
            hint={ITEM_HINTS.accountNumber}
            required={!item.accountNumberNotShown}
            error={problem('accountNumber')}
          />
          <label className="mt-1 flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              checked={item.accountNumberNotShown}
              onChange={(event) => set('accountNumberNotShown', event.target.checked)}
            />
            Not shown on my report{labelSuffix}
          </label>
        </div>
      )}
      {(errorType ? (FACT_FIELDS[errorType] ?? []) : []).map((field) => (
        <FormField
          key={field.key}
          label={`${field.label}${labelSuffix}`}
          value={item[field.key]}
          onChange={(value) => set(field.key, value)}
          type={field.type}
          placeholder={field.placeholder}
          options={field.options}
          suggestions={field.suggestions}
          required={factRequired(field, item)}
          error={problem(field.key)}
          // Text only: a date or a list of choices has no length to count.
          maxLength={field.type === undefined ? FIELD_LIMITS.fact : undefined}
        />
      ))}
      {errorType === 'duplicate-account' && (
        <label className="flex items-center gap-2 text-sm text-gray-900 md:col-span-2">
          <input
            type="checkbox"
            checked={item.soldDebt}
            onChange={(event) => set('soldDebt', event.target.checked)}
          />
          The debt was sold: the original creditor and the new owner both list it{labelSuffix}
        </label>
      )}
      {errorType === 'incorrect-personal-info' && (
        <div>
          <FormField
            label={`What Is True${labelSuffix}`}
            value={item.personalInfoNotMine ? '' : item.correctInfo}
            onChange={(value) => set('correctInfo', value)}
            placeholder={
              item.personalInfoKind === 'ssn' ? 'Last 4 digits only' : 'e.g. 12 Elm Street'
            }
            maxLength={FIELD_LIMITS.fact}
            required={!item.personalInfoNotMine}
            error={problem('correctInfo')}
          />
          <label className="mt-1 flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              checked={item.personalInfoNotMine}
              onChange={(event) => set('personalInfoNotMine', event.target.checked)}
            />
            This is not mine: I never used it{labelSuffix}
          </label>
        </div>
      )}
      {theftApplies && (
        <IdentityTheftFields
          item={item}
          set={set}
          labelSuffix={labelSuffix}
          notMine={errorType === 'not-mine'}
        />
      )}
      {errorType === 'outdated-info' && (
        <OutdatedItemFields
          item={item}
          onChange={onChange}
          labelSuffix={labelSuffix}
          today={today}
          problems={problems}
        />
      )}
      <FormField
        className="md:col-span-2"
        label={`Error Details${labelSuffix}`}
        type="textarea"
        rows={4}
        value={item.details}
        onChange={(value) => set('details', value)}
        placeholder="In your own words: what is wrong, and what is correct"
        maxLength={FIELD_LIMITS.details}
        required
        error={errors.has('details') ? FIELD_ERRORS.details : null}
        hint={
          detailsTooShort(item.details) ? (
            <span className="font-semibold text-amber-900">{ITEM_HINTS.detailsTooShort}</span>
          ) : undefined
        }
      />
      <FormField
        className="md:col-span-2"
        label={`Supporting Evidence${labelSuffix}`}
        type="textarea"
        rows={3}
        value={item.evidence}
        onChange={(value) => set('evidence', value)}
        maxLength={FIELD_LIMITS.evidence}
        placeholder={'e.g. March 2026 bank statement\nPayoff letter from the creditor'}
        hint={ITEM_HINTS.evidence}
      />
    </>
  );
}
