import { createPortal } from 'react-dom';

/** The letter as the print stylesheet shows it: a direct child of <body>, hidden on screen; the mailing advice on its own page. */
export function PrintLetter({ text, advice }: { text: string; advice: string }) {
  return createPortal(
    <div className="dispute-letter-print">
      <pre>{text}</pre>
      <pre className="dispute-letter-print-advice">{advice}</pre>
    </div>,
    document.body,
  );
}
