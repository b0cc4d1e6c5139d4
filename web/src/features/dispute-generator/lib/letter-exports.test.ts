import { buildLetter, mailingAdvice, MAILING_ADVICE_HEADING } from '@shared/letters';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readBlob } from '../testing/read-blob';
import { letterToDocxBlob } from './letter-docx';
import { letterToHtml } from './letter-html';

const letter = buildLetter(
  {
    bureau: 'transunion',
    errorType: 'not-mine',
    accountName: 'Acme <Collections> & Sons',
    details: 'I never opened this "account".',
    evidence: 'Police report #123',
  },
  new Date(2026, 10, 22),
);
const advice = mailingAdvice('bureau');

function xmlText(xml: string): string {
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
    .map((match) => match[1] ?? '')
    .join('\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('Word export', () => {
  it('is a .docx holding every line of the letter, then the mailing advice on a new page', async () => {
    const blob = await letterToDocxBlob(letter, advice);
    const zip = await JSZip.loadAsync(await readBlob(blob));
    expect(Object.keys(zip.files)).toContain('[Content_Types].xml');
    const documentXml = await zip.file('word/document.xml')!.async('string');
    expect(documentXml).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    const text = xmlText(documentXml);
    for (const line of letter.trimEnd().split('\n').filter(Boolean)) expect(text).toContain(line);
    expect(text).toContain('Account name: Acme <Collections> & Sons');
    expect(text).toContain(
      'TransUnion LLC\nConsumer Dispute Center\nP.O. Box 2000\nChester, PA 19016',
    );
    expect(text.indexOf(MAILING_ADVICE_HEADING)).toBeGreaterThan(text.indexOf('Sincerely,'));
    // Exactly one page break, on the advice's first paragraph.
    const paragraphs = documentXml.split('<w:p>').slice(1);
    const breaks = paragraphs.filter((paragraph) => paragraph.includes('<w:pageBreakBefore/>'));
    expect(breaks).toHaveLength(1);
    expect(xmlText(breaks[0]!)).toBe(MAILING_ADVICE_HEADING);
  });
});

describe('Google Docs export', () => {
  it('is a well-formed XHTML-compatible document holding the letter, the advice on its own page', () => {
    const html = letterToHtml(letter, advice, 'dispute-letter-transunion-not-mine-2026-11-22.html');
    const parsed = new DOMParser().parseFromString(html, 'application/xhtml+xml');
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(parsed.documentElement.getAttribute('lang')).toBe('en');
    const letterPart = parsed.querySelector('div.letter')!;
    const paragraphs = [...letterPart.getElementsByTagName('p')].map((p) =>
      [...p.childNodes].map((node) => (node.nodeName === 'br' ? '\n' : node.textContent)).join(''),
    );
    const expected = letter
      .trimEnd()
      .split(/\n{2,}/)
      .map((block) => block.replace(/^ +/gm, (spaces) => '\u00a0'.repeat(spaces.length)));
    expect(paragraphs).toEqual(expected);
    expect(html).toContain('Acme &lt;Collections&gt; &amp; Sons');
    expect(parsed.querySelector('div.letter + div.advice')?.textContent).toContain(
      MAILING_ADVICE_HEADING,
    );
    expect(html).toMatch(/\.advice \{ page-break-before: always; break-before: page; \}/);
  });
});
