import {
  detailsTooShort,
  DUPLICATE_REMOVE,
  DUPLICATE_REMOVE_IDS,
  hasAccount,
  IDENTITY_THEFT_ERROR_TYPES,
  PERSONAL_INFO_KINDS,
  PERSONAL_INFO_KIND_IDS,
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
import { buttonClasses } from '@/components/button-styles';
import { FIELD_LIMITS } from '../lib/field-limits';
import { FIELD_ERRORS, ITEM_HINTS } from '../messages';
import { warningClasses } from './field-styles';
import { FormField } from '@/components/form-field';
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
  | 'accountNumberNotShown'
  | 'soldDebt'
  | 'personalInfoNotMine'
>;

interface FactField {
  key: TextFactKey;
  label: string;
  type?: 'date' | 'select';
  placeholder?: string;
  suggestions?: readonly string[];
  options?: readonly { value: string; label: string }[];
  /** Marked required: the letter needs it to say what is true. */
  required?: boolean;
}

const DUPLICATE_REMOVE_OPTIONS = DUPLICATE_REMOVE_IDS.map((each) => ({
  value: each,
  label: DUPLICATE_REMOVE[each].label,
}));
const PERSONAL_INFO_OPTIONS = PERSONAL_INFO_KIND_IDS.map((each) => ({
  value: each,
  label: PERSONAL_INFO_KINDS[each].label,
}));

/** The facts each error type asks for (Account Not Mine and Outdated Information have their own). */
const FACT_FIELDS: Partial<Record<ErrorTypeId, readonly FactField[]>> = {
  'incorrect-balance': [
    { key: 'reportedBalance', label: 'Reported Balance', placeholder: 'e.g. $2,400' },
    { key: 'correctBalance', label: 'Correct Balance', placeholder: 'e.g. $150', required: true },
  ],
  'duplicate-account': [
    {
      key: 'duplicateOf',
      label: 'Duplicate Of',
      placeholder: 'e.g. Capital One Bank account ending 1234',
      required: true,
    },
    {
      key: 'duplicateRemove',
      label: 'Entry to Remove',
      type: 'select',
      placeholder: 'Select the entry to remove',
      options: DUPLICATE_REMOVE_OPTIONS,
    },
  ],
  'incorrect-status': [
    { key: 'reportedStatus', label: 'Reported Status', placeholder: 'e.g. Charged off' },
    {
      key: 'correctStatus',
      label: 'Correct Status',
      placeholder: 'e.g. Paid in full',
      required: true,
    },
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
      required: true,
    },
    { key: 'reportedDate', label: 'Reported Date', type: 'date' },
    { key: 'correctDate', label: 'Correct Date', type: 'date', required: true },
  ],
  'incorrect-payment-history': [
    {
      key: 'monthsReportedLate',
      label: 'Months Reported Late',
      placeholder: 'e.g. June and July 2026',
      required: true,
    },
  ],
  'incorrect-personal-info': [
    {
      key: 'personalInfoKind',
      label: 'Information Type',
      type: 'select',
      placeholder: 'Select what is wrong',
      options: PERSONAL_INFO_OPTIONS,
      required: true,
    },
    {
      key: 'reportedInfo',
      label: 'What You Report',
      placeholder: 'As your report shows it, e.g. 99 Pine Road, Dayton, OH',
      required: true,
    },
  ],
  'unauthorized-inquiry': [
    { key: 'inquiryDate', label: 'Inquiry Date', type: 'date', required: true },
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
  /** The item's fields that break a rule (item-rules.ts), with what to enter instead. */
  problems?: ReadonlyMap<string, string>;
}

const NO_PROBLEMS: ReadonlyMap<string, string> = new Map();

/**
 * What the form says about an Outdated Information item: a warning while its type is not chosen
 * or its period has not ended, and when it ends once the type and date are given.
 */
function outdatedNote(item: ItemDraft, today: IsoDate): { text: string; warn: boolean } | null {
  // A missing type or date, or a period not yet over, is marked on its own field.
  if (!isItemTypeId(item.itemType)) return null;
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
    : null;
}

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
  // The period has not ended: offer the disputes that can work instead of an "outdated" letter.
  const notYetObsolete = [problem('dateOfFirstDelinquency'), problem('dateFiled')].some((message) =>
    message?.startsWith('This item may be reported until'),
  );
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
        hint={errorType ? ERROR_TYPES[errorType].description : ITEM_HINTS.errorTypes}
      />
      <TypeHelper onChoose={(type) => set('errorType', type)} />
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
          required={field.required ?? (field.key === 'duplicateRemove' && !item.soldDebt)}
          error={problem(field.key)}
          maxLength={field.type === 'date' ? undefined : FIELD_LIMITS.fact}
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
          ) : errorType === 'not-mine' ? (
            <p className="text-sm text-gray-700">{ITEM_HINTS.mixedFile}</p>
          ) : null}
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
            required
            error={problem('itemType')}
          />
          {itemType?.startsWith === 'filing' ? (
            <FormField
              label={`Date Filed${labelSuffix}`}
              type="date"
              value={item.dateFiled}
              onChange={(value) => set('dateFiled', value)}
              required
              error={problem('dateFiled')}
            />
          ) : (
            <FormField
              label={`Date of First Delinquency${labelSuffix}`}
              type="date"
              value={item.dateOfFirstDelinquency}
              onChange={(value) => set('dateOfFirstDelinquency', value)}
              required
              error={problem('dateOfFirstDelinquency')}
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
          {notYetObsolete && (
            <div className="flex flex-wrap gap-2 md:col-span-2">
              <button
                type="button"
                onClick={() =>
                  onChange({
                    ...item,
                    errorType: 'incorrect-dates',
                    whichDate:
                      item.itemType === 'chapter-7' || item.itemType === 'chapter-13'
                        ? 'Date filed'
                        : 'Date of first delinquency',
                    reportedDate: item.dateFiled || item.dateOfFirstDelinquency,
                  })
                }
                className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
              >
                Dispute a wrong date instead{labelSuffix}
              </button>
              <button
                type="button"
                onClick={() => onChange({ ...item, errorType: 'incorrect-status' })}
                className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
              >
                Dispute a wrong status instead{labelSuffix}
              </button>
            </div>
          )}
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
