import { BUREAUS } from '@shared/letters';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { samplePdf, TINY_PNG } from '../testing/exhibit-fixtures';
import { buildEvidencePacket, ExhibitError, WINDOW_ADDRESS } from './evidence-packet';

const LETTER = [
  'Jane Q. Public',
  '12 Elm Street',
  'Springfield, IL 62701',
  '',
  'December 20, 2026',
  '',
  ...BUREAUS.transunion.addressLines,
  '',
  'Re: Request for the method of verification',
  '',
  'Body of the letter with § and “quotes” and an emoji 🙂 that the font cannot draw.',
].join('\n');

async function pageCount(bytes: Uint8Array) {
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('buildEvidencePacket', () => {
  it('is the letter, the exhibit list, then each exhibit', async () => {
    const packet = await buildEvidencePacket({
      letterText: LETTER,
      recipientLines: BUREAUS.transunion.addressLines,
      exhibits: [
        { name: 'statement.png', type: 'image/png', bytes: TINY_PNG },
        { name: 'statement.pdf', type: 'application/pdf', bytes: await samplePdf(1) },
        { name: 'two-pages.pdf', type: 'application/pdf', bytes: await samplePdf(2) },
      ],
    });
    // 1 letter page + exhibit list + 1 image page + 1 + 2 PDF pages.
    expect(await pageCount(packet)).toBe(6);
    expect((await PDFDocument.load(packet)).getTitle()).toBe('Dispute letter and exhibits');
  });

  it('puts a long letter on several pages and keeps the address inside the window', async () => {
    const long = LETTER.replace('Body of the letter', 'A long line. '.repeat(2000));
    const packet = await buildEvidencePacket({
      letterText: long,
      recipientLines: BUREAUS.transunion.addressLines,
      exhibits: [],
    });
    expect(await pageCount(packet)).toBeGreaterThan(3);
    expect(WINDOW_ADDRESS.top + WINDOW_ADDRESS.height).toBeLessThan(792 / 3);
  });

  it('wraps a word longer than a line instead of running off the page', async () => {
    const packet = await buildEvidencePacket({
      letterText: LETTER.replace('Body of the letter', 'x'.repeat(10_000)),
      recipientLines: BUREAUS.experian.addressLines,
      exhibits: [],
    });
    expect(await pageCount(packet)).toBeGreaterThanOrEqual(3);
  });

  it('names the exhibit it cannot read', async () => {
    const broken = buildEvidencePacket({
      letterText: LETTER,
      recipientLines: BUREAUS.transunion.addressLines,
      exhibits: [
        { name: 'ok.png', type: 'image/png', bytes: TINY_PNG },
        { name: 'photo.png', type: 'image/png', bytes: new Uint8Array([1, 2, 3]) },
      ],
    });
    await expect(broken).rejects.toThrow(ExhibitError);
    await expect(broken).rejects.toThrow('Exhibit 2 (photo.png) could not be read as a PNG image.');
    await expect(
      buildEvidencePacket({
        letterText: LETTER,
        recipientLines: [],
        exhibits: [{ name: 'scan.pdf', type: 'application/pdf', bytes: TINY_PNG }],
      }),
    ).rejects.toThrow('Exhibit 1 (scan.pdf) could not be read as a PDF.');
  });
});
