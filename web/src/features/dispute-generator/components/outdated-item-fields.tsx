import {
  ITEM_TYPE_OPTIONS,
  ITEM_TYPES,
  isItemTypeId,
  type IsoDate,
  type ItemDraft,
} from '@shared/letters';
import { buttonClasses } from '@/components/button-styles';
import { asWrongDate, asWrongStatus, notYetObsolete, outdatedNote } from '../lib/outdated-item';
import { ITEM_HINTS } from '../messages';
import { warningClasses } from './field-styles';
import { FormField } from '@/components/form-field';

interface OutdatedItemFieldsProps {
  item: ItemDraft;
  onChange: (item: ItemDraft) => void;
  labelSuffix: string;
  today: IsoDate;
  problems: ReadonlyMap<string, string>;
}

/**
 * An Outdated Information item: its type and the date its reporting period runs from, when that
 * period ended, and, while it has not, the disputes that can work instead.
 */
export function OutdatedItemFields({
  item,
  onChange,
  labelSuffix,
  today,
  problems,
}: OutdatedItemFieldsProps) {
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) =>
    onChange({ ...item, [key]: value });
  const problem = (key: keyof ItemDraft) => problems.get(key) ?? null;
  const itemType = isItemTypeId(item.itemType) ? ITEM_TYPES[item.itemType] : null;
  const note = outdatedNote(item, today);
  return (
    <>
      {/* The whole row: in half the form's width at 1280 px, "Chapter 13 bankruptcy" was clipped. */}
      <FormField
        className="md:col-span-2"
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
      {item.itemType === 'chapter-13' && (
        <div className="md:col-span-2">
          <label className="flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              checked={item.planCompleted}
              onChange={(event) => set('planCompleted', event.target.checked)}
            />
            The Chapter 13 plan was completed{labelSuffix}
          </label>
          <p className="mt-1 text-sm text-gray-700">{ITEM_HINTS.planCompleted}</p>
        </div>
      )}
      {itemType && (
        <p className="text-sm text-gray-700 md:col-span-2">{ITEM_HINTS.reportingExceptions}</p>
      )}
      <p
        aria-live="polite"
        className={
          note?.warn ? `${warningClasses} md:col-span-2` : 'text-sm text-gray-800 md:col-span-2'
        }
      >
        {note?.text}
      </p>
      {notYetObsolete(problems) && (
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <button
            type="button"
            onClick={() => onChange(asWrongDate(item))}
            className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
          >
            Dispute a wrong date instead{labelSuffix}
          </button>
          <button
            type="button"
            onClick={() => onChange(asWrongStatus(item))}
            className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
          >
            Dispute a wrong status instead{labelSuffix}
          </button>
        </div>
      )}
    </>
  );
}
