import { createPortal } from 'react-dom';

/** The letter as the print stylesheet shows it: a direct child of <body>, hidden on screen. */
export function PrintLetter({ text }: { text: string }) {
  return createPortal(<pre className="dispute-letter-print">{text}</pre>, document.body);
}
