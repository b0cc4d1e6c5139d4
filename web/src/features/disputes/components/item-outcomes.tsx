import {
  canRecordNoResponse,
  ITEM_OUTCOMES,
  LIMITS,
  noResponseFrom,
  OUTCOME_LABELS,
  type Dispute,
  type DisputeItem,
} from '@shared/disputes';
import { formatIsoLong, type IsoDate } from '@shared/letters';
import { useId } from 'react';
import { DISPUTE_MESSAGES } from '../messages';
import { CharacterCount } from '@/components/character-count';
import { inputClasses, labelClasses } from '@/components/field-styles';

interface ItemOutcomesProps {
  dispute: Dispute;
  today: string;
  onChange: (next: Dispute) => void;
}

/**
 * "No response" only once the deadline has passed: before, it would be untrue. Until then the
 * option is shown disabled, with the day it becomes available; letters without a deadline omit it.
 */
interface NoResponseRule {
  allowed: boolean;
  from: IsoDate | null;
}

function ItemRow({
  item,
  number,
  mailed,
  answeredOn,
  answerer,
  today,
  noResponse,
  onChange,
}: {
  item: DisputeItem;
  number: number;
  mailed: boolean;
  /** When the bureau answered (or the dispute was mailed): a deleted item comes back after. */
  answeredOn: string | undefined;
  /** Who answers the letter: "bureau", or "creditor" for a direct dispute. */
  answerer: 'bureau' | 'creditor';
  today: string;
  noResponse: NoResponseRule;
  onChange: (next: DisputeItem) => void;
}) {
  const id = useId();
  const chosen = item.outcome === 'no-response';
  const outcomes = ITEM_OUTCOMES.filter(
    (outcome) => outcome !== 'no-response' || noResponse.from !== null || chosen,
  );
  const waiting = mailed && !noResponse.allowed && noResponse.from !== null && !chosen;
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
            aria-describedby={waiting ? `${id}-no-response` : undefined}
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
            {outcomes.map((outcome) =>
              outcome === 'no-response' && !noResponse.allowed && !chosen ? (
                <option key={outcome} value={outcome} disabled>
                  {OUTCOME_LABELS[outcome]} (from{' '}
                  {noResponse.from ? formatIsoLong(noResponse.from) : 'the day after the due date'})
                </option>
              ) : (
                <option key={outcome} value={outcome}>
                  {OUTCOME_LABELS[outcome]}
                </option>
              ),
            )}
          </select>
          {waiting && noResponse.from && (
            <p id={`${id}-no-response`} className="mt-1 text-xs text-gray-700">
              {DISPUTE_MESSAGES.noResponseFrom(formatIsoLong(noResponse.from))}
            </p>
          )}
        </div>
        {item.outcome === 'frivolous' && (
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-reason`} className={labelClasses}>
              The reason the {answerer} gave
              <span className="sr-only"> for {item.accountName}</span>
            </label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={LIMITS.statedReason}
              disabled={item.noReasonGiven === true}
              value={item.statedReason ?? ''}
              onChange={(event) =>
                onChange({ ...item, statedReason: event.target.value || undefined })
              }
              placeholder="Copy its words from the letter, e.g. “Insufficient information to identify the account”"
              className={inputClasses}
            />
            <CharacterCount length={(item.statedReason ?? '').length} max={LIMITS.statedReason} />
            <label className="mt-2 flex items-start gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                className="mt-1"
                checked={item.noReasonGiven === true}
                onChange={(event) =>
                  onChange({
                    ...item,
                    noReasonGiven: event.target.checked || undefined,
                    statedReason: event.target.checked ? undefined : item.statedReason,
                  })
                }
              />
              The {answerer} gave no reason
              <span className="sr-only"> for {item.accountName}</span>
            </label>
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
              min={answeredOn}
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
  const noResponse = {
    allowed: canRecordNoResponse(dispute, today),
    from: noResponseFrom(dispute),
  };
  return (
    <ul className="divide-y divide-gray-200">
      {dispute.items.map((item, index) => (
        <ItemRow
          key={item.id}
          item={item}
          number={index + 1}
          mailed={Boolean(dispute.mailedOn)}
          answeredOn={dispute.responseOn ?? dispute.mailedOn}
          answerer={dispute.recipient.kind === 'bureau' ? 'bureau' : 'creditor'}
          today={today}
          noResponse={noResponse}
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
