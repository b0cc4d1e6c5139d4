import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A valid 1×1 PNG. */
export const TINY_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/** A PDF of `pages` Letter pages, each saying which page it is. */
export async function samplePdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++)
    doc.addPage([612, 792]).drawText(`Bank statement page ${page}`, { x: 72, y: 700, font });
  return doc.save();
}
