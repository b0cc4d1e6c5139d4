import { Document, Packer, Paragraph, TextRun } from 'docx';

/** US Letter, 8.5 × 11 in, in twentieths of a point (docx defaults to A4). */
const US_LETTER = { width: 12240, height: 15840 };

function paragraphs(text: string, startOnNewPage: boolean): Paragraph[] {
  return text
    .trimEnd()
    .split('\n')
    .map(
      (line, index) =>
        new Paragraph({
          spacing: { after: 0 },
          pageBreakBefore: startOnNewPage && index === 0,
          children: [new TextRun({ text: line, font: 'Times New Roman', size: 24 })],
        }),
    );
}

/**
 * A Word document with one paragraph per letter line, in a letter font, and the mailing advice
 * on a page of its own after it (loaded on demand).
 */
export function letterToDocxBlob(text: string, advice: string): Promise<Blob> {
  const document = new Document({
    creator: 'Credit Dispute Letters',
    title: 'Dispute letter',
    sections: [
      {
        properties: { page: { size: US_LETTER } },
        children: [...paragraphs(text, false), ...paragraphs(advice, true)],
      },
    ],
  });
  return Packer.toBlob(document);
}
