import { letterToHtml } from './letter-html';
import { saveFile } from './save-file';

export type ExportFormat = 'docx' | 'html';

const loadDocx = () => import('./letter-docx');

/**
 * Fetches the Word export chunk ahead of time, so that exporting itself makes no request:
 * letter work never touches the network.
 */
export function preloadLetterExports(): void {
  void loadDocx().catch(() => undefined);
}

export async function exportLetter(
  format: ExportFormat,
  text: string,
  fileName: string,
): Promise<void> {
  if (format === 'html') {
    saveFile(
      new Blob([letterToHtml(text, fileName)], { type: 'text/html;charset=utf-8' }),
      fileName,
    );
    return;
  }
  const { letterToDocxBlob } = await loadDocx();
  saveFile(await letterToDocxBlob(text), fileName);
}
