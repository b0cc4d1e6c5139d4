import type { ItemDraft } from '@shared/letters';
import { FIELD_LIMITS } from '../lib/field-limits';
import { ITEM_HINTS } from '../messages';
import { warningClasses } from './field-styles';
import { FormField } from '@/components/form-field';

interface IdentityTheftFieldsProps {
  item: ItemDraft;
  set: <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => void;
  labelSuffix: string;
  /** An Account Not Mine item that is not identity theft: a mixed file, said so. */
  notMine: boolean;
}

/** "This is identity theft", the FTC or police report and its number, and what to do next. */
export function IdentityTheftFields({ item, set, labelSuffix, notMine }: IdentityTheftFieldsProps) {
  return (
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
      ) : notMine ? (
        <p className="text-sm text-gray-700">{ITEM_HINTS.mixedFile}</p>
      ) : null}
    </div>
  );
}
