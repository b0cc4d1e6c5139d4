import { useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/button-styles';
import type { ExportFormat } from '../lib/export-letter';
import type { GuardedAction, MailedInput } from '../lib/guarded-action';
import type { PreparedLetter } from '../lib/prepared-letter';
import { useGuardedAction } from '../lib/use-guarded-action';
import type { MailedStatus } from '../lib/use-mark-mailed';
import { PLACEHOLDER_WARNING } from '../messages';
import { warningClasses } from './field-styles';
import { LetterDialog } from './letter-dialog';
import { MarkMailedForm } from './mark-mailed-form';

interface PreviewModalProps {
  letter: PreparedLetter;
  /** An action asked for outside the preview that waits for the placeholder warning. */
  pendingAction?: GuardedAction | null | undefined;
  onClose: () => void;
  onDownload: () => void;
  onExport: (format: ExportFormat) => void;
  onPrint: () => void;
  /** This letter's "Mark as mailed": being recorded, recorded, or not yet. */
  mailed?: MailedStatus;
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
  const guard = useGuardedAction(letter, pendingAction, (action) => {
    if (action.kind === 'export') onExport(action.format);
    else if (action.kind === 'print') onPrint();
    else onMarkMailed(action.input);
  });
  const { pending } = guard;
  const proceed = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (pending) proceed.current?.focus();
  }, [pending]);

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
                  onClick={guard.proceed}
                  className={buttonClasses('primary', smallButton)}
                >
                  {PLACEHOLDER_WARNING.proceed}
                </button>
                <button
                  type="button"
                  onClick={guard.cancel}
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
              onClick={() => guard.attempt({ kind: 'export', format: 'docx' })}
              className={buttonClasses('secondary', smallButton)}
            >
              Word (.docx)
            </button>
            <button
              type="button"
              onClick={() => guard.attempt({ kind: 'export', format: 'html' })}
              className={buttonClasses('secondary', smallButton)}
            >
              Google Docs (.html)
            </button>
            <button
              type="button"
              onClick={() => guard.attempt({ kind: 'print' })}
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
          <MarkMailedForm
            bureau={letter.kind === 'bureau'}
            mailed={mailed}
            onMarkMailed={(input) => guard.attempt({ kind: 'mailed', input })}
            onStartNew={onStartNew}
          />
        </div>
      </div>
    </LetterDialog>
  );
}
