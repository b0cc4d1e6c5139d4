import {
  BUREAUS,
  BUREAU_IDS,
  EMPTY_ITEM_DRAFT,
  isBureauId,
  NOTIFY_MAX_CHARS,
  type BureauChoice,
  type FieldProblem,
  type IsoDate,
  type ItemDraft,
  type MissingField,
} from '@shared/letters';
import { buttonClasses } from '@/components/button-styles';
import { problemsUnder } from '../lib/field-problems';
import type { GeneratorDraft } from '../lib/generator-draft';
import { itemErrors } from '../lib/guided-steps';
import { FIELD_ERRORS, ITEM_HINTS } from '../messages';
import { BureauCopiesFields } from './bureau-copies-fields';
import { DisputedItemFields } from './disputed-item-fields';
import { FormField } from '@/components/form-field';

const BUREAU_OPTIONS = BUREAU_IDS.map((each) => ({ value: each, label: BUREAUS[each].name }));

interface ItemsStepProps {
  draft: GeneratorDraft;
  onChange: (change: (current: GeneratorDraft) => GeneratorDraft) => void;
  /** The missing fields to mark. */
  missing: ReadonlySet<MissingField>;
  /** The broken rules to mark (a future date, a report number too long…). */
  problems: readonly FieldProblem[];
  /** The further bureaus ticked under "Also send to", each with its report number. */
  copies: BureauChoice;
  onCopies: (copies: BureauChoice) => void;
  today: IsoDate;
}

/** Step 2: the bureau and each disputed item. */
export function ItemsStep({
  draft,
  onChange,
  missing,
  problems,
  copies,
  onCopies,
  today,
}: ItemsStepProps) {
  const setItems = (change: (items: ItemDraft[]) => ItemDraft[]) =>
    onChange((current) => ({ ...current, items: change(current.items) }));
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      {/* The whole row: in half the form's width at 1280 px, "Select credit bureau" was clipped. */}
      <FormField
        className="md:col-span-2"
        type="select"
        label="Credit Bureau"
        value={draft.bureau}
        onChange={(bureau) => onChange((current) => ({ ...current, bureau }))}
        placeholder="Select credit bureau"
        options={BUREAU_OPTIONS}
        required
        error={missing.has('bureau') ? FIELD_ERRORS.bureau : null}
      />
      {isBureauId(draft.bureau) && (
        <BureauCopiesFields
          primary={draft.bureau}
          copies={copies}
          onChange={onCopies}
          problems={problemsUnder(problems, '')}
        />
      )}
      {draft.items.map((item, index) => {
        const fields = (
          <DisputedItemFields
            item={item}
            labelSuffix={index === 0 ? '' : ` (item ${index + 1})`}
            errors={itemErrors(missing, index)}
            problems={problemsUnder(problems, `${index}.`)}
            today={today}
            onChange={(next) =>
              setItems((items) => items.map((each, at) => (at === index ? next : each)))
            }
          />
        );
        return index === 0 ? (
          <div key={index} className="contents">
            {fields}
          </div>
        ) : (
          <fieldset
            key={index}
            className="grid min-w-0 gap-4 rounded-lg border border-gray-200 p-4 md:col-span-2 md:grid-cols-2"
          >
            <legend className="px-1 text-sm font-semibold">Disputed item {index + 1}</legend>
            {fields}
            <button
              type="button"
              onClick={() => setItems((items) => items.filter((_, at) => at !== index))}
              className={buttonClasses(
                'secondary',
                'px-3 py-2 text-sm md:col-span-2 md:justify-self-start',
              )}
            >
              Remove item {index + 1}
            </button>
          </fieldset>
        );
      })}
      <div className="md:col-span-2">
        <button
          type="button"
          onClick={() => setItems((items) => [...items, EMPTY_ITEM_DRAFT])}
          className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
        >
          Add another disputed item
        </button>
      </div>
      <FormField
        className="md:col-span-2"
        type="textarea"
        rows={2}
        label="Send notice to (optional)"
        value={draft.notifyRecipients}
        onChange={(notifyRecipients) => onChange((current) => ({ ...current, notifyRecipients }))}
        placeholder={'e.g. Acme Motors\nFirst Bank of Ohio'}
        maxLength={NOTIFY_MAX_CHARS}
        hint={ITEM_HINTS.notifyRecipients}
        error={problems.find((problem) => problem.field === 'notifyRecipients')?.message ?? null}
      />
    </div>
  );
}
