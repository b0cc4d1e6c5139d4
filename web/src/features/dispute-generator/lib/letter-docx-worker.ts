// The Word export's own thread (export-letter.ts starts it): the docx library's first run and
// each document it packs stay off the page's main thread.
import { letterToDocxBlob } from './letter-docx';

export interface DocxRequest {
  text: string;
  advice: string;
}

export type DocxReply = { blob: Blob } | { error: string };

self.addEventListener('message', (event: MessageEvent<DocxRequest>) => {
  const [reply] = event.ports;
  if (!reply) return;
  letterToDocxBlob(event.data.text, event.data.advice).then(
    (blob) => reply.postMessage({ blob } satisfies DocxReply),
    (error: unknown) =>
      reply.postMessage({
        error: error instanceof Error ? error.message : String(error),
      } satisfies DocxReply),
  );
});
