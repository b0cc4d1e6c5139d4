import { formatIsoLong, responseDue } from '@shared/letters';
import { buttonClasses } from '@/components/button-styles';
import type { SentLetter } from '../lib/stored-records';
import { inputClasses, panelClasses } from './field-styles';

interface SentLettersPanelProps {
  letters: readonly SentLetter[];
  onChange: (letters: SentLetter[]) => void;
}

/** Letters marked as mailed, with the date each response is due; kept in this browser only. */
export function SentLettersPanel({ letters, onChange }: SentLettersPanelProps) {
  const rows = letters
    .map((letter) => ({ letter, due: responseDue(letter) }))
    .sort((a, b) => a.due.dueOn.localeCompare(b.due.dueOn));

  const update = (id: string, change: Partial<SentLetter>) =>
    onChange(letters.map((letter) => (letter.id === id ? { ...letter, ...change } : letter)));

  return (
    <section aria-labelledby="sent-letters-title" className={panelClasses}>
      <h2 id="sent-letters-title" className="text-lg font-bold">
        Sent letters
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        A bureau must finish its reinvestigation within 30 days of receiving your dispute (45 days
        when it follows your free annual credit report). Kept only in this browser.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">
          No letters marked as mailed yet. Use &quot;Mark as mailed&quot; in the preview.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200">
          {rows.map(({ letter, due }) => (
            <li key={letter.id} className="flex flex-wrap items-end justify-between gap-3 py-3">
              <div>
                <p className="font-semibold">
                  {letter.recipient}
                  {letter.accountNames.length > 0 && ` — ${letter.accountNames.join(', ')}`}
                </p>
                <p className="text-sm text-gray-800">Mailed {formatIsoLong(letter.mailedOn)}</p>
                <p className="text-sm font-semibold text-gray-900">
                  Response due {formatIsoLong(due.dueOn)}
                  <span className="font-normal text-gray-700">
                    {due.receivedIsEstimate
                      ? ` (estimated: received about ${formatIsoLong(due.receivedOn)}; enter the return-receipt date for the exact date)`
                      : ` (${due.days} days after receipt on ${formatIsoLong(due.receivedOn)})`}
                  </span>
                </p>
              </div>
              <div className="flex items-end gap-2">
                <label className="text-sm text-gray-900">
                  Received on
                  <span className="sr-only"> ({letter.recipient})</span>
                  <input
                    type="date"
                    value={letter.receivedOn ?? ''}
                    min={letter.mailedOn}
                    onChange={(event) =>
                      update(letter.id, { receivedOn: event.target.value || undefined })
                    }
                    className={inputClasses}
                  />
                </label>
                <button
                  type="button"
                  onClick={() => onChange(letters.filter((each) => each.id !== letter.id))}
                  className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
                  aria-label={`Remove the letter to ${letter.recipient} mailed ${formatIsoLong(letter.mailedOn)}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
