import { useId, useState } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { inputClasses, labelClasses, panelClasses } from './field-styles';

interface FurnisherLetterPanelProps {
  accountNames: readonly string[];
  onPreview: (itemIndex: number, address: string) => void;
}

/** The same dispute sent straight to the creditor that reported the item. */
export function FurnisherLetterPanel({ accountNames, onPreview }: FurnisherLetterPanelProps) {
  const id = useId();
  const [itemIndex, setItemIndex] = useState(0);
  const [address, setAddress] = useState('');
  const chosen = Math.min(itemIndex, accountNames.length - 1);
  return (
    <section aria-labelledby={`${id}-title`} className={panelClasses}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Letter to the creditor
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        You can also dispute an item directly with the company that reported it (the furnisher),
        under 15 U.S.C. §1681s-2(a)(8) and 12 CFR 1022.43. Use the dispute address the creditor
        gives, or the one shown on your credit report.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {accountNames.length > 1 && (
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
              {accountNames.map((name, index) => (
                <option key={index} value={index}>
                  {`${index + 1}. ${name || 'Unnamed account'}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-address`} className={labelClasses}>
            Creditor&apos;s dispute address (optional)
          </label>
          <textarea
            id={`${id}-address`}
            rows={3}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            className={inputClasses}
          />
        </div>
      </div>
      <button
        type="button"
        onClick={() => onPreview(chosen, address)}
        className={buttonClasses('secondary', 'mt-4 px-3 py-2 text-sm')}
      >
        Preview Furnisher Letter
      </button>
    </section>
  );
}
