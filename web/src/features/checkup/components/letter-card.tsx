import { withSender, type CheckupCreditorLetter, type CheckupSender } from '@shared/checkup';
import { letterExhibits, LIMITS } from '@shared/disputes';
import type { DisputedItem } from '@shared/letters';
import { useMemo, useState, type ReactNode } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { errorClasses } from '@/components/field-styles';
import { FormField } from '@/components/form-field';
import { saveFile } from '@/lib/save-file';
import { letterFile, type CheckupLetter } from '../lib/letter-files';

/**
 * A creditor letter to the dispute address typed on its card (placeholders stay when blank): like
 * the sender, it goes into the text when the letter is signed.
 */
export function toAddress(letter: CheckupCreditorLetter, address = ''): CheckupCreditorLetter {
  return address.trim() ? { ...letter, options: { ...letter.options, address } } : letter;
}

/** A bankruptcy's number is its case number, not an account's: it is shown whole. */
function itemLabel(item: DisputedItem, bankruptcy: boolean): string {
  if (!item.accountNumber) return item.accountName;
  return bankruptcy
    ? `${item.accountName}, case ${item.accountNumber}`
    : `${item.accountName}, ending ${item.accountNumber.slice(-4)}`;
}

interface LetterCardProps {
  title: string;
  /** Built unsigned: signed with `sender` when read or downloaded. */
  letter: CheckupLetter;
  /** Which of its items, in order, are bankruptcies. */
  bankruptcies: readonly boolean[];
  sender: CheckupSender;
  /** What to fix before this letter can be made (a bad identity detail); none when ready. */
  waits: readonly string[];
  /** A creditor letter's dispute address, typed on its card. */
  address?: string;
  onAddress?: (address: string) => void;
  children?: ReactNode;
}

/** One letter: its items and exhibits, the text on demand, and its download. */
export function LetterCard({
  title,
  letter: built,
  bankruptcies,
  sender,
  waits,
  address,
  onAddress,
  children,
}: LetterCardProps) {
  const letter = useMemo(
    () => ('options' in built ? toAddress(built, address) : built),
    [built, address],
  );
  const items = [letter.form, ...('bureau' in letter ? (letter.form.additionalItems ?? []) : [])];
  const exhibits = useMemo(() => letterExhibits(letter.text), [letter.text]);
  // Ten letters' text is a lot to lay out: each is rendered once its reader opens it.
  const [reading, setReading] = useState(false);
  const ready = waits.length === 0;
  const text = useMemo(
    () => (reading && ready ? withSender(letter, new Date(), sender).text : ''),
    [reading, ready, letter, sender],
  );
  const download = () => {
    const file = letterFile(withSender(letter, new Date(), sender));
    saveFile(new Blob([file.text], { type: 'text/plain' }), file.name);
  };
  return (
    <article
      aria-label={title}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h3 className="font-bold break-words">{title}</h3>
      <p className="text-sm text-gray-800">
        {items.length} {items.length === 1 ? 'item' : 'items'}
      </p>
      <ol className="mt-2 list-decimal pl-5 text-sm">
        {items.map((item, index) => (
          <li key={index} className="break-words">
            {itemLabel(item, bankruptcies[index] === true)}
          </li>
        ))}
      </ol>
      {exhibits.length > 0 && (
        <>
          <p className="mt-2 text-sm font-semibold">Exhibits to enclose (copies):</p>
          <ul className="list-disc pl-5 text-sm">
            {exhibits.map((exhibit) => (
              <li key={exhibit.number} className="break-words">
                Exhibit {exhibit.number}: {exhibit.description}
              </li>
            ))}
          </ul>
        </>
      )}
      {onAddress && (
        <FormField
          className="mt-3"
          label="Creditor's dispute address (optional)"
          type="textarea"
          rows={3}
          value={address ?? ''}
          maxLength={LIMITS.creditorAddress}
          onChange={onAddress}
        />
      )}
      {ready ? (
        <>
          <details className="mt-3" onToggle={(event) => setReading(event.currentTarget.open)}>
            <summary className="cursor-pointer text-sm font-semibold text-brand-800">
              Read the letter
            </summary>
            {reading && (
              // Focusable, so a keyboard can scroll a letter taller than its box.
              <pre
                tabIndex={0}
                aria-label={`Text of the ${title.replace(/^Letter to /, 'letter to ')}`}
                className="mt-2 max-h-96 overflow-auto rounded bg-gray-50 p-3 text-sm break-words whitespace-pre-wrap"
              >
                {text}
              </pre>
            )}
          </details>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonClasses('secondary', 'px-4 py-2 text-sm')}
              onClick={download}
            >
              Download {title.replace(/^Letter to /, 'the letter to ')}
            </button>
            {children}
          </div>
        </>
      ) : (
        <div className="mt-3">
          <p className="text-sm font-semibold">This letter waits until you fix:</p>
          {waits.map((message) => (
            <p key={message} className={`${errorClasses} break-words`}>
              {message}
            </p>
          ))}
        </div>
      )}
    </article>
  );
}
