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
  furnisherLetterApplies,
  I_D_REQUEST,
  furnisherLetterFileName,
  letterFileName,
  letterTextFile,
  mailingAdvice,
  MAILING_ADVICE_HEADING,
  placeholdersIn,
  requiredEnclosures,
  SENDER_PLACEHOLDERS,
  type ErrorTypeId,
  type ItemFacts,
  type LetterForm,
} from './index';
import { letterBody, letterProse, readability } from './testing/readability';
import { DETAILS, FACTS, form, item, SENDER } from './testing/typical-forms';

const DATE = new Date(2026, 10, 22, 9, 30);

/** The citations named on the letter's one legal-basis line, in order. */
function legalBasis(letter: string): string[] {
  const line = letter.split('\n').find((each) => each.startsWith('Legal basis:')) ?? '';
  return [...line.matchAll(/(§[\w()-]+|12 CFR 1022\.43)/g)].map((match) =>
    (match[1] ?? '').replace(/^§/, ''),
  );
}

/** `withReport`: identity theft with a report (the typical facts give its number). */
function expectedCitations(
  errorType: ErrorTypeId,
  factsGiven: boolean,
  withReport: boolean,
): string[] {
  if (errorType === 'not-mine')
    return withReport ? ['1681i', '1681c-2', '1681e(b)'] : ['1681i', '1681e(b)'];
  if (errorType === 'outdated-info')
    return factsGiven ? ['1681i', '1681c(a)(4)', '1681c(c)(1)'] : ['1681i', '1681c(a)'];
  // An inquiry asks which permissible purpose its user certified.
  if (errorType === 'unauthorized-inquiry')
    return [...ERROR_TYPES[errorType].citations, '1681b(f)', '1681e(a)'];
  return [...ERROR_TYPES[errorType].citations];
}

const DESIGNATION = I_D_REQUEST;

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
            // The typical facts give the report number: only then is there a report.
            const withReport = isTheft && factsGiven;

            // The spec's elements, each once and accurate.
            expect(letter).toContain('\nNovember 22, 2026\n');
            expect(letter).toContain(`\n${BUREAUS[bureau].addressLines.join('\n')}\n`);
            expect(letter).toContain('within 30 days of getting this letter');
            // §1681i(d) only for people the consumer names: never a blanket designation.
            expect(letter).not.toContain('§1681i(d)');
            expect(letter.match(/§1681n/g)).toHaveLength(1);
            expect(letter).toContain('statutory damages of $100 to $1,000');
            expect(letter).not.toMatch(/up to \$1,000|as well as punitive/);
            expect(legalBasis(letter)).toEqual(
              expectedCitations(errorType, factsGiven, withReport),
            );
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
            if (isTheft)
              expect(letter).toContain(
                'This account is the result of identity theft and does not relate to any transaction I made.',
              );
            if (withReport) {
              expect(letter).toContain('Under §1681c-2, please block it within 4 business days');
              expect(letter).toContain('this letter is my statement of the information I dispute');
              expect(letter).toContain(
                '- My identity theft report (number FTC-123456789) about Capital One Visa',
              );
            } else {
              expect(letter).not.toContain('1681c-2');
              expect(letter).not.toMatch(/identity theft report/i);
            }

            // Sender block with identity lines, SSN as last 4 only, report number.
            expect(
              letter.startsWith(
                'Jane Q. Public\n12 Elm Street\nSpringfield, IL 62701\n(217) 555-0100\njane@example.com\nDate of birth: March 4, 1985\nSSN (last 4 digits): 6789\nPrevious address: 1 Oak Street, Peoria, IL 61602\n',
              ),
            ).toBe(true);
            expect(letter).toContain('Re: Dispute of my credit file (report number 3318-2207-51)');

            // The item: creditor, account number, reported, true, details, action, exhibits.
            expect(letter).toContain(
              errorType === 'incorrect-personal-info'
                ? `Disputed item: ${ERROR_TYPES[errorType].label}\n`
                : errorType === 'unauthorized-inquiry'
                  ? `Disputed item: ${ERROR_TYPES[errorType].label}\nCompany: Capital One Visa\n`
                  : `Disputed item: ${ERROR_TYPES[errorType].label}\nAccount name: Capital One Visa\nAccount number: ending in 4321\n`,
            );
            if (factsGiven)
              for (const words of FACTS[errorType].shows) expect(letter).toContain(words);
            expect(letter).toContain(`Details: ${DETAILS[errorType]}`);
            expect(letter).toMatch(/\nWhat I ask: please [^\n]+\.\n/);
            expect(letter).toContain('Proof: Exhibit 1, Exhibit 2.');
            expect(letter).toContain(', and send my proof to the company that reported the item.');
            expect(letter).toMatch(
              /Enclosures:\n- A copy of my government-issued photo ID\n- Proof of my current address[^\n]*\n(- My identity theft report[^\n]*\n)?- Exhibit 1: March 2026 bank statement\n- Exhibit 2: Payoff letter\n$/,
            );

            // Nothing to edit by hand, no advice inside the letter.
            expect(placeholdersIn(letter)).toEqual([]);
            expect(letter).not.toMatch(/\[[^\]]*\]/);
            expect(letter).not.toMatch(/remove this note|certified mail/i);
            expect(letter).toMatch(/Sincerely,\n\n\nJane Q\. Public\n/);

            // Plain words on the prose alone: grade ≤ 9, ≤ 300 words, first person, no threats, no myths.
            const body = letterBody(letter);
            const measured = readability(letterProse(letter));
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
      'late payment, 7 years, one term for its date',
      { itemType: 'late-payment', dateOfFirstDelinquency: '2019-06-15' },
      'Date of first delinquency: June 15, 2019\nWhat is true: under §1681c(a)(5), it may not be reported after June 15, 2026 (7 years from the date of first delinquency).',
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
      'other, 7 years from the date, no 180 days',
      { itemType: 'other', dateOfFirstDelinquency: '2019-01-01' },
      'under §1681c(a)(5), it may not be reported after January 1, 2026 (7 years from the date of first delinquency)',
      ['1681c(a)(5)'],
      true,
    ],
    [
      'other, not yet obsolete',
      { itemType: 'other', dateOfFirstDelinquency: '2019-12-01' },
      'may be reported until December 1, 2026 (7 years from the date of first delinquency)',
      ['1681c(a)(5)'],
      false,
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
      { itemType: 'chapter-13', dateFiled: '2017-05-01', planCompleted: true },
      'the credit bureaus’ policy is to remove a Chapter 13 bankruptcy whose plan was completed 7 years after filing, so it should have come off after May 1, 2024',
      ['1681c(a)(1)'],
      true,
    ],
    [
      'recent Chapter 13',
      { itemType: 'chapter-13', dateFiled: '2021-02-01', planCompleted: true },
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
      if (obsolete && facts.itemType === 'late-payment')
        // The late marks go; the account (and its good history) may stay.
        expect(letter).toContain(
          'What I ask: please remove the late marks more than 7 years old from this account, and keep the rest of the account as it is.\n',
        );
      else if (obsolete)
        expect(letter).toMatch(/What I ask: please delete this item( under your policy)?\.\n/);
      else {
        expect(letter).not.toMatch(/please delete this item/);
        expect(letter).toMatch(
          /What I ask: please check that you report this date (of first delinquency|filed), so that the item comes off after /,
        );
      }
      if (facts.itemType?.startsWith('chapter')) expect(letter).toContain('Date filed: ');
      // The 180 days are §1681c(c)(1)'s, for collections and charge-offs only.
      if (!citations.includes('1681c(c)(1)')) expect(letter).not.toContain('180 days');
      expect(letter).not.toContain('from the late payment');
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
    expect(theft).toMatch(/Enclosures:\n- A copy of my government-issued photo ID\n$/);
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
        fc.constantFrom(...ERROR_TYPE_IDS.filter((type) => type !== 'incorrect-personal-info')),
        fc.boolean(),
        fc.string({ minLength: 1 }).filter((s) => /\S/.test(s) && !/[\r\n]/.test(s)),
        (bureau, errorType, identityTheft, accountName) => {
          const letter = buildLetter(
            form({ bureau, ...item(errorType, true, identityTheft), accountName }),
            DATE,
          );
          const label = errorType === 'unauthorized-inquiry' ? 'Company' : 'Account name';
          expect(letter).toContain(`${label}: ${accountName.trim()}`);
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

  for (const errorType of ERROR_TYPE_IDS.filter((errorType) =>
    furnisherLetterApplies({ errorType }),
  ))
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
          // The typical outdated item is a collection: its creditor reports the delinquency date.
          ...(errorType === 'outdated-info' ? ['1681s-2(a)(5)'] : []),
          ...(isTheft ? ['1681s-2(a)(6)(B)', '1681g(e)'] : []),
          '12 CFR 1022.43',
          // A collection's company is a debt collector (issue 41).
          ...(errorType === 'outdated-info' ? ['1692e(8)'] : []),
        ]);
        expect(letter).toContain('Please investigate, review the proof I send, and tell me');
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
        const measured = readability(letterProse(letter));
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

describe('the legal review’s findings', () => {
  const outdated = (facts: ItemFacts) => form({ ...item('outdated-info', false, false), ...facts });
  const creditorLetter = (input: LetterForm) =>
    buildFurnisherLetter(input, DATE, { itemIndex: 0, creditorName: 'Midland Credit' });

  it('1. offers no creditor letter for a bankruptcy: the bureaus take it from court records', () => {
    for (const itemType of ['chapter-7', 'chapter-13'] as const) {
      expect(furnisherLetterApplies({ errorType: 'outdated-info', itemType })).toBe(false);
      expect(() => creditorLetter(outdated({ itemType, dateFiled: '2019-05-01' }))).toThrow(
        RangeError,
      );
    }
    for (const itemType of ['collection', 'charge-off', 'late-payment', 'other', '', undefined])
      expect(furnisherLetterApplies({ errorType: 'outdated-info', itemType })).toBe(true);
    // Only Outdated Information asks for the item type; a stale value of another type is no bar.
    expect(furnisherLetterApplies({ errorType: 'incorrect-dates', itemType: 'chapter-7' })).toBe(
      true,
    );
  });

  it('2. tells the creditor what §1681c asks of the bureaus, and to stop furnishing once past it', () => {
    const past = creditorLetter(
      outdated({ itemType: 'collection', dateOfFirstDelinquency: '2017-01-10' }),
    );
    expect(past).toContain(
      'What is true: under §1681c(a)(4) and §1681c(c)(1), credit bureaus may not include it after July 9, 2024 (7 years, starting 180 days after the delinquency began).',
    );
    expect(past).toContain(
      'What I ask: please stop reporting this item to the credit bureaus, and tell them its date of first delinquency is January 10, 2017.',
    );
    expect(past).not.toMatch(/\bit may (not )?be reported/);
    expect(legalBasis(past)).toContain('1681s-2(a)(5)');
    expect(past).toContain('§1681s-2(a)(5) (date of first delinquency)');

    const notYet = creditorLetter(
      outdated({ itemType: 'charge-off', dateOfFirstDelinquency: '2022-01-10' }),
    );
    expect(notYet).toContain('credit bureaus may include it until July 9, 2029');
    expect(notYet).toContain(
      'What I ask: please report its date of first delinquency as January 10, 2022 to every credit bureau you report it to.',
    );
    expect(notYet).not.toContain('stop reporting');

    // §1681s-2(a)(5) is about collections and charge-offs only.
    const late = creditorLetter(
      outdated({ itemType: 'late-payment', dateOfFirstDelinquency: '2018-01-10' }),
    );
    expect(late).toContain('under §1681c(a)(5), credit bureaus may not include it after');
    // The late marks are the adverse item, not the account.
    expect(late).toContain(
      'What I ask: please stop reporting the late marks more than 7 years old on this account to the credit bureaus, and keep the rest of the account as it is.',
    );
    expect(legalBasis(late)).not.toContain('1681s-2(a)(5)');
    for (const letter of [past, notYet, late])
      expect(readability(letterBody(letter)).grade).toBeLessThanOrEqual(9);
  });

  it('3. counts other adverse items 7 years from their date under §1681c(a)(5), without 180 days', () => {
    const letter = buildLetter(
      outdated({ itemType: 'other', dateOfFirstDelinquency: '2018-06-30' }),
      DATE,
    );
    expect(letter).toContain(
      'What is true: under §1681c(a)(5), it may not be reported after June 30, 2025 (7 years from the date of first delinquency).',
    );
    expect(letter).not.toContain('180');
  });

  it('4. keeps a date given without the item type, and cites plain §1681c(a)', () => {
    const input = outdated({ dateOfFirstDelinquency: '2016-03-01' });
    const letter = buildLetter(input, DATE);
    expect(letter).toContain('Date of first delinquency: March 1, 2016\n');
    expect(letter).not.toContain('Type of item');
    expect(legalBasis(letter)).toEqual(['1681i', '1681c(a)']);
    expect(letter).toContain('§1681c(a) (reporting periods)');
    expect(letter).not.toMatch(/1681c\(a\)\(4\)|collections and charge-offs/);
    const creditor = creditorLetter(input);
    expect(creditor).toContain('Date of first delinquency: March 1, 2016\n');
    expect(creditor).toContain(
      'please make sure the date of first delinquency you report to every credit bureau is March 1, 2016.',
    );
    expect(legalBasis(creditor)).not.toContain('1681s-2(a)(5)');
  });

  describe('5. mentions an identity theft report only when the consumer has one', () => {
    const theft = (facts: ItemFacts, accountName = 'Capital One Visa') => ({
      ...item('not-mine', false, true),
      accountName,
      evidence: '',
      ...facts,
    });

    it('without one: no report, no §1681c-2 block, no §1681s-2(a)(6)(B)', () => {
      const input = form({ ...theft({}), enclosures: [] });
      const letter = buildLetter(input, DATE);
      expect(letter).toContain('This account is the result of identity theft');
      expect(letter).not.toMatch(/identity theft report|1681c-2|4 business days/);
      expect(letter).toContain('What I ask: please remove this account from my file.');
      const creditor = creditorLetter(input);
      expect(creditor).not.toMatch(/identity theft report|1681s-2\(a\)\(6\)\(B\)|Enclosures/);
      expect(creditor).toContain('This account is the result of identity theft');
    });

    it('with the box ticked and no number: the block, and one report enclosed', () => {
      const input = form({ ...theft({ hasIdentityTheftReport: true }), enclosures: [] });
      const letter = buildLetter(input, DATE);
      expect(letter).toContain('Under §1681c-2, please block it within 4 business days');
      expect(letter).toContain('I enclose my identity theft report and proof of my identity');
      expect(letter).toMatch(
        /Enclosures:\n- A copy of my government-issued photo ID\n- My identity theft report about Capital One Visa\n$/,
      );
      expect(legalBasis(creditorLetter(input))).toContain('1681s-2(a)(6)(B)');
    });

    it('several accounts: one enclosure line naming each account the report covers', () => {
      const letter = buildLetter(
        form({
          ...theft({ identityTheftReportNumber: 'FTC-1' }),
          additionalItems: [
            item('incorrect-balance', true, false),
            theft({ identityTheftReportNumber: 'FTC-1' }, 'Acme Collections'),
            theft({}, 'Zeta Loans'),
          ],
        }),
        DATE,
      );
      expect(letter.match(/identity theft report \(number/g)).toHaveLength(1);
      expect(letter).toContain(
        '- My identity theft report (number FTC-1) about Capital One Visa and Acme Collections\n',
      );
      expect(letter).toContain(
        'Items 1, 3 and 4 are the result of identity theft and do not relate to any transaction I made. Under §1681c-2, please block items 1 and 3 within 4 business days',
      );
      expect(letter).not.toContain('about Zeta Loans');
    });

    it('names a company once when its account and its inquiry are both identity theft', () => {
      const inquiry = (accountName: string) => ({
        errorType: 'unauthorized-inquiry' as const,
        accountName,
        inquiryDate: '2025-01-15',
        details: 'I did not apply.',
        identityTheft: true,
        identityTheftReportNumber: 'FTC-1',
      });
      const report = { identityTheftReportNumber: 'FTC-1' };
      const one = buildLetter(
        form({
          ...theft(report, 'Coastal Payday Loans'),
          additionalItems: [inquiry('Coastal Payday Loans')],
        }),
        DATE,
      );
      expect(one).toContain(
        '- My identity theft report (number FTC-1) about Coastal Payday Loans\n',
      );
      const several = buildLetter(
        form({
          ...theft(report, 'Coastal Payday Loans'),
          additionalItems: [
            inquiry('COASTAL PAYDAY LOANS'),
            inquiry('Bright Auto Sales'),
            theft(report, 'Acme Collections'),
          ],
        }),
        DATE,
      );
      expect(several).toContain(
        '- My identity theft report (number FTC-1) about Coastal Payday Loans, Bright Auto Sales and Acme Collections\n',
      );
      // A name holding commas (an address) keeps the list readable with semicolons.
      const address = buildLetter(
        form({
          errorType: 'incorrect-personal-info',
          accountName: 'Address: 9 Harbor Road, Tampa, FL 33602',
          personalInfoKind: 'address',
          reportedInfo: '9 Harbor Road, Tampa, FL 33602',
          personalInfoNotMine: true,
          details: 'It was put in my file through identity theft.',
          evidence: '',
          identityTheft: true,
          identityTheftReportNumber: 'FTC-1',
          additionalItems: [theft(report, 'Coastal Payday Loans'), inquiry('Coastal Payday Loans')],
        }),
        DATE,
      );
      expect(address).toContain(
        '- My identity theft report (number FTC-1) about Address: 9 Harbor Road, Tampa, FL 33602; and Coastal Payday Loans\n',
      );
    });
  });

  it('6. asks for §1681i(d) notices as the statute frames them, designating the recipients', () => {
    const letter = buildLetter({ ...form(), notifyRecipients: 'Acme Motors' }, DATE);
    expect(letter).toContain(`\n\n${DESIGNATION}\n- Acme Motors\n\n`);
    expect(letter).not.toContain('I designate everyone');
  });

  it('7. says plainly that an account appears twice, and mentions proof only when some is sent', () => {
    const duplicate = buildLetter(form(item('duplicate-account', true, false)), DATE);
    expect(duplicate).toContain('What you report: this account appears more than once.');
    const bare = form({ evidence: '', enclosures: ['id-copy', 'proof-of-address'] });
    const letter = buildLetter(bare, DATE);
    expect(letter).toContain(
      'Please finish your reinvestigation within 30 days of getting this letter. If you cannot verify what I dispute, please delete or correct it.',
    );
    expect(letter).not.toMatch(/proof(?! of my current address)/i);
    expect(creditorLetter(bare)).toContain(
      'Please investigate and tell me the results within 30 days',
    );
    expect(creditorLetter(bare)).not.toContain('proof');
  });

  it('8. names proof of identity as required while any item is identity theft', () => {
    expect(requiredEnclosures([{ errorType: 'incorrect-balance' }])).toEqual([]);
    expect(requiredEnclosures([{ errorType: 'not-mine', identityTheft: false }])).toEqual([]);
    expect(
      requiredEnclosures([
        { errorType: 'incorrect-balance' },
        { errorType: 'not-mine', identityTheft: true },
      ]),
    ).toEqual(['id-copy']);
  });
});
