import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { FormField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { CHECKUP_MESSAGES } from '../messages';

interface MarkMailedProps {
  bureauLetters: number;
  creditorLetters: number;
  /** When they were marked mailed before ('' when not). */
  mailedOn: string;
  today: string;
  /** Records the letters; rejects when they could not be saved. */
  onMark: (mailedOn: string) => Promise<void>;
}

/** "Mailed them?": the letters recorded in My Disputes as one round, once. */
export function MarkMailed({
  bureauLetters,
  creditorLetters,
  mailedOn: before,
  today,
  onMark,
}: MarkMailedProps) {
  const [mailedOn, setMailedOn] = useState(today);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const status = useRef<HTMLParagraphElement>(null);
  const total = bureauLetters + creditorLetters;
  const error =
    mailedOn === ''
      ? CHECKUP_MESSAGES.mailedOnMissing
      : mailedOn > today
        ? CHECKUP_MESSAGES.mailedOnFuture
        : undefined;

  useEffect(() => {
    if (state === 'saved') status.current?.focus();
  }, [state]);

  async function mark() {
    if (error || state === 'saving') return;
    setState('saving');
    try {
      await onMark(mailedOn);
      setState('saved');
    } catch {
      setState('failed');
    }
  }

  return (
    <section
      aria-label="Mark as mailed"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h3 className="text-lg font-bold">Mailed them?</h3>
      {state === 'saved' || before ? (
        // Where the keyboard's focus goes once the button it was on is gone.
        <p ref={status} tabIndex={-1} role="status" className="mt-2">
          {state === 'saved'
            ? CHECKUP_MESSAGES.mailed(total)
            : CHECKUP_MESSAGES.alreadyMailed(before)}{' '}
          <Link to={paths.disputes} className="font-semibold text-brand-800 underline">
            Open My Disputes
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-gray-800">
            Record the {bureauLetters} bureau {bureauLetters === 1 ? 'letter' : 'letters'}
            {creditorLetters > 0
              ? ` and ${creditorLetters} creditor ${creditorLetters === 1 ? 'letter' : 'letters'}`
              : ''}{' '}
            in My Disputes as one round, with {total === 1 ? 'its deadline' : 'their deadlines'}.
          </p>
          <FormField
            className="mt-3 max-w-xs"
            label="Mailed on"
            type="date"
            value={mailedOn}
            error={error}
            onChange={setMailedOn}
          />
          <button
            type="button"
            aria-disabled={state === 'saving' || undefined}
            onClick={() => void mark()}
            className={buttonClasses('primary', 'mt-3')}
          >
            Mark all as mailed
          </button>
          {state === 'failed' && (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              {CHECKUP_MESSAGES.mailFailed}
            </p>
          )}
        </>
      )}
    </section>
  );
}
