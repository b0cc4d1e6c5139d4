import {
  EncryptedPDFError,
  PDFDocument,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

/** US Letter, in points (72 per inch). */
const PAGE = { width: 612, height: 792 } as const;
const INCH = 72;
const MARGIN = INCH;
const BODY_SIZE = 11;
const BODY_LEADING = 14;
const HEADER_SIZE = 10;
const HEADER_LEADING = 12;

/**
 * #10 window envelope (9½ × 4⅛ in; window 4½ × 1⅛ in, ⅞ in from the left and ½ in from the
 * bottom): a page folded in thirds shows this area of its top third through the window.
 */
export const WINDOW_ADDRESS = {
  left: INCH,
  top: 2.125 * INCH,
  width: 3.5 * INCH,
  height: INCH,
} as const;
/** The return address and date sit above the window; the letter goes on below it. */
const HEADER_BOTTOM = 2.0 * INCH;
const BODY_TOP_FIRST_PAGE = 3.375 * INCH;
const FOLDS = [PAGE.height / 3, (2 * PAGE.height) / 3];
/** The letters' closing (shared/letters CLOSING: this file imports nothing of the project). */
const CLOSING = 'Sincerely,';
/** The closing, two blank lines to sign on, and the name. */
const SIGNATURE_LINES = 4;

/** What the packet can embed (no project imports: the Node benchmark loads this file as is). */
export type ExhibitType = 'application/pdf' | 'image/jpeg' | 'image/png';

export interface PacketFile {
  name: string;
  type: ExhibitType;
  bytes: ArrayBuffer | Uint8Array;
}

/** One of the letter's numbered exhibits, as the letter describes it, with its files (maybe none). */
export interface PacketExhibit {
  number: number;
  description: string;
  files: readonly PacketFile[];
}

export interface PacketInput {
  letterText: string;
  /** The recipient's address lines, shown in the envelope window. */
  recipientLines: readonly string[];
  /** The letter's exhibits in order; each file is stamped with its exhibit's number. */
  exhibits: readonly PacketExhibit[];
  /** Notes for the consumer under the exhibit list, e.g. what to add by hand before mailing. */
  notes?: readonly string[] | undefined;
}

/** An attached file that cannot go into the packet, with a message saying which and why. */
export class ExhibitError extends Error {
  override name = 'ExhibitError';
}

const TYPE_NAMES: Readonly<Record<ExhibitType, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
};

/** Replaces characters the standard PDF fonts cannot draw (WinAnsi) with "?". */
function drawable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    [...text.replace(/\t/g, '    ')]
      .map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?'))
      .join('');
}

/** Breaks one paragraph line into lines at most `width` wide (long words are split). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) out.push(line);
    line = '';
    if (fits(word)) {
      line = word;
      continue;
    }
    // A word wider than the line: split it where it reaches the edge.
    let used = 0;
    for (const char of word) {
      const charWidth = font.widthOfTextAtSize(char, size);
      if (line && used + charWidth > width) {
        out.push(line);
        line = '';
        used = 0;
      }
      line += char;
      used += charWidth;
    }
  }
  out.push(line);
  return out;
}

interface LetterLayout {
  header: string[];
  body: string[];
}

/** Splits the letter around its inside address, which the window shows instead. */
function layoutLetter(letterText: string, recipientLines: readonly string[]): LetterLayout {
  const lines = letterText.replace(/\r\n/g, '\n').split('\n');
  const wanted = recipientLines.map((line) => line.trim());
  for (let at = 0; at + wanted.length <= lines.length; at++) {
    if (wanted.every((line, offset) => lines[at + offset]?.trim() === line)) {
      const header = lines.slice(0, at);
      while (header.at(-1)?.trim() === '') header.pop();
      const body = lines.slice(at + wanted.length);
      while (body[0]?.trim() === '') body.shift();
      return { header, body };
    }
  }
  return { header: [], body: lines };
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
  ) {}

  newPage(top = MARGIN): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - top;
  }

  /** Starts a new page unless all of `lines` fit on this one. */
  keepTogether(lines: readonly string[]): void {
    const width = PAGE.width - 2 * MARGIN;
    const count = lines.reduce(
      (sum, line) => sum + (line === '' ? 1 : wrap(line, this.font, BODY_SIZE, width).length),
      0,
    );
    if (this.y - count * BODY_LEADING < MARGIN) this.newPage();
  }

  /** Writes a wrapped paragraph line, starting a new page when the bottom margin is reached. */
  write(text: string, size = BODY_SIZE, leading = BODY_LEADING, font = this.font): void {
    const width = PAGE.width - 2 * MARGIN;
    for (const line of text === '' ? [''] : wrap(text, font, size, width)) {
      if (this.y - leading < MARGIN) this.newPage();
      this.y -= leading;
      if (line) this.page.drawText(line, { x: MARGIN, y: this.y, size, font });
    }
  }
}

function drawLetter(
  doc: PDFDocument,
  fonts: { regular: PDFFont; bold: PDFFont },
  input: PacketInput,
): number {
  const clean = drawable(fonts.regular);
  const { header, body } = layoutLetter(input.letterText, input.recipientLines);
  const writer = new Writer(doc, fonts.regular);
  writer.newPage(0.5 * INCH);
  const page = writer.page;

  // Return address and date above the window; what does not fit goes on below the address.
  // Counted in wrapped lines: a long line wrapped below the header's bottom ran into the window.
  const overflow: string[] = [];
  const headerWidth = PAGE.width - 2 * MARGIN;
  for (const line of header.map(clean))
    for (const part of line === '' ? [''] : wrap(line, fonts.regular, HEADER_SIZE, headerWidth)) {
      if (overflow.length > 0 || writer.y - HEADER_LEADING < PAGE.height - HEADER_BOTTOM)
        overflow.push(part);
      else writer.write(part, HEADER_SIZE, HEADER_LEADING);
    }

  const address = input.recipientLines.map(clean).slice(0, 6);
  const widest = Math.max(...address.map((line) => fonts.regular.widthOfTextAtSize(line, 11)));
  const size = Math.min(11, (11 * WINDOW_ADDRESS.width) / Math.max(widest, 1));
  const leading = Math.min(13, WINDOW_ADDRESS.height / Math.max(address.length, 1));
  address.forEach((line, index) =>
    page.drawText(line, {
      x: WINDOW_ADDRESS.left,
      y: PAGE.height - WINDOW_ADDRESS.top - size - index * leading,
      size,
      font: fonts.regular,
    }),
  );
  for (const y of FOLDS)
    page.drawLine({
      start: { x: 0, y },
      end: { x: 0.25 * INCH, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });

  writer.y = PAGE.height - BODY_TOP_FIRST_PAGE;
  const lines = [...overflow, ...(overflow.length > 0 ? [''] : []), ...body.map(clean)];
  lines.forEach((line, index) => {
    // The closing, the room to sign and the name stay on one page.
    if (line.trim() === CLOSING) writer.keepTogether(lines.slice(index, index + SIGNATURE_LINES));
    writer.write(line);
  });

  const count = writer.pages.length;
  if (count > 1)
    writer.pages.forEach((each, index) =>
      each.drawText(`Page ${index + 1} of ${count}`, {
        x:
          PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(`Page ${index + 1} of ${count}`, 9),
        y: 0.5 * INCH,
        size: 9,
        font: fonts.regular,
        color: rgb(0.3, 0.3, 0.3),
      }),
    );
  return count;
}

/** "Exhibit N" in a boxed label at the page's top right corner. */
function stamp(page: PDFPage, label: string, font: PDFFont): void {
  const { x, y, width, height } = page.getMediaBox();
  const size = 14;
  const textWidth = font.widthOfTextAtSize(label, size);
  const boxX = x + width - textWidth - 16 - 0.4 * INCH;
  const boxY = y + height - size - 12 - 0.4 * INCH;
  page.drawRectangle({
    x: boxX,
    y: boxY,
    width: textWidth + 16,
    height: size + 12,
    color: rgb(1, 1, 1),
    borderColor: rgb(0, 0, 0),
    borderWidth: 1.5,
  });
  page.drawText(label, { x: boxX + 8, y: boxY + 8, size, font, color: rgb(0, 0, 0) });
}

interface LoadedFile extends PacketFile {
  pages: number;
  pdf?: PDFDocument;
}

async function loadFile(file: PacketFile, number: number): Promise<LoadedFile> {
  if (file.type !== 'application/pdf') return { ...file, pages: 1 };
  try {
    const pdf = await PDFDocument.load(file.bytes, { updateMetadata: false });
    return { ...file, pdf, pages: pdf.getPageCount() };
  } catch (error) {
    throw new ExhibitError(
      error instanceof EncryptedPDFError
        ? `Exhibit ${number} (${file.name}) is a password-protected PDF. Print it and enclose it on paper, or attach an unprotected copy.`
        : `Exhibit ${number} (${file.name}) could not be read as a PDF.`,
    );
  }
}

/** "(PDF, 2 pages)", "(2 files, 3 pages)" or the warning that no file is attached. */
function exhibitListNote(files: readonly LoadedFile[]): string {
  if (files.length === 0) return '(no file attached: enclose a paper copy marked with this number)';
  const pages = files.reduce((sum, file) => sum + file.pages, 0);
  const what = files.length === 1 ? TYPE_NAMES[files[0]!.type] : `${files.length} files`;
  return `(${what}, ${pages} ${pages === 1 ? 'page' : 'pages'})`;
}

/**
 * One print-ready PDF: the letter (its first page laid out for a #10 window envelope), an
 * exhibit list in the letter's own words, then the files of each of the letter's exhibits, each
 * page stamped with its exhibit's number. Pure: runs in the
 * browser (nothing is sent anywhere) and in Node for the benchmark.
 */
export async function buildEvidencePacket(input: PacketInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Dispute letter and exhibits');
  doc.setProducer('Credit Dispute Letters (built in your browser)');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.TimesRoman),
    bold: await doc.embedFont(StandardFonts.TimesRomanBold),
  };
  const clean = drawable(fonts.regular);
  const exhibits = await Promise.all(
    input.exhibits.map(async (exhibit) => ({
      ...exhibit,
      files: await Promise.all(exhibit.files.map((file) => loadFile(file, exhibit.number))),
    })),
  );

  drawLetter(doc, fonts, input);

  const list = new Writer(doc, fonts.regular);
  list.newPage();
  list.write('Exhibit list', 16, 22, fonts.bold);
  list.write('');
  if (exhibits.length === 0) list.write('No exhibits are enclosed.');
  for (const exhibit of exhibits)
    list.write(
      `Exhibit ${exhibit.number}: ${clean(exhibit.description)} ${exhibitListNote(exhibit.files)}`,
    );
  for (const note of input.notes ?? []) {
    list.write('');
    list.write(clean(note), 10, 13);
  }

  for (const exhibit of exhibits) {
    const total = exhibit.files.reduce((sum, file) => sum + file.pages, 0);
    let page = 0;
    const label = () => {
      page++;
      return total > 1
        ? `Exhibit ${exhibit.number}, page ${page} of ${total}`
        : `Exhibit ${exhibit.number}`;
    };
    for (const file of exhibit.files) {
      if (file.pdf) {
        const copied = await doc.copyPages(file.pdf, file.pdf.getPageIndices());
        for (const each of copied) {
          doc.addPage(each);
          stamp(each, label(), fonts.bold);
        }
        continue;
      }
      let image;
      try {
        image =
          file.type === 'image/png'
            ? await doc.embedPng(file.bytes)
            : await doc.embedJpg(file.bytes);
      } catch {
        throw new ExhibitError(
          `Exhibit ${exhibit.number} (${file.name}) could not be read as a ${TYPE_NAMES[file.type]}.`,
        );
      }
      const sheet = doc.addPage([PAGE.width, PAGE.height]);
      const box = { width: PAGE.width - 1.0 * INCH, height: PAGE.height - 1.75 * INCH };
      const scale = Math.min(1, box.width / image.width, box.height / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      sheet.drawImage(image, {
        x: (PAGE.width - width) / 2,
        y: 0.5 * INCH + (box.height - height) / 2,
        width,
        height,
      });
      stamp(sheet, label(), fonts.bold);
    }
  }
  return doc.save();
}
