import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import { CLOSING, SALUTATION } from '../build-letter';

/**
 * Plain-words measures of a letter, for tests and the letter bench only (the libraries are
 * development dependencies). Words and sentences are counted by the platform's Unicode
 * segmenter (Intl.Segmenter), syllables by `syllable`, the grade by `flesch-kincaid`.
 */

/** The body: from after the salutation to before the closing (no addresses, no enclosures). */
export function letterBody(letter: string): string {
  const start = letter.indexOf(`${SALUTATION}\n`);
  const end = letter.indexOf(`\n${CLOSING}\n`);
  if (start < 0 || end < start) throw new Error('Not a letter: no salutation or closing');
  return letter.slice(start + SALUTATION.length, end).trim();
}

const words = new Intl.Segmenter('en', { granularity: 'word' });
const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

export function wordsOf(text: string): string[] {
  return [...words.segment(text)]
    .filter((segment) => segment.isWordLike)
    .map((segment) => segment.segment);
}

export interface Readability {
  words: number;
  sentences: number;
  syllables: number;
  /** Flesch–Kincaid grade level. */
  grade: number;
}

export function readability(text: string): Readability {
  const list = wordsOf(text);
  const counts = {
    word: list.length,
    sentence: [...sentences.segment(text)].filter((segment) => /\p{L}|\p{N}/u.test(segment.segment))
      .length,
    syllable: list.reduce((sum, word) => sum + Math.max(1, syllable(word)), 0),
  };
  return {
    words: counts.word,
    sentences: counts.sentence,
    syllables: counts.syllable,
    grade: fleschKincaid(counts),
  };
}

/**
 * A label line ("Account number: ending in 4321", "Exhibit 1: …", "Legal basis: …", "Disputed
 * items:"), bare or as a list item: its value is data or a citation list, not prose.
 */
const LABEL_LINE =
  /^(?:- |\d+\. |\s+)?(?:Disputed items?|Item \d+|Account name|Company|Account number|Information|Inquiry date|Type of item|Date of first delinquency|Date filed|Duplicate of|Identity theft report number|Proof|Exhibit \d+|Legal basis|What I disputed|Enclosures)(?::|$)/;
/** Label lines whose value is a sentence of the letter's own: measured without the label. */
const PROSE_LABELS =
  /^(What you report|What you report to credit bureaus|What is true|What I ask|Details|What is new[\w ]*): /;

/**
 * The prose of a letter's body, as the readability budget measures it: label lines left out,
 * except "What is true", "What I ask" and the like, whose sentences are kept without the label.
 */
export function letterProse(letter: string): string {
  return letterBody(letter)
    .split('\n')
    .flatMap((line) => {
      const prose = PROSE_LABELS.exec(line);
      if (prose) return [line.slice(prose[0].length)];
      return LABEL_LINE.test(line) ? [] : [line];
    })
    .join('\n');
}
