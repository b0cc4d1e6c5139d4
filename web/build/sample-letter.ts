import type { Plugin } from 'vite';
import {
  BUREAU_IDS,
  BUREAUS,
  buildLetter,
  ERROR_TYPE_IDS,
  STATUTES,
  type LetterForm,
} from '../../shared/letters';

export const SAMPLE_LETTER_MODULE = 'virtual:sample-letter';
const RESOLVED = `\0${SAMPLE_LETTER_MODULE}`;

/** Made-up details: the letter engine fills in the rest exactly as it does for a subscriber. */
const SAMPLE_FORM: LetterForm = {
  bureau: 'experian',
  errorType: 'incorrect-balance',
  accountName: 'Northwind Bank Visa',
  accountNumber: 'ending in 4821',
  reportedBalance: '$2,340',
  correctBalance: '$0',
  details: 'I paid this card in full on March 3, 2025. My bank statement shows the payment.',
  sender: { name: 'Jane Sample', address: '12 Maple Street\nSpringfield, IL 62701' },
};
const SAMPLE_DATE = new Date(2025, 3, 14);
/** Where the excerpt stops: before the closing paragraphs (damages, signature). */
const EXCERPT_END = '\n\nAs a reminder of my rights';

/** The sections every bureau letter rests on, each in one sentence for the home page. */
const FCRA_BASIS = [
  {
    id: '1681i',
    requirement:
      'requires a consumer reporting agency to conduct a free, reasonable reinvestigation of information a consumer disputes, to record its current status or delete it within 30 days of receiving the dispute, and to notify the furnisher of the dispute within 5 business days.',
  },
  {
    id: '1681e(b)',
    requirement:
      'requires a consumer reporting agency to follow reasonable procedures to assure maximum possible accuracy of the information in the reports it prepares.',
  },
  {
    id: '1681c',
    requirement:
      'limits how long adverse information may appear in a consumer report and bars reporting information once its reporting period has passed.',
  },
] as const;

/** What the home page shows of the letter engine, made by the engine itself. */
export function sampleLetterData() {
  const letter = buildLetter(SAMPLE_FORM, SAMPLE_DATE);
  const end = letter.indexOf(EXCERPT_END);
  if (end === -1) throw new Error('the sample letter no longer has its damages paragraph');
  return {
    excerpt: letter.slice(0, end),
    bureaus: BUREAU_IDS.map((id) => ({
      id,
      name: BUREAUS[id].name,
      mailingAddress: BUREAUS[id].mailingAddress,
    })),
    fcraBasis: FCRA_BASIS.map(({ id, requirement }) => ({
      id,
      citation: `15 U.S.C. ${STATUTES[id].citation}`,
      requirement,
    })),
    // Counted, not written: the stats strip follows the error types the generator offers.
    disputeTypes: ERROR_TYPE_IDS.length,
  };
}

/**
 * `virtual:sample-letter`: the home page's sample letter excerpt, bureau addresses and FCRA
 * basis, rendered by the letter engine (shared/letters) when the SPA is built. The page ships
 * the text, not the engine: the engine stays out of the home page's JavaScript.
 */
export function sampleLetterPlugin(): Plugin {
  return {
    name: 'sample-letter',
    resolveId: (id) => (id === SAMPLE_LETTER_MODULE ? RESOLVED : undefined),
    load: (id) =>
      id === RESOLVED ? `export default ${JSON.stringify(sampleLetterData())};` : undefined,
  };
}
