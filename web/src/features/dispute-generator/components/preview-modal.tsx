import { toIsoDate } from '@shared/letters';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { paths } from '@/config/paths';
import type { ExportFormat } from '../lib/export-letter';
import type { PreparedLetter } from '../lib/prepared-letter';
import { GENERATOR_MESSAGES, PLACEHOLDER_WARNING } from '../messages';
import { errorClasses, inputClasses, labelClasses, warningClasses } from './field-styles';
import { LetterDialog } from './letter-dialog';

export interface MailedInput {
  mailedOn: string;
  trackingNumber: string;
  followsFreeAnnualReport: boolean;
}

/** What the user may be warned about first: printing, exporting or marking as mailed. */
export type GuardedAction =
  | { kind: 'export'; format: ExportFormat }
  | { kind: 'print' }
  | { kind: 'mailed'; input: MailedInput };

interface PreviewModalProps {
  letter: PreparedLetter;
  /** An action asked for outside the preview that waits for the placeholder warning. */
  pendingAction?: GuardedAction | null;
  onClose: () => void;
  onDownload: () => void;
  onExport: (format: ExportFormat) => void;
  onPrint: () => void;
  /** This letter's "Mark as mailed": being recorded, recorded, or not yet. */
  mailed?: 'saving' | 'done' | null;
  onMarkMailed: (input: MailedInput) => void;
  /** Once this letter is recorded: clears the draft for the next letter. */
  onStartNew?: () => void;
}

const smallButton = 'px-3 py-2 text-sm';

export function PreviewModal({
  letter,
  pendingAction = null,
  onClose,
  onDownload,
  onExport,
  onPrint,
  mailed = null,
  onMarkMailed,
  onStartNew,
}: PreviewModalProps) {
  const titleId = useId();
  const [today] = useState(() => toIsoDate(new Date()));
  const [mailedOn, setMailedOn] = useState(today);
  // A letter cannot have been mailed after today (ISO dates compare as strings).
  const mailedInFuture = mailedOn > today;
  const [trackingNumber, setTrackingNumber] = useState('');
  const [followsFreeAnnualReport, setFollowsFreeAnnualReport] = useState(false);
  const [pending, setPending] = useState<GuardedAction | null>(pendingAction);
  const proceed = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (pending) proceed.current?.focus();
  }, [pending]);

  function perform(action: GuardedAction) {
    setPending(null);
    if (action.kind === 'export') onExport(action.format);
    else if (action.kind === 'print') onPrint();
    else onMarkMailed(action.input);
  }

  /** Runs the action, or first warns while the letter still has placeholders. */
  function attempt(action: GuardedAction) {
    if (letter.placeholders.length > 0) setPending(action);
    else perform(action);
  }

  function markMailed(event: FormEvent) {
    event.preventDefault();
    // The browser's own check (max) stops a future date first and focuses the field.
    if (mailedOn && !mailedInFuture && !mailed)
      attempt({ kind: 'mailed', input: { mailedOn, trackingNumber, followsFreeAnnualReport } });
  }

  return (
    <LetterDialog
      title={letter.kind === 'bureau' ? 'Letter Preview' : 'Furnisher Letter Preview'}
      onClose={onClose}
    >
      <pre
        tabIndex={0}
        aria-label="Letter text"
        className="letter-dialog-scroll px-4 py-4 font-serif text-sm break-words whitespace-pre-wrap text-gray-900 sm:px-6"
      >
        {letter.text}
      </pre>
      <div className="letter-dialog-footer">
        <details className="border-t border-gray-200 px-4 py-3 text-sm text-gray-900 sm:px-6">
          <summary className="cursor-pointer font-semibold">
            Mailing advice (not part of the letter)
          </summary>
          <pre
            aria-label="Mailing advice"
            className="mt-2 font-sans break-words whitespace-pre-wrap"
          >
            {letter.advice}
          </pre>
        </details>
        <div className="space-y-4 border-t border-gray-200 px-4 py-4 sm:px-6">
          {!pending && letter.placeholders.length > 0 && (
            <p className="text-sm text-gray-800">
              {PLACEHOLDER_WARNING.remaining} {letter.placeholders.join(', ')}.
            </p>
          )}
          {pending && (
            <div role="alert" className={warningClasses}>
              <p className="font-semibold">{PLACEHOLDER_WARNING.title}</p>
              <p className="mt-1">
                {letter.placeholders.join(', ')}. {PLACEHOLDER_WARNING.text}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  ref={proceed}
                  type="button"
                  onClick={() => perform(pending)}
                  className={buttonClasses('primary', smallButton)}
                >
                  {PLACEHOLDER_WARNING.proceed}
                </button>
                <button
                  type="button"
                  onClick={() => setPending(null)}
                  className={buttonClasses('secondary', smallButton)}
                >
                  {PLACEHOLDER_WARNING.cancel}
                </button>
              </div>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={onDownload}
              className={buttonClasses('primary', smallButton)}
            >
              Download Letter
            </button>
            <button
              type="button"
              onClick={() => attempt({ kind: 'export', format: 'docx' })}
              className={buttonClasses('secondary', smallButton)}
            >
              Word (.docx)
            </button>
            <button
              type="button"
              onClick={() => attempt({ kind: 'export', format: 'html' })}
              className={buttonClasses('secondary', smallButton)}
            >
              Google Docs (.html)
            </button>
            <button
              type="button"
              onClick={() => attempt({ kind: 'print' })}
              className={buttonClasses('secondary', smallButton)}
            >
              Print / Save as PDF
            </button>
            <button
              type="button"
              onClick={onClose}
              className={buttonClasses('secondary', smallButton)}
            >
              Close Preview
            </button>
          </div>
          <form onSubmit={markMailed} className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={`${titleId}-mailed-on`} className={labelClasses}>
                Mailed On
              </label>
              <input
                id={`${titleId}-mailed-on`}
                type="date"
                required
                max={today}
                value={mailedOn}
                aria-invalid={mailedInFuture || undefined}
                aria-describedby={mailedInFuture ? `${titleId}-mailed-on-error` : undefined}
                onChange={(event) => setMailedOn(event.target.value)}
                className={inputClasses}
              />
              {mailedInFuture && (
                <p id={`${titleId}-mailed-on-error`} className={errorClasses}>
                  {GENERATOR_MESSAGES.mailedInFuture}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={`${titleId}-tracking`} className={labelClasses}>
                Certified Mail Tracking Number
              </label>
              <input
                id={`${titleId}-tracking`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={40}
                value={trackingNumber}
                onChange={(event) => setTrackingNumber(event.target.value)}
                className={inputClasses}
              />
            </div>
            {letter.kind === 'bureau' && (
              <label className="flex items-center gap-2 pb-2 text-sm text-gray-900">
                <input
                  type="checkbox"
                  checked={followsFreeAnnualReport}
                  onChange={(event) => setFollowsFreeAnnualReport(event.target.checked)}
                />
                This dispute follows my free annual credit report
              </label>
            )}
            <button
              type="submit"
              disabled={mailed !== null}
              className={buttonClasses('secondary', smallButton)}
            >
              {mailed === 'done' ? 'Added to My Disputes' : 'Mark as mailed'}
            </button>
          </form>
          {mailed === 'done' && (
            <div role="status" className="flex flex-wrap items-center gap-3 text-sm">
              <p className="text-gray-900">
                It is in{' '}
                <Link to={paths.disputes} className="font-semibold text-blue-800 underline">
                  My Disputes
                </Link>{' '}
                with its deadline.
              </p>
              {onStartNew && (
                <button
                  type="button"
                  onClick={onStartNew}
                  className={buttonClasses('primary', smallButton)}
                >
                  Start a new letter
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </LetterDialog>
  );
}
