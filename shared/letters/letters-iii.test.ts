import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUREAUS,
  bureauChoiceProblems,
  bureauLetters,
  buildFurnisherLetter,
  buildLetter,
  ERROR_TYPE_IDS,
  ERROR_TYPES,
  furnisherLetterApplies,
  RULE_MESSAGES,
  validateLetterDraft,
  type LetterDraft,
} from './index';
import { DATE, draft, problems, TODAY } from './testing/letter-drafts';
import { letterProse, readability } from './testing/readability';
import { form, item, SENDER } from './testing/typical-forms';

const letterOf = (input: LetterDraft) => {
  const result = validateLetterDraft(input, TODAY);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return buildLetter(result.form, DATE);
};

describe('1. two new error types', () => {
  it('are nine types, the two new ones with their labels', () => {
    expect(ERROR_TYPE_IDS).toHaveLength(9);
    expect(ERROR_TYPES['incorrect-personal-info'].label).toBe('Incorrect Personal Information');
    expect(ERROR_TYPES['unauthorized-inquiry'].label).toBe('Unauthorized Inquiry');
  });

  it('Incorrect Personal Information: one fact, what you report and what is true, no account', () => {
    const letter = letterOf(
      draft({
        errorType: 'incorrect-personal-info',
        accountName: '',
        accountNumber: '',
        personalInfoKind: 'name',
        reportedInfo: 'Jane Q. Pubic',
        correctInfo: 'Jane Q. Public',
        details: 'My name is misspelled in my file; my ID shows the right spelling.',
      }),
    );
    expect(letter).toContain(
      'Disputed item: Incorrect Personal Information\nInformation: Name\nWhat you report: my name as "Jane Q. Pubic".\nWhat is true: my name is "Jane Q. Public".\n',
    );
    expect(letter).toContain('What I ask: please correct my name and delete the wrong one.');
    expect(letter).not.toContain('Account number:');
    expect(letter).toContain('Legal basis: Fair Credit Reporting Act, 15 U.S.C. §1681i');
    // Even when a number was typed before the type was chosen.
    expect(buildLetter(form(item('incorrect-personal-info', true, false)), DATE)).not.toContain(
      'Account number:',
    );
  });

  it('an unknown address is deleted, and with identity theft and a report it is blocked under §1681c-2', () => {
    const unknown = draft({
      errorType: 'incorrect-personal-info',
      accountName: '',
      personalInfoKind: 'address',
      reportedInfo: '99 Pine Road, Dayton, OH',
      personalInfoNotMine: true,
      details: 'I have never lived in Dayton or at this address.',
    });
    expect(letterOf(unknown)).toContain(
      'What is true: this address is not mine, and I have never used it.\n',
    );
    expect(letterOf(unknown)).toContain('What I ask: please delete this address.');
    const theft = letterOf({
      ...unknown,
      identityTheft: true,
      hasIdentityTheftReport: true,
      identityTheftReportNumber: 'FTC-1',
    });
    expect(theft).toContain('What I ask: please block this address.');
    expect(theft).toContain(
      'This information is the result of identity theft and does not relate to any transaction I made. Under §1681c-2, please block it within 4 business days',
    );
    expect(theft).toContain('§1681c-2 (identity theft block)');
  });

  it('Unauthorized Inquiry: the company, the date and "I did not apply"; blocked with a theft report', () => {
    const inquiry = draft({
      errorType: 'unauthorized-inquiry',
      accountName: 'Acme Auto Finance',
      accountNumber: '',
      inquiryDate: '2026-08-14',
      details: 'I never asked Acme for a loan and gave no one leave to pull my report.',
    });
    const letter = letterOf(inquiry);
    expect(letter).toContain(
      'Disputed item: Unauthorized Inquiry\nCompany: Acme Auto Finance\nInquiry date: August 14, 2026\nWhat is true: I did not apply for credit with this company.\n',
    );
    expect(letter).toContain('What I ask: please delete this inquiry.');
    const theft = letterOf({ ...inquiry, identityTheft: true, hasIdentityTheftReport: true });
    expect(theft).toContain('What I ask: please block this inquiry.');
    expect(theft).toContain('This inquiry is the result of identity theft');
    expect(theft).toContain('Under §1681c-2, please block it within 4 business days');
  });

  it('offers no creditor letter for either: 12 CFR 1022.43(b)(1) leaves them out', () => {
    expect(furnisherLetterApplies({ errorType: 'incorrect-personal-info' })).toBe(false);
    expect(furnisherLetterApplies({ errorType: 'unauthorized-inquiry' })).toBe(false);
    expect(furnisherLetterApplies({ errorType: 'incorrect-balance' })).toBe(true);
    expect(() =>
      buildFurnisherLetter(form(item('unauthorized-inquiry', true, false)), DATE, {
        itemIndex: 0,
      }),
    ).toThrow(RangeError);
  });
});

describe('2. no letter that cannot work', () => {
  it('Outdated Information needs its item type, then its date (date filed for a bankruptcy)', () => {
    expect(problems(draft({ errorType: 'outdated-info' }))).toEqual({
      '0.itemType': RULE_MESSAGES.itemType,
    });
    expect(problems(draft({ errorType: 'outdated-info', itemType: 'collection' }))).toEqual({
      '0.dateOfFirstDelinquency': RULE_MESSAGES.dateOfFirstDelinquency,
    });
    expect(problems(draft({ errorType: 'outdated-info', itemType: 'chapter-7' }))).toEqual({
      '0.dateFiled': RULE_MESSAGES.dateFiled,
    });
  });

  it('an item not yet obsolete gets no letter: the form says until when and what can work instead', () => {
    const found = problems(
      draft({
        errorType: 'outdated-info',
        itemType: 'collection',
        dateOfFirstDelinquency: '2022-03-01',
      }),
    );
    expect(found['0.dateOfFirstDelinquency']).toBe(
      'This item may be reported until August 28, 2029 (7 years, starting 180 days after the delinquency began), so an "outdated" letter would not work yet. If a date on it is wrong, choose Incorrect Dates; if its status is wrong, choose Incorrect Account Status. Otherwise wait until then.',
    );
    expect(
      problems(
        draft({
          errorType: 'outdated-info',
          itemType: 'collection',
          dateOfFirstDelinquency: '2016-03-01',
        }),
      ),
    ).toEqual({});
  });

  it('every account item needs its number or the "not shown on my report" tick', () => {
    const bare = draft({
      errorType: 'incorrect-status',
      accountNumber: '',
      correctStatus: 'Paid in full',
    });
    expect(problems(bare)).toEqual({ '0.accountNumber': RULE_MESSAGES.accountNumber });
    const ticked = { ...bare, accountNumberNotShown: true };
    expect(problems(ticked)).toEqual({});
    expect(letterOf(ticked)).toContain('Account number: not shown on my report\n');
  });

  it.each([
    ['incorrect-balance', {}, { '0.correctBalance': RULE_MESSAGES.correctBalance }],
    [
      'duplicate-account',
      {},
      {
        '0.duplicateOf': RULE_MESSAGES.duplicateOf,
        '0.duplicateRemove': RULE_MESSAGES.duplicateRemove,
        '0.duplicateRemoveLast4': RULE_MESSAGES.duplicateRemoveLast4,
      },
    ],
    ['incorrect-status', {}, { '0.correctStatus': RULE_MESSAGES.correctStatus }],
    [
      'incorrect-dates',
      {},
      { '0.whichDate': RULE_MESSAGES.whichDate, '0.correctDate': RULE_MESSAGES.correctDate },
    ],
    ['incorrect-payment-history', {}, { '0.monthsReportedLate': RULE_MESSAGES.monthsReportedLate }],
    [
      'incorrect-personal-info',
      {},
      {
        '0.personalInfoKind': RULE_MESSAGES.personalInfoKind,
        '0.reportedInfo': RULE_MESSAGES.reportedInfo,
        '0.correctInfo': RULE_MESSAGES.correctInfo,
      },
    ],
    ['unauthorized-inquiry', {}, { '0.inquiryDate': RULE_MESSAGES.inquiryDate }],
    ['not-mine', {}, {}],
  ] as const)('%s: "Details" alone is not a dispute', (errorType, change, expected) => {
    expect(problems(draft({ errorType, ...change }))).toEqual(expected);
  });
});

describe('3. remedies that say exactly what to fix', () => {
  it('a late-payment dispute removes the late marks of the named months, not the account', () => {
    const letter = buildLetter(form(item('incorrect-payment-history', true, false)), DATE);
    expect(letter).toContain(
      'What I ask: please remove the late marks for June and July 2026 only, and keep the rest of the account as it is.',
    );
    expect(letter).not.toMatch(/delete (this|the) account/i);
  });

  it('a duplicate names the entry to remove, as the user picks it', () => {
    const pick = (duplicateRemove: 'higher-balance' | 'later-opened') =>
      buildLetter(form({ ...item('duplicate-account', true, false), duplicateRemove }), DATE);
    expect(pick('higher-balance')).toContain(
      'What I ask: please delete the duplicate entry, the one with the higher balance (account number ending in 4321), and keep the other.',
    );
    expect(pick('later-opened')).toContain(
      'What I ask: please delete the duplicate entry, the one opened later (account number ending in 4321), and keep the other.',
    );
  });

  it('a sold debt asks for a $0 balance on the original creditor’s entry, shown as transferred or sold', () => {
    const letter = buildLetter(
      form({ ...item('duplicate-account', true, false), soldDebt: true }),
      DATE,
    );
    expect(letter).toContain(
      'What I ask: please report a $0 balance on the original creditor’s entry, shown as transferred or sold.',
    );
    expect(letter).not.toContain('delete the duplicate entry');
    const toCreditor = buildFurnisherLetter(
      form({ ...item('duplicate-account', true, false), soldDebt: true }),
      DATE,
      { itemIndex: 0, creditorName: 'Prairie Wireless' },
    );
    expect(toCreditor).toContain(
      'What I ask: please report a $0 balance on this account, shown as transferred or sold, if you sold the debt.',
    );
    expect(
      problems(draft({ errorType: 'duplicate-account', duplicateOf: 'X', soldDebt: true })),
    ).toEqual({});
  });
});

describe('6. precise law', () => {
  it('words §1681i(d) as the statute has it', () => {
    expect(buildLetter({ ...form(), notifyRecipients: 'Acme Motors' }, DATE)).toContain(
      'Under §1681i(d), if you delete an item or note that I dispute it, please send notice of the deletion, or my statement of dispute, to each person I specifically designate below.',
    );
  });

  it('adds §1692e(8) for a debt collector, and the §1681g(e) records request for identity theft', () => {
    const collector = buildFurnisherLetter(form(), DATE, { itemIndex: 0, debtCollector: true });
    expect(collector).toContain(
      'If you report this debt to anyone, you must also report that I dispute it',
    );
    expect(collector).toContain(
      '; Fair Debt Collection Practices Act, 15 U.S.C. §1692e(8) (disputed debts).',
    );
    expect(buildFurnisherLetter(form(), DATE, { itemIndex: 0 })).not.toContain('1692e');
    const theft = buildFurnisherLetter(form(item('not-mine', true, true)), DATE, { itemIndex: 0 });
    expect(theft).toContain(
      'Under §1681g(e), please also send me, free and within 30 days, a copy of the application and the business records for this account.',
    );
    expect(theft).toContain('- A copy of my government-issued photo ID\n');
    expect(
      buildFurnisherLetter(form(item('not-mine', true, false)), DATE, { itemIndex: 0 }),
    ).not.toContain('1681g');
  });

  it('cites 12 CFR 1022.43(b)(1)(iv) for public records wherever it is cited', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
        return /\.(ts|tsx|md)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
      });
    const wrong = [
      ...files(join(root, 'shared')),
      ...files(join(root, 'web', 'src')),
      join(root, 'ARCHITECTURE.md'),
    ].filter((path) => readFileSync(path, 'utf8').includes('1022.43(b)(1)(i)(D)'));
    expect(wrong).toEqual([]);
  });
});

describe('7. one dispute, several bureaus', () => {
  it('makes one letter per chosen bureau, each with its address and its report number', () => {
    const letters = bureauLetters(
      form(),
      { transunion: { reportNumber: 'TU-555' }, experian: { reportNumber: '' } },
      DATE,
    );
    expect(letters.map((each) => each.bureau)).toEqual(['experian', 'transunion']);
    const [experian, transunion] = letters;
    expect(experian?.text).toContain(`\n${BUREAUS.experian.addressLines.join('\n')}\n`);
    expect(experian?.text).toContain('Re: Dispute of my credit file\n');
    expect(experian?.text).not.toContain(SENDER.reportNumber);
    expect(transunion?.text).toContain(`\n${BUREAUS.transunion.addressLines.join('\n')}\n`);
    expect(transunion?.text).toContain('Re: Dispute of my credit file (report number TU-555)');
    expect(transunion?.fileName).toBe('dispute-letter-transunion-incorrect-balance-2026-11-22.txt');
  });

  it('marks a report number longer than 40 characters on its bureau', () => {
    expect(bureauChoiceProblems({ equifax: { reportNumber: 'x'.repeat(41) } })).toEqual([
      { field: 'reportNumber.equifax', message: RULE_MESSAGES.reportNumberTooLong },
    ]);
    expect(bureauChoiceProblems({ equifax: { reportNumber: 'x'.repeat(40) } })).toEqual([]);
  });
});

describe('bad input: marked inline, nothing generated until fixed', () => {
  it('a date in the future', () => {
    expect(
      problems(
        draft({
          errorType: 'incorrect-dates',
          whichDate: 'Date opened',
          reportedDate: '2027-01-01',
          correctDate: '2018-03-01',
        }),
      ),
    ).toEqual({ '0.reportedDate': RULE_MESSAGES.futureDate });
    expect(
      problems(draft({ errorType: 'not-mine' }, { sender: { dateOfBirth: '2030-01-01' } })),
    ).toEqual({ 'sender.dateOfBirth': RULE_MESSAGES.futureBirthDate });
  });

  it('an inquiry older than two years is no longer refused (issue 41: no law sets 2 years)', () => {
    const old = draft({ errorType: 'unauthorized-inquiry', inquiryDate: '2024-11-21' });
    expect(problems(old)).toEqual({});
    expect(problems({ ...old, inquiryDate: '2026-11-23' })).toEqual({
      '0.inquiryDate': RULE_MESSAGES.futureDate,
    });
  });

  it('an SSN field with more than 4 digits', () => {
    expect(problems(draft({ errorType: 'not-mine' }, { sender: { ssnLast4: '12345' } }))).toEqual({
      'sender.ssnLast4': RULE_MESSAGES.ssnDigits,
    });
    expect(
      problems(
        draft({
          errorType: 'incorrect-personal-info',
          personalInfoKind: 'ssn',
          reportedInfo: '123-45-6789',
          correctInfo: '6789',
        }),
      ),
    ).toEqual({ '0.reportedInfo': RULE_MESSAGES.ssnDigits });
  });

  it('a report number longer than 40 characters', () => {
    expect(
      problems(draft({ errorType: 'not-mine' }, { sender: { reportNumber: '1'.repeat(41) } })),
    ).toEqual({ 'sender.reportNumber': RULE_MESSAGES.reportNumberTooLong });
  });
});

describe('8. readability of every one-item letter, on the prose alone', () => {
  const withReport = (type: (typeof ERROR_TYPE_IDS)[number]) => ({
    ...item(type, true, true),
    hasIdentityTheftReport: true,
  });
  for (const errorType of ERROR_TYPE_IDS)
    it(`${errorType}: ≤ 300 words and grade ≤ 9, with and without identity theft`, () => {
      for (const each of [item(errorType, true, false), withReport(errorType)]) {
        const measured = readability(letterProse(buildLetter(form(each), DATE)));
        expect(measured.words).toBeLessThanOrEqual(300);
        expect(measured.grade).toBeLessThanOrEqual(9);
      }
    });

  it('leaves label lines out of the prose', () => {
    const prose = letterProse(buildLetter(form(), DATE));
    expect(prose).not.toContain('Account number');
    expect(prose).not.toContain('Legal basis');
    expect(prose).toContain('the balance is $150.');
  });
});
