import { useId, useState } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { CharacterCount } from '@/components/character-count';
import { FIELD_LIMITS } from '../lib/field-limits';
import type { FurnisherLetterItem } from '../lib/furnisher-items';
import { ITEM_HINTS, LETTER_NOTES } from '../messages';
import { inputClasses, labelClasses, panelClasses } from './field-styles';
import { FormField } from '@/components/form-field';

interface FurnisherLetterPanelProps {
  items: readonly FurnisherLetterItem[];
  onPreview: (
    itemIndex: number,
    creditorName: string,
    address: string,
    debtCollector: boolean,
    validationRequest: boolean,
  ) => void;
}

/** Why an item gets no creditor letter. */
function noLetterReason(errorType: string | undefined): string {
  if (errorType === 'incorrect-personal-info') return LETTER_NOTES.noCreditorLetterForPersonalInfo;
  if (errorType === 'unauthorized-inquiry') return LETTER_NOTES.noCreditorLetterForInquiry;
  return LETTER_NOTES.noCreditorLetterForBankruptcy;
}

/** The same dispute sent straight to the creditor that reported the item. */
export function FurnisherLetterPanel({ items, onPreview }: FurnisherLetterPanelProps) {
  const id = useId();
  const [itemIndex, setItemIndex] = useState(0);
  const [creditorName, setCreditorName] = useState('');
  const [address, setAddress] = useState('');
  const [debtCollector, setDebtCollector] = useState(false);
  const [validationRequest, setValidationRequest] = useState(false);
  const chosen = Math.min(itemIndex, items.length - 1);
  const applies = items[chosen]?.applies ?? true;
  const errorType = items[chosen]?.errorType;
  // A collection's company is a debt collector: the box is ticked and stays so.
  const collection = items[chosen]?.collection === true;
  const collector = debtCollector || collection;
  return (
    <section aria-labelledby={`${id}-title`} className={panelClasses}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Letter to the creditor
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        You can also dispute an item directly with the company that reported it (the furnisher),
        under 15 U.S.C. §1681s-2(a)(8) and 12 CFR 1022.43. The letter holds only that item&apos;s
        facts and evidence. Use the dispute address the creditor gives (for identity theft, the
        address it gives for identity theft reports), or the one shown on your credit report.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {items.length > 1 && (
          <div>
            <label htmlFor={`${id}-item`} className={labelClasses}>
              Disputed item
            </label>
            <select
              id={`${id}-item`}
              value={chosen}
              onChange={(event) => setItemIndex(Number(event.target.value))}
              className={inputClasses}
            >
              {items.map((item, index) => (
                <option key={index} value={index}>
                  {`${index + 1}. ${item.accountName || 'Unnamed account'}`}
                </option>
              ))}
            </select>
          </div>
        )}
        {applies ? (
          <>
            <FormField
              label="Creditor's Name"
              value={creditorName}
              onChange={setCreditorName}
              maxLength={FIELD_LIMITS.creditorName}
            />
            <div>
              <label htmlFor={`${id}-address`} className={labelClasses}>
                Creditor&apos;s dispute address (optional)
              </label>
              <textarea
                id={`${id}-address`}
                rows={3}
                maxLength={FIELD_LIMITS.creditorAddress}
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                className={inputClasses}
              />
              <CharacterCount length={address.length} max={FIELD_LIMITS.creditorAddress} />
            </div>
            <label className="flex items-center gap-2 text-sm text-gray-900 md:col-span-2">
              <input
                type="checkbox"
                checked={collector}
                disabled={collection}
                onChange={(event) => setDebtCollector(event.target.checked)}
              />
              This company is a debt collector
            </label>
            {collector && (
              <div className="md:col-span-2">
                <label className="flex items-start gap-2 text-sm text-gray-900">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={validationRequest}
                    aria-describedby={`${id}-validation-hint`}
                    onChange={(event) => setValidationRequest(event.target.checked)}
                  />
                  Ask it to validate the debt: the original creditor&apos;s name and address, and
                  how the amount is figured (15 U.S.C. §1692g(b))
                </label>
                <p id={`${id}-validation-hint`} className="mt-1 text-sm text-gray-700">
                  {ITEM_HINTS.validationRequest}
                </p>
              </div>
            )}
          </>
        ) : (
          <p className="text-sm text-gray-800 md:col-span-2">{noLetterReason(errorType)}</p>
        )}
      </div>
      {applies && (
        <button
          type="button"
          onClick={() =>
            onPreview(chosen, creditorName, address, collector, collector && validationRequest)
          }
          className={buttonClasses('secondary', 'mt-4 px-3 py-2 text-sm')}
        >
          Preview Furnisher Letter
        </button>
      )}
    </section>
  );
}
