import { toIsoDate } from '@shared/letters';
import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/button-styles';
import type { ExportFormat } from '../lib/export-letter';
import type { PreparedLetter } from '../lib/prepared-letter';
import { useFocusTrap } from '../lib/use-focus-trap';
import { inputClasses, labelClasses } from './field-styles';

export interface MailedInput {
  mailedOn: string;
  followsFreeAnnualReport: boolean;
}

interface PreviewModalProps {
  letter: PreparedLetter;
  onClose: () => void;
  onDownload: () => void;
  onExport: (format: ExportFormat) => void;
  onPrint: () => void;
  onMarkMailed: (input: MailedInput) => void;
}

const smallButton = 'px-3 py-2 text-sm';

export function PreviewModal({
  letter,
  onClose,
  onDownload,
  onExport,
  onPrint,
  onMarkMailed,
}: PreviewModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [mailedOn, setMailedOn] = useState(() => toIsoDate(new Date()));
  const [followsFreeAnnualReport, setFollowsFreeAnnualReport] = useState(false);
  useFocusTrap(dialog, onClose);

  function markMailed(event: FormEvent) {
    event.preventDefault();
    if (mailedOn) onMarkMailed({ mailedOn, followsFreeAnnualReport });
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-900/60 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="flex max-h-full w-full max-w-3xl flex-col overflow-y-auto rounded-xl bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-6 py-4">
          <h2 id={titleId} className="text-xl font-bold">
            {letter.kind === 'bureau' ? 'Letter Preview' : 'Furnisher Letter Preview'}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded-lg p-2 text-2xl leading-none text-gray-700 hover:bg-gray-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <pre
          tabIndex={0}
          aria-label="Letter text"
          className="max-h-[60vh] shrink-0 overflow-auto px-6 py-4 font-serif text-sm whitespace-pre-wrap text-gray-900"
        >
          {letter.text}
        </pre>
        <div className="space-y-4 border-t border-gray-200 px-6 py-4">
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
              onClick={() => onExport('docx')}
              className={buttonClasses('secondary', smallButton)}
            >
              Word (.docx)
            </button>
            <button
              type="button"
              onClick={() => onExport('html')}
              className={buttonClasses('secondary', smallButton)}
            >
              Google Docs (.html)
            </button>
            <button
              type="button"
              onClick={onPrint}
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
                Mailed on
              </label>
              <input
                id={`${titleId}-mailed-on`}
                type="date"
                required
                value={mailedOn}
                onChange={(event) => setMailedOn(event.target.value)}
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
            <button type="submit" className={buttonClasses('secondary', smallButton)}>
              Mark as mailed
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
