import { BUREAUS } from '@shared/letters';
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { samplePdf, TINY_PNG } from '@/testing/exhibit-fixtures';
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

/** The text drawn on a page of the packet (its standard-font strings, hex-decoded). */
async function pageText(bytes: Uint8Array, index: number): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(index).node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let text = '';
  for (const ref of streams) {
    const stream = doc.context.lookup(ref as never);
    if (!(stream instanceof PDFRawStream)) continue;
    const raw = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    for (const [, hex] of raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      text += `${hex!.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)))}\n`;
  }
  return text;
}

/** Each line drawn on a page, with its baseline's height from the page's bottom. */
async function pageLines(bytes: Uint8Array, index: number): Promise<{ text: string; y: number }[]> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(index).node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  const lines: { text: string; y: number }[] = [];
  for (const ref of streams) {
    const stream = doc.context.lookup(ref as never);
    if (!(stream instanceof PDFRawStream)) continue;
    const raw = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    for (const [, y, hex] of raw.matchAll(/[-\d.]+ ([-\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g))
      lines.push({
        y: Number(y),
        text: hex!.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16))),
      });
  }
  return lines;
}

const file = (name: string, type: 'image/png' | 'application/pdf', bytes: Uint8Array) => ({
  name,
  type,
  bytes,
});

describe('buildEvidencePacket', () => {
  it('never splits "Sincerely," from the name under it, wherever the page ends', async () => {
    // Body lengths around the first page's end: some put "Sincerely," on its last lines.
    for (let paragraphs = 20; paragraphs <= 40; paragraphs++) {
      const letter = [
        LETTER,
        ...Array.from({ length: paragraphs }, (_, at) => `Paragraph ${at + 1}.`),
        '',
        'Sincerely,',
        '',
        '',
        'Jane Q. Public',
      ].join('\n');
      const packet = await buildEvidencePacket({
        letterText: letter,
        recipientLines: BUREAUS.transunion.addressLines,
        exhibits: [],
      });
      const letterPages = (await pageCount(packet)) - 1;
      const pages = await Promise.all(
        Array.from({ length: letterPages }, (_, index) => pageText(packet, index)),
      );
      const withClosing = pages.find((text) => text.includes('Sincerely,'))!;
      expect(withClosing, `${paragraphs} paragraphs`).toMatch(
        /Sincerely,\n(.*\n)*Jane Q\. Public\n/,
      );
    }
  });

  it("is the letter, the exhibit list in the letter's words, then each exhibit's files", async () => {
    const packet = await buildEvidencePacket({
      letterText: LETTER,
      recipientLines: BUREAUS.transunion.addressLines,
      exhibits: [
        {
          number: 1,
          description: 'Bank statement dated March 2024',
          files: [
            file('IMG_2034.png', 'image/png', TINY_PNG),
            file('two-pages.pdf', 'application/pdf', await samplePdf(2)),
          ],
        },
        { number: 2, description: 'Payoff letter', files: [] },
        {
          number: 3,
          description: 'Payment confirmation',
          files: [file('statement.pdf', 'application/pdf', await samplePdf(1))],
        },
      ],
      notes: ['Identity lines are not kept on this device: add them by hand before mailing.'],
    });
    // 1 letter page + exhibit list + Exhibit 1 (1 image page + 2 PDF pages) + Exhibit 3 (1 page).
    expect(await pageCount(packet)).toBe(6);
    expect((await PDFDocument.load(packet)).getTitle()).toBe('Dispute letter and exhibits');
    const list = await pageText(packet, 1);
    expect(list).toContain('Exhibit 1: Bank statement dated March 2024 (2 files, 3 pages)');
    expect(list).toContain(
      'Exhibit 2: Payoff letter (no file attached: enclose a paper copy marked with this number)',
    );
    expect(list).toContain('Exhibit 3: Payment confirmation (PDF, 1 page)');
    expect(list).not.toContain('IMG_2034');
    expect(list).toContain('Identity lines are not kept on this device');
    // Every page of an exhibit carries its number; the files of Exhibit 3 are not "Exhibit 2".
    expect(await pageText(packet, 2)).toContain('Exhibit 1, page 1 of 3');
    expect(await pageText(packet, 4)).toContain('Exhibit 1, page 3 of 3');
    expect(await pageText(packet, 5)).toContain('Exhibit 3');
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

  it('keeps a long return address above the window: what does not fit goes on below it', async () => {
    // The generator's longest name (120) and address (300), in its widest letter: the last
    // address line starts near the header's bottom and wraps onto a second line.
    const name = 'W'.repeat(120);
    const address = ['W'.repeat(197), 'W'.repeat(50), 'W'.repeat(51)];
    const letter = LETTER.replace('Jane Q. Public', name)
      .replace('12 Elm Street', `${address[0]}\n${address[1]}`)
      .replace('Springfield, IL 62701', address[2]!);
    const packet = await buildEvidencePacket({
      letterText: letter,
      recipientLines: BUREAUS.transunion.addressLines,
      exhibits: [],
    });
    const lines = await pageLines(packet, 0);
    const windowTop = 792 - WINDOW_ADDRESS.top;
    const firstAddressLine = lines.find(
      (line) => line.text === BUREAUS.transunion.addressLines[0],
    )!;
    expect(firstAddressLine.y).toBeLessThan(windowTop);
    // Every other line is clear of the window: above it (a 10-point line's descent included)
    // or below it, where the letter goes on.
    for (const line of lines)
      if (!BUREAUS.transunion.addressLines.includes(line.text))
        expect(
          line.y - 3 > windowTop || line.y < windowTop - WINDOW_ADDRESS.height,
          `${line.text.slice(0, 20)}… at y ${line.y}`,
        ).toBe(true);
    // Nothing of the letter is lost: the date and the rest of the address come after the window.
    const texts = lines.map((line) => line.text);
    expect(texts).toContain('December 20, 2026');
    expect(texts.filter((text) => /^W+$/.test(text)).join('')).toBe(name + address.join(''));
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
        { number: 1, description: 'Receipt', files: [file('ok.png', 'image/png', TINY_PNG)] },
        {
          number: 2,
          description: 'Photo',
          files: [file('photo.png', 'image/png', new Uint8Array([1, 2, 3]))],
        },
      ],
    });
    await expect(broken).rejects.toThrow(ExhibitError);
    await expect(broken).rejects.toThrow('Exhibit 2 (photo.png) could not be read as a PNG image.');
    await expect(
      buildEvidencePacket({
        letterText: LETTER,
        recipientLines: [],
        exhibits: [
          {
            number: 1,
            description: 'Scan',
            files: [file('scan.pdf', 'application/pdf', TINY_PNG)],
          },
        ],
      }),
    ).rejects.toThrow('Exhibit 1 (scan.pdf) could not be read as a PDF.');
  });
});
