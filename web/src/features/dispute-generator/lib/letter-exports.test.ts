import { buildLetter } from '@shared/letters';
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
  it('is a .docx whose word/document.xml holds every line of the letter', async () => {
    const blob = await letterToDocxBlob(letter);
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
  });
});

describe('Google Docs export', () => {
  it('is a well-formed XHTML-compatible document holding the letter', () => {
    const html = letterToHtml(letter, 'dispute-letter-transunion-not-mine-2026-11-22.html');
    const parsed = new DOMParser().parseFromString(html, 'application/xhtml+xml');
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(parsed.documentElement.getAttribute('lang')).toBe('en');
    const paragraphs = [...parsed.getElementsByTagName('p')].map((p) =>
      [...p.childNodes].map((node) => (node.nodeName === 'br' ? '\n' : node.textContent)).join(''),
    );
    const expected = letter
      .trimEnd()
      .split(/\n{2,}/)
      .map((block) => block.replace(/^ +/gm, (spaces) => '\u00a0'.repeat(spaces.length)));
    expect(paragraphs).toEqual(expected);
    expect(html).toContain('Acme &lt;Collections&gt; &amp; Sons');
  });
});
