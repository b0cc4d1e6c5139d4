import { letterToHtml } from './letter-html';
import type { PreparedLetter } from './prepared-letter';
import { saveFile } from '@/lib/save-file';

export type ExportFormat = 'docx' | 'html';

const loadDocx = () => import('./letter-docx');

/**
 * Fetches the Word export chunk ahead of time, so that exporting itself makes no request:
 * letter work never touches the network. Called at the first interaction: running the Word
 * library's module is one long task that would otherwise hold up the page's start.
 */
export function preloadLetterExports(): void {
  void loadDocx().catch(() => undefined);
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
