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
  FURNISHER_PLACEHOLDERS,
  furnisherLetterFileName,
  letterFileName,
  letterTextFile,
  mailingAdvice,
  MAILING_ADVICE_HEADING,
  placeholdersIn,
  SENDER_PLACEHOLDERS,
  type ErrorTypeId,
  type ItemFacts,
} from './index';
import { letterBody, readability } from './testing/readability';
import { DETAILS, FACTS, form, item, SENDER } from './testing/typical-forms';

const DATE = new Date(2026, 10, 22, 9, 30);

/** The citations named on the letter's one legal-basis line, in order. */
function legalBasis(letter: string): string[] {
  const line = letter.split('\n').find((each) => each.startsWith('Legal basis:')) ?? '';
  return [...line.matchAll(/(§[\w()-]+|12 CFR 1022\.43)/g)].map((match) =>
    (match[1] ?? '').replace(/^§/, ''),
  );
}

function expectedCitations(
  errorType: ErrorTypeId,
  factsGiven: boolean,
  identityTheft: boolean,
): string[] {
  if (errorType === 'not-mine')
    return identityTheft ? ['1681i', '1681c-2', '1681e(b)'] : ['1681i', '1681e(b)'];
  if (errorType === 'outdated-info')
    return factsGiven ? ['1681i', '1681c(a)(4)', '1681c(c)(1)'] : ['1681i', '1681c(a)(4)'];
  return [...ERROR_TYPES[errorType].citations];
}

const THREATS = [/\bsue\b/i, /lawsuit/i, /legal action/i, /attorney general/i, /or else/i];
const MYTHS = [/automatic(ally)?\s+delet/i, /609 requires/i, /original contract/i];

describe('buildLetter: every bureau × type × facts given or not × identity theft or not', () => {
  for (const bureau of BUREAU_IDS)
    for (const errorType of ERROR_TYPE_IDS)
      for (const factsGiven of [true, false])
        for (const identityTheft of [false, true])
          it(`${bureau} × ${errorType} × ${factsGiven ? 'facts' : 'no facts'} × ${identityTheft ? 'identity theft' : 'no identity theft'}`, () => {
            const input = form({ bureau, ...item(errorType, factsGiven, identityTheft) });
            const letter = buildLetter(input, DATE);
            const isTheft = errorType === 'not-mine' && identityTheft;

            // The spec's elements, each once and accurate.
            expect(letter).toContain('\nNovember 22, 2026\n');
            expect(letter).toContain(`\n${BUREAUS[bureau].addressLines.join('\n')}\n`);
            expect(letter).toContain('within 30 days of getting this letter');
            expect(letter).toMatch(
              /Under §1681i\(d\), I designate everyone who got my report in the past 6 months, or in the past 2 years for a job/,
            );
            expect(letter.match(/§1681n/g)).toHaveLength(1);
            expect(letter).toContain('statutory damages of $100 to $1,000');
            expect(letter).not.toMatch(/up to \$1,000|as well as punitive/);
            expect(legalBasis(letter)).toEqual(expectedCitations(errorType, factsGiven, isTheft));
            expect(
              letter.split('\n').filter((line) => line.startsWith('Legal basis:')),
            ).toHaveLength(1);

            // The 7-year period only where it applies.
            if (errorType === 'outdated-info' && factsGiven) expect(letter).toContain('7 years');
            else if (errorType === 'incorrect-dates')
              expect(letter).toContain('most negative items may be reported for only 7 years');
            else if (errorType !== 'outdated-info') expect(letter).not.toContain('7 years');

            // Right law for Account Not Mine.
            if (errorType === 'not-mine' && !isTheft) {
              expect(letter).not.toContain('§1681c');
              expect(letter).toContain(
                'check that my file is not mixed with another person’s file',
              );
            }
            if (isTheft) {
              expect(letter).toContain('Under §1681c-2, please block it within 4 business days');
              expect(letter).toContain('not relate to any transaction I made');
              expect(letter).toContain('this letter is my statement of the information I dispute');
              expect(letter).toContain(
                `- My identity theft report${factsGiven ? ' (number FTC-123456789)' : ''} about Capital One Visa`,
              );
            } else expect(letter).not.toContain('1681c-2');

            // Sender block with identity lines, SSN as last 4 only, report number.
            expect(
              letter.startsWith(
                'Jane Q. Public\n12 Elm Street\nSpringfield, IL 62701\n(217) 555-0100\njane@example.com\nDate of birth: March 4, 1985\nSSN (last 4 digits): 6789\nPrevious address: 1 Oak Street, Peoria, IL 61602\n',
              ),
            ).toBe(true);
            expect(letter).toContain('Re: Dispute of my credit file (report number 3318-2207-51)');

            // The item: creditor, account number, reported, true, details, action, exhibits.
            expect(letter).toContain(
              `Disputed item: ${ERROR_TYPES[errorType].label}\nAccount name: Capital One Visa\nAccount number: ending in 4321\n`,
            );
            if (factsGiven)
              for (const words of FACTS[errorType].shows) expect(letter).toContain(words);
            expect(letter).toContain(`Details: ${DETAILS[errorType]}`);
            expect(letter).toMatch(/\nWhat I ask: please [^\n]+\.\n/);
            expect(letter).toContain('Proof: Exhibit 1, Exhibit 2.');
            expect(letter).toMatch(
              /Enclosures:\n- A copy of my government-issued photo ID\n- Proof of my current address[^\n]*\n(- My identity theft report[^\n]*\n)?- Exhibit 1: March 2026 bank statement\n- Exhibit 2: Payoff letter\n$/,
            );

            // Nothing to edit by hand, no advice inside the letter.
            expect(placeholdersIn(letter)).toEqual([]);
            expect(letter).not.toMatch(/\[[^\]]*\]/);
            expect(letter).not.toMatch(/remove this note|certified mail/i);
            expect(letter).toMatch(/Sincerely,\n\n\nJane Q\. Public\n/);

            // Plain words: grade ≤ 9, ≤ 300 words, first person, no threats, no myths.
            const body = letterBody(letter);
            const measured = readability(body);
            expect(measured.grade).toBeLessThanOrEqual(9);
            expect(measured.words).toBeLessThanOrEqual(300);
            expect(body).toMatch(/^I dispute /);
            expect(body).not.toMatch(/\b(we|our|the consumer)\b/i);
            for (const phrase of [...THREATS, ...MYTHS]) expect(letter).not.toMatch(phrase);
            expect(letterFileName(input, DATE)).toBe(
              `dispute-letter-${bureau}-${errorType}-2026-11-22.txt`,
            );
          });
});

describe('buildLetter with several items', () => {
  const input = form({
    additionalItems: [
      {
        ...item('outdated-info', true, false),
        accountName: 'Midland Credit',
        evidence: 'Collection notice, 2016',
      },
      { ...item('not-mine', true, true), accountName: 'Acme Collections', evidence: '' },
      {
        ...item('incorrect-payment-history', true, false),
        accountName: 'Chase Auto',
        evidence: '',
      },
    ],
  });
  const letter = buildLetter(input, DATE);

  it('numbers items and exhibits through the letter and merges citations without repeats', () => {
    expect(letter).toContain('\nItem 1: Incorrect Balance\nAccount name: Capital One Visa\n');
    expect(letter).toContain('\nItem 2: Outdated Information\nAccount name: Midland Credit\n');
    expect(letter).toContain('Proof: Exhibit 3.');
    expect(letter).toContain('- Exhibit 3: Collection notice, 2016\n');
    expect(letter).toContain('Item 3 is the result of identity theft');
    expect(legalBasis(letter)).toEqual([
      '1681i',
      '1681e(b)',
      '1681c(a)(4)',
      '1681c(c)(1)',
      '1681c-2',
      '1681s-2(b)',
    ]);
  });

  it('stays plain: ≤ 300 body words plus ≤ 90 for each further item, grade ≤ 9', () => {
    const measured = readability(letterBody(letter));
    expect(measured.words).toBeLessThanOrEqual(300 + 90 * 3);
    expect(measured.grade).toBeLessThanOrEqual(9);
  });
});

describe('Outdated Information: the reportable-until date by item type', () => {
  const cases: [string, ItemFacts, string, string[], boolean][] = [
    // [case, facts, date in the letter, citations after §1681i, obsolete on Nov 22, 2026]
    [
      'collection, 7 years after 180 days',
      { itemType: 'collection', dateOfFirstDelinquency: '2016-03-01' },
      'may not be reported after August 28, 2023',
      ['1681c(a)(4)', '1681c(c)(1)'],
      true,
    ],
    [
      'charge-off',
      { itemType: 'charge-off', dateOfFirstDelinquency: '2019-05-10' },
      'may not be reported after November 6, 2026',
      ['1681c(a)(4)', '1681c(c)(1)'],
      true,
    ],
    [
      'late payment, 7 years',
      { itemType: 'late-payment', dateOfFirstDelinquency: '2019-06-15' },
      'may not be reported after June 15, 2026',
      ['1681c(a)(5)'],
      true,
    ],
    [
      'late payment on Feb 29',
      { itemType: 'late-payment', dateOfFirstDelinquency: '2020-02-29' },
      'may be reported until February 28, 2027',
      ['1681c(a)(5)'],
      false,
    ],
    [
      'other, counted like a collection',
      { itemType: 'other', dateOfFirstDelinquency: '2019-01-01' },
      'may not be reported after June 30, 2026',
      ['1681c(a)(5)'],
      true,
    ],
    [
      'Chapter 7, 10 years from filing',
      { itemType: 'chapter-7', dateFiled: '2016-06-01' },
      'may not be reported after June 1, 2026',
      ['1681c(a)(1)'],
      true,
    ],
    [
      '8-year-old Chapter 7: not obsolete',
      { itemType: 'chapter-7', dateFiled: '2018-11-01' },
      'may be reported until November 1, 2028',
      ['1681c(a)(1)'],
      false,
    ],
    [
      'Chapter 13, 7 years by bureau policy',
      { itemType: 'chapter-13', dateFiled: '2017-05-01' },
      'the credit bureaus’ policy is to remove a Chapter 13 bankruptcy 7 years after filing, so it should have come off after May 1, 2024',
      ['1681c(a)(1)'],
      true,
    ],
    [
      'recent Chapter 13',
      { itemType: 'chapter-13', dateFiled: '2021-02-01' },
      'so it should come off after February 1, 2028',
      ['1681c(a)(1)'],
      false,
    ],
    [
      'collection not yet obsolete',
      { itemType: 'collection', dateOfFirstDelinquency: '2022-01-10' },
      'may be reported until July 9, 2029',
      ['1681c(a)(4)', '1681c(c)(1)'],
      false,
    ],
  ];
  for (const [name, facts, shows, citations, obsolete] of cases)
    it(name, () => {
      const letter = buildLetter(form({ ...item('outdated-info', false, false), ...facts }), DATE);
      expect(letter).toContain(shows);
      expect(legalBasis(letter)).toEqual(['1681i', ...citations]);
      if (obsolete)
        expect(letter).toMatch(/What I ask: please delete this item( under your policy)?\.\n/);
      else {
        expect(letter).not.toMatch(/please delete this item/);
        expect(letter).toMatch(
          /What I ask: please check that you report this date (of first delinquency|filed), so that the item comes off after /,
        );
      }
      if (facts.itemType?.startsWith('chapter')) expect(letter).toContain('Date filed: ');
      expect(readability(letterBody(letter)).grade).toBeLessThanOrEqual(9);
    });
});

describe('Outdated Information with an item type but no date', () => {
  it('cites the paragraph of the item type and asks for deletion without a computed date', () => {
    const letter = buildLetter(
      form({ ...item('outdated-info', false, false), itemType: 'chapter-7' }),
      DATE,
    );
    expect(legalBasis(letter)).toEqual(['1681i', '1681c(a)(1)']);
    expect(letter).toContain('Type of item: Chapter 7 bankruptcy\n');
    expect(letter).not.toContain('Date filed');
    expect(letter).toContain('What I ask: please delete this item.');
  });
});

describe('sender details', () => {
  it('never prints more than the last 4 digits of an SSN', () => {
    for (const ssnLast4 of ['111223333', '111-22-3333', '11122', '11']) {
      const letter = buildLetter(form({ sender: { ...SENDER, ssnLast4 } }), DATE);
      expect(letter).not.toContain('SSN');
      expect(letter).not.toMatch(/3333|11122/);
    }
  });

  it('keeps placeholders for a blank name and address only, and names them', () => {
    const letter = buildLetter(form({ sender: { phone: ' ' } }), DATE);
    expect(
      letter.startsWith(
        `${SENDER_PLACEHOLDERS.name}\n${SENDER_PLACEHOLDERS.address.join('\n')}\n\nNovember 22, 2026\n`,
      ),
    ).toBe(true);
    expect(letter).toMatch(/Sincerely,\n\n\n\[Your Full Name\]\n/);
    expect(placeholdersIn(letter)).toEqual([
      '[Your Full Name]',
      '[Your Street Address]',
      '[City, State ZIP Code]',
    ]);
    expect(letter).not.toContain('Re: Dispute of my credit file (');
  });

  it('lists only the checked enclosures, ID for identity theft, and nothing without any', () => {
    const none = buildLetter(form({ enclosures: [], evidence: '' }), DATE);
    expect(none).not.toContain('Enclosures:');
    const report = buildLetter(form({ enclosures: ['credit-report-copy'], evidence: '' }), DATE);
    expect(report).toMatch(
      new RegExp(`Enclosures:\\n- ${ENCLOSURES['credit-report-copy'].line}\\n$`),
    );
    const theft = buildLetter(
      form({ ...item('not-mine', false, true), enclosures: [], evidence: '' }),
      DATE,
    );
    expect(theft).toMatch(
      /Enclosures:\n- A copy of my government-issued photo ID\n- My identity theft report about Capital One Visa\n$/,
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
        fc.boolean(),
        fc.string({ minLength: 1 }).filter((s) => /\S/.test(s) && !/[\r\n]/.test(s)),
        (bureau, errorType, identityTheft, accountName) => {
          const letter = buildLetter(
            form({ bureau, ...item(errorType, true, identityTheft), accountName }),
            DATE,
          );
          expect(letter).toContain(`Account name: ${accountName.trim()}`);
        },
      ),
    );
  });
});

describe('mailing advice', () => {
  it('follows the letter in the text file as a separate section', () => {
    const letter = buildLetter(form(), DATE);
    const file = letterTextFile(letter, mailingAdvice('bureau'));
    expect(file.startsWith(letter)).toBe(true);
    const advice = file.slice(letter.length);
    expect(advice).toMatch(
      new RegExp(`^\\n-{60}\\n\\n${MAILING_ADVICE_HEADING.replace(/[()]/g, '\\$&')}\\n`),
    );
    expect(advice).toContain('sign it');
    expect(advice).toContain('certified mail with return receipt requested');
    expect(advice).toContain('Keep a copy');
    expect(mailingAdvice('furnisher')).toContain('certified mail with return receipt requested');
  });
});

describe('buildFurnisherLetter', () => {
  const others = [
    {
      ...item('incorrect-status', true, false),
      accountName: 'Chase Auto',
      evidence: 'Chase payoff letter',
    },
  ];

  for (const errorType of ERROR_TYPE_IDS)
    for (const identityTheft of [false, true])
      it(`${errorType} × ${identityTheft ? 'identity theft' : 'no identity theft'}: only this item, the right law, no credit-file deletion`, () => {
        const input = form({ ...item(errorType, true, identityTheft), additionalItems: others });
        const letter = buildFurnisherLetter(input, DATE, {
          itemIndex: 0,
          creditorName: 'Capital One, N.A.',
          address: 'Attn: Credit Bureau Disputes\nP.O. Box 30285\nSalt Lake City, UT 84130',
        });
        const isTheft = errorType === 'not-mine' && identityTheft;
        expect(letter).toContain(
          '\nNovember 22, 2026\n\nCapital One, N.A.\nAttn: Credit Bureau Disputes\nP.O. Box 30285\nSalt Lake City, UT 84130\n',
        );
        expect(legalBasis(letter)).toEqual([
          '1681s-2(a)(8)',
          '1681s-2(a)(3)',
          ...(isTheft ? ['1681s-2(a)(6)(B)'] : []),
          '12 CFR 1022.43',
        ]);
        expect(letter).toContain('please report the item as disputed by me');
        expect(letter).toContain('please correct it with every credit bureau you report it to');
        expect(letter).not.toContain('1681s-2(b)');
        expect(letter).not.toContain('1681n');
        expect(letter).not.toContain('1681i');
        expect(letter).not.toMatch(/delete[^.\n]*credit file/i);
        expect(letter).not.toContain(SENDER.reportNumber);
        // Only this item's facts and evidence: nothing of Chase Auto.
        expect(letter).not.toMatch(/Chase/);
        expect(letter).toMatch(
          /- Exhibit 1: March 2026 bank statement\n- Exhibit 2: Payoff letter\n$/,
        );
        if (isTheft) expect(letter).toContain('My identity theft report (number FTC-123456789)');
        for (const bureau of BUREAU_IDS)
          expect(letter).not.toContain(BUREAUS[bureau].addressLines.at(-1));
        const measured = readability(letterBody(letter));
        expect(measured.grade).toBeLessThanOrEqual(9);
        expect(measured.words).toBeLessThanOrEqual(300);
        for (const phrase of [...THREATS, ...MYTHS]) expect(letter).not.toMatch(phrase);
      });

  it('uses placeholders for a blank creditor name and address and names the file after the creditor', () => {
    const input = form({ additionalItems: others });
    const letter = buildFurnisherLetter(input, DATE, { itemIndex: 1 });
    expect(letter).toContain(
      `\n${FURNISHER_PLACEHOLDERS.name}\n${FURNISHER_PLACEHOLDERS.address.join('\n')}\n`,
    );
    expect(placeholdersIn(letter)).toEqual([
      "[Creditor's Name]",
      "[Creditor's Dispute Address]",
      '[City, State ZIP Code]',
    ]);
    expect(letter).toContain('- Exhibit 1: Chase payoff letter\n');
    expect(letter).not.toContain('Capital One');
    expect(
      furnisherLetterFileName(input, DATE, { itemIndex: 1, creditorName: 'Chase Bank USA' }),
    ).toBe('furnisher-dispute-letter-chase-bank-usa-incorrect-status-2026-11-22.txt');
    expect(() => buildFurnisherLetter(input, DATE, { itemIndex: 2 })).toThrow(RangeError);
  });
});
