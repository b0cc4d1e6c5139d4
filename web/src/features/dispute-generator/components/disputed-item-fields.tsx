import {
  detailsTooShort,
  ERROR_TYPES,
  ERROR_TYPE_IDS,
  formatIsoLong,
  isErrorTypeId,
  isIsoDate,
  isItemTypeId,
  isObsolete,
  ITEM_TYPES,
  ITEM_TYPE_IDS,
  outdatedPeriod,
  type ErrorTypeId,
  type IsoDate,
  type ItemDraft,
  type RequiredItemField,
} from '@shared/letters';
import { FIELD_LIMITS } from '../lib/field-limits';
import { FIELD_ERRORS, ITEM_HINTS } from '../messages';
import { warningClasses } from './field-styles';
import { FormField } from './form-field';
import { TypeHelper } from './type-helper';

type TextFactKey = Exclude<
  keyof ItemDraft,
  | 'errorType'
  | 'accountName'
  | 'details'
  | 'accountNumber'
  | 'evidence'
  | 'identityTheft'
  | 'hasIdentityTheftReport'
>;

interface FactField {
  key: TextFactKey;
  label: string;
  type?: 'date';
  placeholder?: string;
  suggestions?: readonly string[];
}

/** The facts each error type asks for (Account Not Mine and Outdated Information have their own). */
const FACT_FIELDS: Partial<Record<ErrorTypeId, readonly FactField[]>> = {
  'incorrect-balance': [
    { key: 'reportedBalance', label: 'Reported Balance', placeholder: 'e.g. $2,400' },
    { key: 'correctBalance', label: 'Correct Balance', placeholder: 'e.g. $150' },
  ],
  'duplicate-account': [
    {
      key: 'duplicateOf',
      label: 'Duplicate Of',
      placeholder: 'e.g. Capital One Bank account ending 1234',
    },
  ],
  'incorrect-status': [
    { key: 'reportedStatus', label: 'Reported Status', placeholder: 'e.g. Charged off' },
    { key: 'correctStatus', label: 'Correct Status', placeholder: 'e.g. Paid in full' },
  ],
  'incorrect-dates': [
    {
      key: 'whichDate',
      label: 'Which Date',
      suggestions: [
        'Date opened',
        'Date closed',
        'Date of last payment',
        'Date of first delinquency',
      ],
    },
    { key: 'reportedDate', label: 'Reported Date', type: 'date' },
    { key: 'correctDate', label: 'Correct Date', type: 'date' },
  ],
  'incorrect-payment-history': [
    {
      key: 'monthsReportedLate',
      label: 'Months Reported Late',
      placeholder: 'e.g. June and July 2026',
    },
  ],
};

const ERROR_TYPE_OPTIONS = ERROR_TYPE_IDS.map((each) => ({
  value: each,
  label: ERROR_TYPES[each].label,
}));
const ITEM_TYPE_OPTIONS = ITEM_TYPE_IDS.map((each) => ({
  value: each,
  label: ITEM_TYPES[each].label,
}));

interface DisputedItemFieldsProps {
  item: ItemDraft;
  onChange: (item: ItemDraft) => void;
  /** Added to the labels of the second and later items, e.g. " (item 2)". */
  labelSuffix?: string;
  /** Required fields shown as missing. */
  errors: ReadonlySet<RequiredItemField>;
  /** Today, to tell whether an outdated item's reporting period has ended. */
  today: IsoDate;
}

/**
 * What the form says about an Outdated Information item: a warning while its type is not chosen
 * or its period has not ended, and when it ends once the type and date are given.
 */
function outdatedNote(item: ItemDraft, today: IsoDate): { text: string; warn: boolean } | null {
  if (!isItemTypeId(item.itemType)) return { text: ITEM_HINTS.itemTypeMissing, warn: true };
  const period = outdatedPeriod({
    errorType: 'outdated-info',
    accountName: '',
    details: '',
    itemType: item.itemType,
    dateOfFirstDelinquency: isIsoDate(item.dateOfFirstDelinquency)
      ? item.dateOfFirstDelinquency
      : undefined,
    dateFiled: isIsoDate(item.dateFiled) ? item.dateFiled : undefined,
  });
  if (!period) return null;
  const until = formatIsoLong(period.reportableUntil);
  const limit = period.byBureauPolicy
    ? `By the bureaus’ policy it comes off after ${until} (the law allows 10 years).`
    : `It may be reported until ${until} (${period.rule}).`;
  return isObsolete(period, today)
    ? { text: `${limit} That date has passed: the letter asks for it to be deleted.`, warn: false }
    : {
        text: `Not yet outdated. ${limit} The letter will not ask for deletion; it asks the bureau to check this date.`,
        warn: true,
      };
}

/** One disputed item: its type, account, the facts its type needs, details and evidence. */
export function DisputedItemFields({
  item,
  onChange,
  labelSuffix = '',
  errors,
  today,
}: DisputedItemFieldsProps) {
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) =>
    onChange({ ...item, [key]: value });
  const errorType = isErrorTypeId(item.errorType) ? item.errorType : null;
  const itemType = isItemTypeId(item.itemType) ? ITEM_TYPES[item.itemType] : null;
  const outdated = errorType === 'outdated-info' ? outdatedNote(item, today) : null;
  return (
    <>
      <FormField
        type="select"
        label={`Error Type${labelSuffix}`}
        value={item.errorType}
        onChange={(value) => set('errorType', value)}
        placeholder="Select error type"
        options={ERROR_TYPE_OPTIONS}
        required
        error={errors.has('errorType') ? FIELD_ERRORS.errorType : null}
        hint={errorType ? ERROR_TYPES[errorType].description : undefined}
      />
      <TypeHelper onChoose={(type) => set('errorType', type)} />
      <FormField
        label={`Account Name${labelSuffix}`}
        value={item.accountName}
        onChange={(value) => set('accountName', value)}
        placeholder="e.g. Capital One Credit Card"
        maxLength={FIELD_LIMITS.accountName}
        required
        error={errors.has('accountName') ? FIELD_ERRORS.accountName : null}
      />
      <FormField
        label={`Account Number${labelSuffix}`}
        value={item.accountNumber}
        onChange={(value) => set('accountNumber', value)}
        maxLength={FIELD_LIMITS.accountNumber}
        hint={ITEM_HINTS.accountNumber}
      />
      {(errorType ? (FACT_FIELDS[errorType] ?? []) : []).map((field) => (
        <FormField
          key={field.key}
          label={`${field.label}${labelSuffix}`}
          value={item[field.key]}
          onChange={(value) => set(field.key, value)}
          type={field.type}
          placeholder={field.placeholder}
          suggestions={field.suggestions}
          maxLength={field.type === 'date' ? undefined : FIELD_LIMITS.fact}
        />
      ))}
      {errorType === 'not-mine' && (
        <div className="space-y-3 md:col-span-2">
          <label className="flex items-center gap-2 text-sm font-semibold text-gray-900">
            <input
              type="checkbox"
              checked={item.identityTheft}
              onChange={(event) => set('identityTheft', event.target.checked)}
            />
            This is identity theft{labelSuffix}
          </label>
          {item.identityTheft ? (
            <>
              <label className="flex items-center gap-2 text-sm text-gray-900">
                <input
                  type="checkbox"
                  checked={item.hasIdentityTheftReport}
                  onChange={(event) => set('hasIdentityTheftReport', event.target.checked)}
                />
                I have an FTC or police identity theft report{labelSuffix}
              </label>
              {item.hasIdentityTheftReport && (
                <FormField
                  label={`Identity Theft Report Number${labelSuffix}`}
                  value={item.identityTheftReportNumber}
                  onChange={(value) => set('identityTheftReportNumber', value)}
                  maxLength={FIELD_LIMITS.identityTheftReportNumber}
                  hint={ITEM_HINTS.identityTheftReport}
                />
              )}
              <div className={warningClasses}>
                {item.hasIdentityTheftReport
                  ? ITEM_HINTS.identityTheftBlock
                  : ITEM_HINTS.identityTheftNoReport}{' '}
                {ITEM_HINTS.identityTheftSteps}
              </div>
            </>
          ) : (
            <p className="text-sm text-gray-700">{ITEM_HINTS.mixedFile}</p>
          )}
        </div>
      )}
      {errorType === 'outdated-info' && (
        <>
          <FormField
            type="select"
            label={`Item Type${labelSuffix}`}
            value={item.itemType}
            onChange={(value) => set('itemType', value)}
            placeholder="Select item type"
            options={ITEM_TYPE_OPTIONS}
          />
          {itemType?.startsWith === 'filing' ? (
            <FormField
              label={`Date Filed${labelSuffix}`}
              type="date"
              value={item.dateFiled}
              onChange={(value) => set('dateFiled', value)}
            />
          ) : (
            <FormField
              label={`Date of First Delinquency${labelSuffix}`}
              type="date"
              value={item.dateOfFirstDelinquency}
              onChange={(value) => set('dateOfFirstDelinquency', value)}
              hint={
                item.itemType === 'late-payment'
                  ? ITEM_HINTS.dateOfLatePayment
                  : ITEM_HINTS.dateOfFirstDelinquency
              }
            />
          )}
          <p
            aria-live="polite"
            className={
              outdated?.warn
                ? `${warningClasses} md:col-span-2`
                : 'text-sm text-gray-800 md:col-span-2'
            }
          >
            {outdated?.text}
          </p>
        </>
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
