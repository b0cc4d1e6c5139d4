import { buildLetter, BUREAUS, BUREAU_IDS, STATUTES, type LetterForm } from '@shared/letters';

/** Made-up details: the letter engine fills in the rest exactly as it does for a subscriber. */
const SAMPLE_FORM: LetterForm = {
  bureau: 'experian',
  errorType: 'incorrect-balance',
  accountName: 'Northwind Bank Visa ending in 4821',
  details:
    'Your report shows a balance of $2,340. I paid this card in full on March 3, 2025, and the account has had a $0 balance since.',
  sender: { name: 'Jane Sample', address: '12 Maple Street\nSpringfield, IL 62701' },
};
/** A fixed date, so the page prerendered at build time and the browser render the same text. */
const SAMPLE_DATE = new Date(2025, 3, 14);

/** Where the excerpt stops: before the closing paragraphs (notices, damages, signature). */
const EXCERPT_END = '\n\nUnder 15 U.S.C. §1681i(d)';

/** The opening of the sample letter, through its legal basis, as the engine writes it. */
export function sampleLetterExcerpt(): string {
  const letter = buildLetter(SAMPLE_FORM, SAMPLE_DATE);
  const end = letter.indexOf(EXCERPT_END);
  return end === -1 ? letter : letter.slice(0, end);
}

/** The bureaus' dispute mailing addresses, as every letter is addressed. */
export const BUREAU_ADDRESSES = BUREAU_IDS.map((id) => BUREAUS[id]);

/** The Fair Credit Reporting Act provisions behind every bureau letter, as the letters cite them. */
export const FCRA_BASIS = (['1681i', '1681e(b)', '1681c'] as const).map((id) => STATUTES[id]);
