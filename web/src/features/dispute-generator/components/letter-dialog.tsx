import { useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from '../lib/use-focus-trap';

interface LetterDialogProps {
  title: string;
  onClose: () => void;
  /**
   * The dialog's content. The part that may be long carries `letter-dialog-scroll`: with room it
   * scrolls on its own; on a phone the whole dialog scrolls under the header.
   */
  children: ReactNode;
}

/**
 * A modal dialog for a letter: full screen on a phone, a centred box with room. Its title and
 * close cross always stay in view; focus is trapped inside and returns to the opener; Escape closes.
 */
export function LetterDialog({ title, onClose, children }: LetterDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(dialog, onClose);
  return (
    <div className="letter-dialog-backdrop fixed inset-0 z-50 bg-gray-900/60">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="letter-dialog bg-white shadow-xl"
      >
        <div className="letter-dialog-header flex items-center justify-between gap-4 border-b border-gray-200 bg-white px-4 py-3 sm:px-6">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
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
        {children}
      </div>
    </div>
  );
}
