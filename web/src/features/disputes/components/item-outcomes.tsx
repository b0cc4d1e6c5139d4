import {
  ITEM_OUTCOMES,
  LIMITS,
  OUTCOME_LABELS,
  type Dispute,
  type DisputeItem,
} from '@shared/disputes';
import { useId } from 'react';
import { inputClasses, labelClasses } from '@/components/field-styles';

interface ItemOutcomesProps {
  dispute: Dispute;
  today: string;
  onChange: (next: Dispute) => void;
}

function ItemRow({
  item,
  number,
  mailed,
  today,
  onChange,
}: {
  item: DisputeItem;
  number: number;
  mailed: boolean;
  today: string;
  onChange: (next: DisputeItem) => void;
}) {
  const id = useId();
  return (
    <li className="space-y-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {number}. {item.accountName}
          {item.accountNumber && (
            <span className="font-normal text-gray-700"> (account {item.accountNumber})</span>
          )}
        </p>
        {item.details && <p className="text-sm break-words text-gray-800">{item.details}</p>}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-outcome`} className={labelClasses}>
            Outcome<span className="sr-only"> for {item.accountName}</span>
          </label>
          <select
            id={`${id}-outcome`}
            disabled={!mailed}
            value={item.outcome ?? ''}
            onChange={(event) =>
              onChange({
                ...item,
                outcome: (event.target.value || undefined) as DisputeItem['outcome'],
              })
            }
            className={inputClasses}
          >
            <option value="">{mailed ? 'No answer yet' : 'Not mailed yet'}</option>
            {ITEM_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {OUTCOME_LABELS[outcome]}
              </option>
            ))}
          </select>
        </div>
        {item.outcome === 'frivolous' && (
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-reason`} className={labelClasses}>
              The reason the bureau gave<span className="sr-only"> for {item.accountName}</span>
            </label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={LIMITS.statedReason}
              value={item.statedReason ?? ''}
              onChange={(event) =>
                onChange({ ...item, statedReason: event.target.value || undefined })
              }
              placeholder="Copy its words from the letter, e.g. “Insufficient information to identify the account”"
              className={inputClasses}
            />
          </div>
        )}
        {item.outcome === 'deleted' && (
          <div>
            <label htmlFor={`${id}-back`} className={labelClasses}>
              Back on my report on (if it came back)
              <span className="sr-only"> for {item.accountName}</span>
            </label>
            <input
              id={`${id}-back`}
              type="date"
              max={today}
              value={item.reappearedOn ?? ''}
              onChange={(event) =>
                onChange({ ...item, reappearedOn: event.target.value || undefined })
              }
              className={inputClasses}
            />
          </div>
        )}
      </div>
    </li>
  );
}

/** Each item with the outcome the consumer records from the answer. */
export function ItemOutcomes({ dispute, today, onChange }: ItemOutcomesProps) {
  return (
    <ul className="divide-y divide-gray-200">
      {dispute.items.map((item, index) => (
        <ItemRow
          key={item.id}
          item={item}
          number={index + 1}
          mailed={Boolean(dispute.mailedOn)}
          today={today}
          onChange={(next) =>
            onChange({
              ...dispute,
              items: dispute.items.map((each) => (each.id === next.id ? next : each)),
            })
          }
        />
      ))}
    </ul>
  );
}
