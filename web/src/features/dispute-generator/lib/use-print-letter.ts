import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PreparedLetter } from './prepared-letter';

/**
 * Printing a letter: the page renders the letter to print (`printed`) before the browser's print
 * dialog opens, and prints as itself again afterwards (e.g. with the browser's own Print).
 */
export function usePrintLetter() {
  const [printed, setPrinted] = useState<PreparedLetter | null>(null);
  const print = useCallback((letter: PreparedLetter) => {
    flushSync(() => setPrinted(letter));
    window.addEventListener('afterprint', () => setPrinted(null), { once: true });
    window.print();
  }, []);
  return [printed, print] as const;
}
