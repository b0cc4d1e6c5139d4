import { letterToHtml } from './letter-html';
import type { PreparedLetter } from './prepared-letter';
import { saveFile } from '@/lib/save-file';

export type ExportFormat = 'docx' | 'html';

const loadDocx = () => import('./letter-docx');

/**
 * Fetches the Word export chunk ahead of time, so that exporting itself makes no request:
 * letter work never touches the network. It waits until the browser is idle, because running
 * the Word library's module is one long task that would otherwise hold up the page's start.
 */
export function preloadLetterExports(): () => void {
  const load = () => void loadDocx().catch(() => undefined);
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(load, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(load, { timeout: 3000 });
  return () => cancelIdleCallback(handle);
}

export async function exportLetter(format: ExportFormat, letter: PreparedLetter): Promise<void> {
  const fileName = letter.fileNames[format];
  if (format === 'html') {
    saveFile(
      new Blob([letterToHtml(letter.text, letter.advice, fileName)], {
        type: 'text/html;charset=utf-8',
      }),
      fileName,
    );
    return;
  }
  const { letterToDocxBlob } = await loadDocx();
  saveFile(await letterToDocxBlob(letter.text, letter.advice), fileName);
}
