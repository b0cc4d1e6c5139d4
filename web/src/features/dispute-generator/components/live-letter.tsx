import { LetterDialog } from './letter-dialog';
import { panelClasses } from './field-styles';

const EMPTY = 'Choose the credit bureau and the error type in step 2 to see your letter here.';
const TITLE = 'Your letter so far';

/** The letter as the user types, beside the form on a wide screen. */
export function LiveLetterPanel({ text }: { text: string | null }) {
  return (
    <section aria-labelledby="live-letter-title" className={panelClasses}>
      <div className="border-b border-gray-200 pb-4">
        <h2 id="live-letter-title" className="text-lg font-bold">
          {TITLE}
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Updates as you type. Nothing leaves this browser.
        </p>
      </div>
      <LiveLetterText text={text} className="max-h-[calc(100vh-12rem)] overflow-y-auto pt-4" />
    </section>
  );
}

/** The same, on a phone: a full-screen sheet. */
export function LiveLetterSheet({ text, onClose }: { text: string | null; onClose: () => void }) {
  return (
    <LetterDialog title={TITLE} onClose={onClose}>
      <LiveLetterText text={text} className="letter-dialog-scroll px-4 py-4 sm:px-6" />
    </LetterDialog>
  );
}

function LiveLetterText({ text, className }: { text: string | null; className: string }) {
  if (text === null) return <p className={`${className} text-sm text-gray-700`}>{EMPTY}</p>;
  return (
    <pre
      tabIndex={0}
      aria-label="Letter so far"
      className={`${className} font-serif text-sm break-words whitespace-pre-wrap text-gray-900`}
    >
      {text}
    </pre>
  );
}
