import { Document, Packer, Paragraph, TextRun } from 'docx';

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
    sections: [{ children: paragraphs }],
  });
  return Packer.toBlob(document);
}
