import { letterToHtml } from './letter-html';
import type { DocxReply, DocxRequest } from './letter-docx-worker';
import type { PreparedLetter } from './prepared-letter';
import { saveFile } from '@/lib/save-file';

export type ExportFormat = 'docx' | 'html';

let docxWorker: Worker | null = null;

/** The Word export's worker, started once: it loads the docx library when it starts. */
function startDocxWorker(): Worker {
  if (docxWorker) return docxWorker;
  const worker = new Worker(new URL('./letter-docx-worker.ts', import.meta.url), {
    type: 'module',
  });
  // One that could not start (offline when it loaded) is replaced at the next export.
  worker.addEventListener('error', () => {
    if (docxWorker === worker) docxWorker = null;
  });
  docxWorker = worker;
  return worker;
}

/** The letter as a Word file, packed in the worker; one reply channel per request. */
function docxBlob(text: string, advice: string): Promise<Blob> {
  // Without workers (jsdom, in the component tests), on this thread.
  if (typeof Worker !== 'function')
    return import('./letter-docx').then(({ letterToDocxBlob }) => letterToDocxBlob(text, advice));
  const worker = startDocxWorker();
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const failed = () => {
      channel.port1.close();
      reject(new Error('The Word export could not start.'));
    };
    worker.addEventListener('error', failed, { once: true });
    channel.port1.onmessage = ({ data }: MessageEvent<DocxReply>) => {
      worker.removeEventListener('error', failed);
      channel.port1.close();
      if ('blob' in data) resolve(data.blob);
      else reject(new Error(data.error));
    };
    worker.postMessage({ text, advice } satisfies DocxRequest, [channel.port2]);
  });
}

/**
 * Starts the Word export's worker ahead of time, so that exporting itself makes no request:
 * letter work never touches the network. It waits until the browser is idle; the library's
 * first run then happens in the worker, not on the page's thread.
 */
export function preloadLetterExports(): () => void {
  if (typeof Worker !== 'function') return () => {};
  const load = () => void startDocxWorker();
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
  saveFile(await docxBlob(letter.text, letter.advice), fileName);
}
