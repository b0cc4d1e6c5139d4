import { Document, Packer, Paragraph, TextRun } from 'docx';

/** US Letter, 8.5 × 11 in, in twentieths of a point (docx defaults to A4). */
const US_LETTER = { width: 12240, height: 15840 };

/** A Word document with one paragraph per letter line, in a letter font (loaded on demand). */
export function letterToDocxBlob(text: string): Promise<Blob> {
  const paragraphs = text
    .trimEnd()
    .split('\n')
    .map(
      (line) =>
        new Paragraph({
          spacing: { after: 0 },
          children: [new TextRun({ text: line, font: 'Times New Roman', size: 24 })],
        }),
    );
  const document = new Document({
    creator: 'Credit Dispute Letters',
    title: 'Dispute letter',
    sections: [{ properties: { page: { size: US_LETTER } }, children: paragraphs }],
  });
  return Packer.toBlob(document);
}
