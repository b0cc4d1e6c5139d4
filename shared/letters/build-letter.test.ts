import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUREAUS,
  BUREAU_IDS,
  buildFurnisherLetter,
  buildLetter,
  ENCLOSURES,
  ERROR_TYPES,
  ERROR_TYPE_IDS,
  furnisherLetterFileName,
  LEGAL_BASIS_HEADING,
  letterFileName,
  SENDER_PLACEHOLDERS,
  STATUTES,
  type LetterForm,
} from './index';

const DATE = new Date(2026, 10, 22, 9, 30);

/** The product's citations table, written out independently of the engine. */
const CITATIONS_TABLE: Record<string, string[]> = {
  'incorrect-balance': ['1681i', '1681e(b)'],
  'duplicate-account': ['1681i', '1681e(b)'],
  'not-mine': ['1681i', '1681c', '1681e(b)'],
  'outdated-info': ['1681c', '1681c(a)(4)'],
  'incorrect-status': ['1681i', '1681e(b)', '1681s-2(b)'],
  'incorrect-dates': ['1681i', '1681e(b)'],
  'incorrect-payment-history': ['1681i', '1681e(b)', '1681s-2(b)'],
};

const FORBIDDEN = [/automatic(ally)?\s+delet/i, /609 requires/i, /original contract/i];

/** The citations listed in the legal-basis section, in order. */
function legalBasisCitations(letter: string): string[] {
  const section = letter.split(`${LEGAL_BASIS_HEADING}\n`)[1]?.split('\n\n')[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^- (?:15 U\.S\.C\. §(\S+)|(12 CFR 1022\.43)) /.exec(line))
    .map((match) => match?.[1] ?? match?.[2] ?? 'unparsed');
}

function form(overrides: Partial<LetterForm> = {}): LetterForm {
  return {
    bureau: 'experian',
    errorType: 'incorrect-balance',
    accountName: 'Capital One Visa ending 1234',
    details: 'The balance shows $2,400 but I paid it down to $150 in March.',
    ...overrides,
  };
}

describe('buildLetter for every bureau and error type', () => {
  for (const bureau of BUREAU_IDS) {
    for (const errorType of ERROR_TYPE_IDS) {
      it(`${bureau} × ${errorType}`, () => {
        const input = form({ bureau, errorType });
        const letter = buildLetter(input, DATE);

        expect(letter).toContain('November 22, 2026');
        for (const placeholder of [
          SENDER_PLACEHOLDERS.name,
          ...SENDER_PLACEHOLDERS.address,
          SENDER_PLACEHOLDERS.phone,
          SENDER_PLACEHOLDERS.email,
          SENDER_PLACEHOLDERS.signature,
        ])
          expect(letter).toContain(placeholder);
        expect(letter).toContain(BUREAUS[bureau].addressLines.join('\n'));
        expect(letter.replace(/\n/g, ', ')).toContain(BUREAUS[bureau].mailingAddress);
        expect(letter).toContain(`Account name: ${input.accountName}`);
        expect(letter).toContain(`Details: ${input.details}`);
        expect(letter).toContain(`Error type: ${ERROR_TYPES[errorType].label}`);
        expect(letter).toContain(ERROR_TYPES[errorType].description);
        expect(letter).toContain(`Requested action: ${ERROR_TYPES[errorType].request}`);
        expect(ERROR_TYPES[errorType].request).toMatch(/\b(delete|correct)\b/);
        expect(letter).toMatch(
          /Under 15 U\.S\.C\. §1681i, please conduct a reasonable reinvestigation[^\n]*within 30 days of receiving this dispute[^\n]*forward all relevant information[^\n]*furnished it/,
        );
        expect(legalBasisCitations(letter)).toEqual(CITATIONS_TABLE[errorType]);
        for (const id of CITATIONS_TABLE[errorType] ?? [])
          expect(letter).toContain(STATUTES[id as keyof typeof STATUTES].requirement);
        expect(letter).toContain('past 6 months, or in the past 2 years for employment purposes');
        expect(letter).toMatch(/§1681n[^\n]*willfully[^\n]*statutory damages of up to \$1,000/);
        expect(letter).toContain('more than 7 years');
        expect(letter).toContain('certified mail with return receipt requested');
        expect(letter).toMatch(/Sincerely,\n\n\n\[Your Signature\]\n\[Your Full Name\]/);
        expect(letter).not.toContain('Supporting evidence:');
        expect(letter).not.toContain('Enclosures:');
        for (const phrase of FORBIDDEN) expect(letter).not.toMatch(phrase);
        expect(letterFileName(input, DATE)).toBe(
          `dispute-letter-${bureau}-${errorType}-2026-11-22.txt`,
        );
      });
    }
  }
});

describe('buildLetter options', () => {
  it('adds an evidence section and an enclosure line only when evidence is given', () => {
    const letter = buildLetter(
      form({ evidence: 'Bank statement from March 2026\nPayoff confirmation letter' }),
      DATE,
    );
    expect(letter).toContain(
      'Supporting evidence:\nBank statement from March 2026\nPayoff confirmation letter',
    );
    expect(letter).toContain(`Enclosures:\n- ${ENCLOSURES['supporting-documents'].line}`);
    expect(buildLetter(form({ evidence: '   \n ' }), DATE)).not.toContain('Enclosures:');
  });

  it('lists the checked enclosures, in checklist order, without evidence', () => {
    const letter = buildLetter(form({ enclosures: ['credit-report-copy', 'id-copy'] }), DATE);
    expect(letter).toContain(
      `Enclosures:\n- ${ENCLOSURES['id-copy'].line}\n- ${ENCLOSURES['credit-report-copy'].line}\n`,
    );
    expect(letter).not.toContain('Supporting evidence:');
  });

  it('fills the sender block and signature from the user’s details', () => {
    const letter = buildLetter(
      form({
        sender: {
          name: 'Jane Q. Public',
          address: '12 Elm Street\nSpringfield, IL 62701',
          phone: '(217) 555-0100',
          email: 'jane@example.com',
        },
      }),
      DATE,
    );
    expect(
      letter.startsWith(
        'Jane Q. Public\n12 Elm Street\nSpringfield, IL 62701\n(217) 555-0100\njane@example.com\n\nNovember 22, 2026\n',
      ),
    ).toBe(true);
    expect(letter).toContain('[Your Signature]\nJane Q. Public\n');
    expect(letter).not.toContain('[Your Full Name]');
    expect(letter).not.toContain('[Your Street Address]');
  });

  it('keeps placeholders for the details left blank', () => {
    const letter = buildLetter(form({ sender: { name: 'Jane Q. Public', phone: ' ' } }), DATE);
    expect(letter).toContain(
      'Jane Q. Public\n[Your Street Address]\n[City, State ZIP Code]\n[Your Phone Number]\n[Your Email Address]',
    );
  });

  it('numbers several disputed items and merges their citations without repeats', () => {
    const input = form({
      errorType: 'incorrect-balance',
      additionalItems: [
        {
          errorType: 'outdated-info',
          accountName: 'Midland Credit',
          details: 'Charged off in 2016.',
        },
        {
          errorType: 'incorrect-status',
          accountName: 'Chase Auto',
          details: 'Paid in full, shown open.',
        },
      ],
    });
    const letter = buildLetter(input, DATE);
    expect(letter).toContain('Disputed items:\n1. Account name: Capital One Visa ending 1234\n');
    expect(letter).toContain(
      '\n2. Account name: Midland Credit\n   Error type: Outdated Information\n',
    );
    expect(letter).toContain('\n3. Account name: Chase Auto\n');
    expect(letter).toContain('The items listed below are inaccurate');
    expect(legalBasisCitations(letter)).toEqual([
      '1681i',
      '1681e(b)',
      '1681c',
      '1681c(a)(4)',
      '1681s-2(b)',
    ]);
    expect(letterFileName(input, DATE, 'docx')).toBe(
      'dispute-letter-experian-incorrect-balance-2026-11-22.docx',
    );
  });

  it('writes the date in long US format from the local calendar date', () => {
    expect(buildLetter(form(), new Date(2027, 0, 5, 23, 59))).toContain('\nJanuary 5, 2027\n');
    expect(letterFileName(form(), new Date(2027, 0, 5, 23, 59))).toBe(
      'dispute-letter-experian-incorrect-balance-2027-01-05.txt',
    );
  });

  it('never throws and always carries the user’s text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BUREAU_IDS),
        fc.constantFrom(...ERROR_TYPE_IDS),
        fc.string({ minLength: 1 }).filter((s) => /\S/.test(s) && !/[\r\n]/.test(s)),
        (bureau, errorType, accountName) => {
          const letter = buildLetter(form({ bureau, errorType, accountName }), DATE);
          expect(letter).toContain(`Account name: ${accountName.trim()}`);
        },
      ),
    );
  });
});

describe('buildFurnisherLetter', () => {
  const input = form({
    errorType: 'incorrect-payment-history',
    evidence: 'Bank statements showing on-time payments',
    additionalItems: [
      {
        errorType: 'not-mine',
        accountName: 'Acme Collections',
        details: 'Never had this account.',
      },
    ],
  });

  it('addresses the chosen item’s creditor and cites §1681s-2(a)(8) and 12 CFR 1022.43 only', () => {
    const letter = buildFurnisherLetter(input, DATE, {
      itemIndex: 1,
      address: 'Attn: Disputes\nPO Box 1\nDallas, TX 75201',
    });
    expect(letter).toContain(
      'November 22, 2026\n\nAcme Collections\nAttn: Disputes\nPO Box 1\nDallas, TX 75201\n',
    );
    expect(letter).toContain('Disputed item:\nAccount name: Acme Collections\n');
    expect(letter).not.toContain('Capital One');
    expect(legalBasisCitations(letter)).toEqual(['1681s-2(a)(8)', '12 CFR 1022.43']);
    expect(letter).toContain('within 30 days of receiving this notice');
    expect(letter).toContain('notify every consumer reporting agency');
    expect(letter).not.toContain('1681s-2(b)');
    // No private right of action for §1681s-2(a) duties: no damages threat, no bureau duties.
    expect(letter).not.toContain('1681n');
    expect(letter).not.toContain('1681i');
    for (const bureau of BUREAU_IDS)
      expect(letter).not.toContain(BUREAUS[bureau].addressLines.at(-1));
    expect(letter).toContain('Supporting evidence:\nBank statements showing on-time payments');
    expect(letter).toContain('Enclosures:');
    for (const phrase of FORBIDDEN) expect(letter).not.toMatch(phrase);
  });

  it('uses address placeholders when no address is given and names the file after the creditor', () => {
    const letter = buildFurnisherLetter(input, DATE, { itemIndex: 0 });
    expect(letter).toContain(
      "Capital One Visa ending 1234\n[Creditor's Dispute Address]\n[City, State ZIP Code]\n",
    );
    expect(furnisherLetterFileName(input, DATE, { itemIndex: 0 })).toBe(
      'furnisher-dispute-letter-capital-one-visa-ending-1234-incorrect-payment-history-2026-11-22.txt',
    );
    expect(() => buildFurnisherLetter(input, DATE, { itemIndex: 2 })).toThrow(RangeError);
  });
});
