import { describe, expect, it } from 'vitest';
import { letterExhibits } from '../disputes/letter-exhibits';
import { BUREAU_IDS } from '../letters/bureaus';
import { enclosuresBlock, senderBlock } from '../letters/build-letter';
import {
  answerSample,
  checkupLetters,
  computeFindings,
  emptyCheckup,
  EMPTY_ACCOUNT_FACTS,
  identityProblems,
  mailedLetters,
  markSample,
  ANSWER_MESSAGES,
  NO_LETTER_ANSWERS,
  NO_LETTER_REASONS,
  questionOf,
  SAMPLE_IDENTITY_THEFT_REPORT,
  SAMPLE_MARK,
  SAMPLE_SENDER,
  sampleCheckup,
  waitsFor,
  withSender,
  type Checkup,
  type CheckupSender,
  type FindingAnswer,
} from './index';
import { duplicateLoans } from './testing/duplicate-loans';

const TODAY = '2026-11-26';
const DATE = new Date(2026, 10, 26, 9, 0);
const SENDER: CheckupSender = {
  details: { name: 'Alex J. Sample', address: '221 Maple Avenue\nSpringfield, IL 62704' },
  reportNumbers: {},
};

/** The sample answered as its practice mode suggests, as if it were the consumer's own. */
const answered: Checkup = { ...answerSample(sampleCheckup()), sample: false };
const findings = computeFindings(answered, TODAY);
const letters = checkupLetters(answered, findings, DATE, SENDER);
const letterTo = (bureau: string) =>
  letters.bureauLetters.find((letter) => letter.bureau === bureau)!;
const headings = (text: string) =>
  text.split('\n').filter((line) => /^(Item \d+|Disputed item):/.test(line));

describe('the sample reports', () => {
  it('yield each finding kind, per bureau', () => {
    const perBureau = Object.fromEntries(
      BUREAU_IDS.map((bureau) => [
        bureau,
        findings
          .filter((finding) => finding.bureaus.includes(bureau))
          .map((finding) => `${finding.kind}: ${finding.title}`),
      ]),
    );
    expect(perBureau).toEqual({
      experian: [
        'personal-not-mine: Name: Alexis Samples',
        'personal-not-mine: Address: 9 Harbor Road, Tampa, FL 33602',
        'obsolete: Northway Department Store, ending 3302',
        'duplicate: Prairie Wireless, ending 0931',
        'unauthorized-inquiry: Bright Auto Sales',
      ],
      equifax: [
        'personal-not-mine: Address: 9 Harbor Road, Tampa, FL 33602',
        'mismatch: Prairie State Bank Visa, ending 4821',
        'obsolete: Northway Department Store, ending 3302',
        'obsolete: Riverbend Credit Union, ending 6640',
        'not-mine: Coastal Payday Loans, ending 0047',
        'unauthorized-inquiry: Coastal Payday Loans',
      ],
      transunion: [
        'personal-not-mine: Employer: Gulf Coast Staffing',
        'duplicate: Summit Medical Collections, ending 8831',
        'duplicate: Prairie Wireless, ending 0931',
        'obsolete: Chapter 7 bankruptcy, case 14-70321',
        'aged-inquiry: QuickCash Online',
      ],
    });
  });

  it('unanswered, yield questions: no letter states what the consumer has not said', () => {
    const unanswered = computeFindings(sampleCheckup(), TODAY);
    expect(new Set(unanswered.map((finding) => finding.kind))).toEqual(
      new Set(['obsolete', 'mismatch', 'duplicate', 'aged-inquiry']),
    );
    const open = checkupLetters(sampleCheckup(), unanswered, DATE);
    expect(open.notAnswered.map((finding) => finding.kind)).toEqual([
      'mismatch',
      'mismatch',
      'duplicate',
      'duplicate',
    ]);
    const text = open.bureauLetters.map((letter) => letter.text).join('\n');
    expect(text).not.toContain('Duplicate Account');
    expect(text).not.toContain('identity theft');
  });
});

describe('letters for the answered findings, all at once', () => {
  it('one letter per bureau, each with that bureau’s items and what the consumer said', () => {
    expect(letters.bureauLetters.map((letter) => letter.bureau)).toEqual([
      'experian',
      'equifax',
      'transunion',
    ]);
    const experian = letterTo('experian').text;
    expect(headings(experian)).toEqual([
      'Item 1: Incorrect Personal Information',
      'Item 2: Incorrect Personal Information',
      'Item 3: Outdated Information',
      'Item 4: Duplicate Account',
      'Item 5: Unauthorized Inquiry',
    ]);
    expect(experian).toContain('P.O. Box 4500');
    expect(experian).toContain('Date of first delinquency: February 10, 2017');
    expect(experian).toContain('What you report: my name as "Alexis Samples".');
    // Only the address was ticked as identity theft, and the report does not list it.
    expect(experian).toContain('Item 2 is the result of identity theft');
    expect(experian).toContain('What I ask: please delete this address.');
    expect(experian).not.toContain('identity theft report');
    expect(experian).toContain('Details: This debt was sold to Midland Recovery Group.');
    expect(experian).toContain('Company: Bright Auto Sales\nInquiry date: February 11, 2026');

    const equifax = letterTo('equifax').text;
    expect(headings(equifax)).toEqual([
      'Item 1: Incorrect Personal Information',
      'Item 2: Incorrect Payment History',
      'Item 3: Outdated Information',
      'Item 4: Outdated Information',
      'Item 5: Account Not Mine',
      'Item 6: Unauthorized Inquiry',
    ]);
    // The consumer's own statement, from their answer: not "Experian shows no late payment".
    expect(equifax).toContain('Details: I paid on time in March 2025.\n');
    expect(equifax).not.toMatch(/Experian (shows|reports) /);
    expect(equifax).toContain('Under §1681c-2, please block items 5 and 6 within 4 business days');
    // The report lists the payday loan and its inquiry, not the address: the line names only those.
    expect(equifax).toContain(
      `- My identity theft report (number ${SAMPLE_IDENTITY_THEFT_REPORT}) about Coastal Payday Loans\n`,
    );

    const transunion = letterTo('transunion').text;
    expect(headings(transunion)).toEqual([
      'Item 1: Incorrect Personal Information',
      'Item 2: Duplicate Account',
      'Item 3: Duplicate Account',
      'Item 4: Outdated Information',
    ]);
    expect(transunion).toContain(
      'Details: This entry and Summit Medical Collections, ending 8830 are the same debt.',
    );
    expect(transunion).not.toContain('Lakeside');
    expect(transunion).not.toContain('identity theft');
  });

  it('carry what a bureau needs to find the file, and the proof of identity and address', () => {
    const sender: CheckupSender = {
      details: {
        ...SENDER.details,
        dateOfBirth: '1985-03-04',
        ssnLast4: '6789',
        previousAddress: '9 Elm Street\nPeoria, IL 61602',
      },
      reportNumbers: { experian: '1234-5678-90', equifax: 'EQ-777' },
    };
    const experian = withSender(letterTo('experian'), DATE, sender).text;
    expect(experian).toContain(
      'Date of birth: March 4, 1985\nSSN (last 4 digits): 6789\nPrevious address: 9 Elm Street, Peoria, IL 61602',
    );
    expect(experian).toContain('Re: Dispute of my credit file (report number 1234-5678-90)');
    expect(withSender(letterTo('equifax'), DATE, sender).text).toContain('(report number EQ-777)');
    for (const letter of letters.bureauLetters) {
      expect(letter.text).toContain('- A copy of my government-issued photo ID\n');
      expect(letter.text).toContain('- Proof of my current address, such as a utility bill');
    }
  });

  it('lists each item’s exhibits in the letter', () => {
    expect(letterExhibits(letterTo('transunion').text)).toEqual([
      { number: 1, description: 'My TransUnion credit report, the page showing both entries' },
      {
        number: 2,
        description:
          'My TransUnion credit report, the page showing both Prairie Wireless and Midland Recovery Group',
      },
      {
        number: 3,
        description: 'My TransUnion credit report, the page showing this item and its filing date',
      },
    ]);
  });

  it('makes the creditor letters the findings allow: accounts, never a bankruptcy, personal information or an inquiry', () => {
    expect(letters.creditorLetters.map((letter) => letter.creditor)).toEqual([
      'Prairie State Bank Visa',
      'Northway Department Store',
      'Riverbend Credit Union',
      'Coastal Payday Loans',
      'Summit Medical Collections',
      'Prairie Wireless',
    ]);
    const coastal = letters.creditorLetters.find(
      (letter) => letter.creditor === 'Coastal Payday Loans',
    )!;
    expect(coastal.text).toContain('Under §1681s-2(a)(6)(B)');
    const summit = letters.creditorLetters.find(
      (letter) => letter.creditor === 'Summit Medical Collections',
    )!;
    expect(summit.text).toContain('§1692e(8)');
    expect(coastal.text).not.toContain('§1692e(8)');
  });

  it('name each bureau file after the bureau and its item count', () => {
    expect(letters.bureauLetters.map((letter) => letter.fileName)).toEqual([
      'dispute-letter-experian-5-items-2026-11-26.txt',
      'dispute-letter-equifax-6-items-2026-11-26.txt',
      'dispute-letter-transunion-4-items-2026-11-26.txt',
    ]);
  });

  it('shows the findings no letter carries, with the reason: "not sure" makes no letter', () => {
    expect(letters.withoutLetter.map((each) => [each.finding.kind, each.finding.title])).toEqual([
      ['mismatch', 'Lakeside Auto Finance, ending 7710'],
      ['aged-inquiry', 'QuickCash Online'],
    ]);
    expect(letters.withoutLetter[0]!.why).toContain(
      'Find your Lakeside Auto Finance statement nearest each bureau’s date (Experian October 28, 2026, TransUnion September 28, 2026)',
    );
    expect(letters.withoutLetter[1]!.why).toBe(NO_LETTER_REASONS.agedInquiry);
  });

  it('built unsigned once, each is signed when it is read, downloaded or mailed', () => {
    const unsigned = checkupLetters(answered, findings, DATE);
    const all = [...unsigned.bureauLetters, ...unsigned.creditorLetters];
    const signed = [...letters.bureauLetters, ...letters.creditorLetters];
    expect(all.map((letter) => letter.text)).not.toEqual(signed.map((letter) => letter.text));
    expect(all.map((letter) => withSender(letter, DATE, SENDER))).toEqual(signed);
  });

  it('a finding left out is in no letter', () => {
    const summit = findings.find((finding) => finding.title.startsWith('Summit'))!;
    const without = checkupLetters({ ...answered, excluded: [summit.id] }, findings, DATE, SENDER);
    const transunion = without.bureauLetters.find((letter) => letter.bureau === 'transunion')!;
    expect(transunion.text).not.toContain('Summit');
    expect(without.withoutLetter.map((each) => each.why)).toContain(NO_LETTER_REASONS.excluded);
  });

  it('become Round 1 disputes of My Disputes, kept without the date of birth, SSN digits or report number', () => {
    const sender: CheckupSender = {
      details: { ...SENDER.details, dateOfBirth: '1985-03-04', ssnLast4: '6789' },
      reportNumbers: { experian: '1234-5678-90' },
    };
    const signed = [...letters.bureauLetters, letters.creditorLetters[0]!].map((letter) =>
      withSender(letter, DATE, sender),
    );
    const mailed = mailedLetters(signed, TODAY, sender, DATE);
    expect(mailed.map((letter) => [letter.recipient, letter.items.length])).toEqual([
      [{ kind: 'bureau', bureau: 'experian' }, 5],
      [{ kind: 'bureau', bureau: 'equifax' }, 6],
      [{ kind: 'bureau', bureau: 'transunion' }, 4],
      [{ kind: 'furnisher', name: 'Prairie State Bank Visa', address: '' }, 1],
    ]);
    expect(signed[0]!.text).toContain('6789');
    for (const letter of mailed) {
      expect(letter.letterText).not.toMatch(/6789|March 4, 1985|1234-5678-90/);
      expect(letter.mailedOn).toBe(TODAY);
    }
    expect(mailed[0]!.letterText).toBe(letterTo('experian').text);
  });

  it('send a creditor letter to the dispute address typed for it, and record it there', () => {
    const [unsigned] = checkupLetters(answered, findings, DATE).creditorLetters;
    const address = 'Prairie State Bank Disputes\nP.O. Box 100\nSpringfield, IL 62701\n';
    const signed = withSender(
      { ...unsigned!, options: { ...unsigned!.options, address } },
      DATE,
      SENDER,
    );
    expect(signed.text).toContain(
      'Prairie State Bank Visa\nPrairie State Bank Disputes\nP.O. Box 100\nSpringfield, IL 62701\n',
    );
    const [mailed] = mailedLetters([signed], TODAY, SENDER, DATE);
    expect(mailed!.recipient).toEqual({
      kind: 'furnisher',
      name: 'Prairie State Bank Visa',
      address: 'Prairie State Bank Disputes\nP.O. Box 100\nSpringfield, IL 62701',
    });
    expect(mailed!.letterText).toBe(signed.text);
  });
});

describe('one sender block and one enclosures list for every letter', () => {
  it('opens with the generator’s sender block and closes with its enclosures list', () => {
    const sender = { ...SENDER.details, ssnLast4: '6789', dateOfBirth: '1985-03-04' };
    const signed = withSender(letterTo('transunion'), DATE, { details: sender, reportNumbers: {} });
    expect(signed.text.startsWith(`${senderBlock({ ...sender }).join('\n')}\n\n`)).toBe(true);
    const enclosures = enclosuresBlock([
      'A copy of my government-issued photo ID',
      'Proof of my current address, such as a utility bill or bank statement',
      ...letterExhibits(signed.text).map(
        (exhibit) => `Exhibit ${exhibit.number}: ${exhibit.description}`,
      ),
    ]);
    expect(signed.text.endsWith(`${enclosures.join('\n')}\n`)).toBe(true);
  });
});

describe('every sentence the consumer’s own', () => {
  const withAnswers = (answers: Checkup['answers']) => {
    const checkup = { ...answered, answers: { ...answered.answers, ...answers } };
    return checkupLetters(checkup, computeFindings(checkup, TODAY), DATE, SENDER);
  };
  const lakeside = findings.find((finding) => finding.title.startsWith('Lakeside'))!;
  const summit = findings.find((finding) => finding.title.startsWith('Summit'))!;
  const wireless = findings.find((finding) => finding.duplicate === 'sold-debt')!;
  const text = (built: ReturnType<typeof withAnswers>, bureau: string) =>
    built.bureauLetters.find((letter) => letter.bureau === bureau)?.text ?? '';

  it('bureaus differ: the value the consumer picks or types, never "a bureau reports the correct one"', () => {
    const picked = withAnswers({ [lakeside.id]: { truth: 'experian' } });
    expect(text(picked, 'transunion')).toContain('Details: The correct balance is $8,450.00.\n');
    expect(text(picked, 'transunion')).not.toContain('reports the correct');
    const typed = withAnswers({ [lakeside.id]: { truth: 'neither', value: '$8,300.00' } });
    expect(text(typed, 'experian')).toContain('What is true: the balance is $8,300.00.');
    expect(text(typed, 'transunion')).toContain('What is true: the balance is $8,300.00.');
  });

  it('"not sure" makes no letter, and says how to check from the consumer’s own statements', () => {
    const notSure = withAnswers({ [lakeside.id]: { truth: 'not-sure' } });
    expect(text(notSure, 'transunion')).not.toContain('Lakeside');
    expect(text(notSure, 'experian')).not.toContain('Lakeside');
    expect(notSure.creditorLetters.map((letter) => letter.creditor)).not.toContain(
      'Lakeside Auto Finance',
    );
    expect(notSure.withoutLetter.find((each) => each.finding.id === lakeside.id)!.why).toMatch(
      /statement/,
    );
    const notSureSame = withAnswers({ [summit.id]: { sameDebt: 'not-sure' } });
    expect(text(notSureSame, 'transunion')).not.toContain('Summit');
  });

  it('duplicates: only "this is the same debt" puts one in a letter', () => {
    expect(text(withAnswers({ [summit.id]: {} }), 'transunion')).not.toContain('Summit');
    const no = withAnswers({ [summit.id]: { sameDebt: 'no' } });
    expect(text(no, 'transunion')).not.toContain('Summit');
    expect(no.withoutLetter.find((each) => each.finding.id === summit.id)!.why).toBe(
      NO_LETTER_ANSWERS.notSameDebt,
    );
  });

  it('a duplicate asks to delete the entry opened later, never "the later one" of two opened the same day', () => {
    expect(text(letters, 'transunion')).toContain(
      'What I ask: please delete the duplicate entry, the one opened later (account number ending in 8831), and keep the other.',
    );
    const sameDay: Checkup = {
      ...emptyCheckup(),
      accounts: ['8830', '8831'].map((number, index) => ({
        id: `a${index + 1}`,
        section: 'accounts' as const,
        creditor: 'Great Plains Student Loans',
        accountNumber: number,
        originalCreditor: '',
        negative: '' as const,
        notMine: false,
        reports: {
          experian: { ...EMPTY_ACCOUNT_FACTS, balance: '$500', dateOpened: '2020-08-24' },
        },
      })),
      answers: { 'duplicate:a2:a1': { sameDebt: 'yes' } },
    };
    const built = checkupLetters(sameDay, computeFindings(sameDay, TODAY), DATE, SENDER);
    expect(built.bureauLetters).toEqual([]);
    expect(built.withoutLetter[0]!.why).toBe(NO_LETTER_REASONS.whichEntry);
  });

  it('sold debt: only "yes" asks for the $0 "transferred or sold" entry; "not sure" is hedged', () => {
    const notSure = withAnswers({ [wireless.id]: { sameDebt: 'yes', sold: 'not-sure' } });
    const experian = text(notSure, 'experian');
    expect(experian).toContain('I do not know whether it was sold.');
    expect(experian).not.toContain('transferred or sold');
    expect(experian).not.toContain('was sold to');
    // The entry to go is the collector's (Midland Recovery Group, 5519), named by its digits.
    expect(experian).toContain('Entry to delete: account number ending in 5519');
    expect(text(letters, 'experian')).toContain('shown as transferred or sold');
    expect(text(letters, 'experian')).not.toContain('Entry to delete');
  });

  describe('a duplicate names the entry to delete by its last 4 digits (issue 41)', () => {
    const twoEntries = (numbers: [string, string], answer: FindingAnswer): Checkup => ({
      ...emptyCheckup(),
      accounts: duplicateLoans(numbers),
      answers: { 'duplicate:a2:a1': answer },
    });
    const build = (checkup: Checkup) =>
      checkupLetters(checkup, computeFindings(checkup, TODAY), DATE, SENDER);

    it('as the report shows them', () => {
      const [letter] = build(twoEntries(['5521', '**** 7734'], { sameDebt: 'yes' })).bureauLetters;
      expect(letter!.text).toContain('Entry to delete: account number ending in 7734\n');
      expect(letter!.text).toContain(
        'What I ask: please delete the duplicate entry, the one opened later (account number ending in 7734), and keep the other.',
      );
    });

    it('asked of the consumer when the report as entered lacks them, never guessed', () => {
      // No number, or one masked at its end: which 4 digits it ends in is not known.
      for (const second of ['', '7734XXXX']) {
        const asked = build(twoEntries(['5521', second], { sameDebt: 'yes' }));
        expect(asked.bureauLetters).toEqual([]);
        expect(asked.waiting).toEqual([
          {
            bureau: 'experian',
            problems: [{ finding: expect.anything(), message: ANSWER_MESSAGES.removeLast4 }],
          },
        ]);
        const wrong = build(twoEntries(['5521', second], { sameDebt: 'yes', removeLast4: '77' }));
        expect(wrong.bureauLetters).toEqual([]);
        const [letter] = build(
          twoEntries(['5521', second], { sameDebt: 'yes', removeLast4: ' 0412 ' }),
        ).bureauLetters;
        expect(letter!.text).toContain('Entry to delete: account number ending in 0412\n');
      }
    });

    it('not asked where no letter deletes an entry', () => {
      const notSame = build(twoEntries(['5521', ''], { sameDebt: 'no' }));
      expect(notSame.waiting).toEqual([]);
      expect(notSame.withoutLetter[0]!.why).toBe(NO_LETTER_ANSWERS.notSameDebt);
    });
  });

  it('a wrong date of birth is corrected to the true one, in words', () => {
    const checkup: Checkup = {
      ...emptyCheckup(),
      personal: [
        {
          id: 'p1',
          kind: 'date-of-birth',
          value: '1958-03-04',
          shownBy: ['experian'],
          neverMine: true,
        },
      ],
      answers: { 'personal-not-mine:p1': { value: '1985-03-04' } },
    };
    const found = computeFindings(checkup, TODAY);
    expect(found[0]!.title).toBe('Date of birth: March 4, 1958');
    const [letter] = checkupLetters(checkup, found, DATE, SENDER).bureauLetters;
    expect(letter!.text).toContain('What you report: my date of birth as "March 4, 1958".');
    expect(letter!.text).toContain('What is true: my date of birth is "March 4, 1985".');
    expect(letter!.text).not.toContain('1958-03-04');
    expect(letter!.text).not.toContain('delete this date of birth');
  });
});

describe('bad input: the letter for that bureau waits, the others can still be made', () => {
  it('"neither" with no value, or a sold debt left unanswered, holds back that bureau’s letter', () => {
    const lakeside = findings.find((finding) => finding.title.startsWith('Lakeside'))!;
    const checkup = {
      ...answered,
      answers: { ...answered.answers, [lakeside.id]: { truth: 'neither' as const, value: '' } },
    };
    const built = checkupLetters(checkup, computeFindings(checkup, TODAY), DATE, SENDER);
    expect(built.bureauLetters.map((letter) => letter.bureau)).toEqual(['equifax']);
    expect(built.waiting.map((each) => each.bureau)).toEqual(['experian', 'transunion']);
    expect(built.waiting[0]!.problems[0]!.message).toMatch(/^Type the true balance/);
  });

  it('an SSN over 4 digits holds back every letter; a report number over 40 characters, its bureau’s', () => {
    const problems = identityProblems(
      { details: { ssnLast4: '123456789' }, reportNumbers: { equifax: 'x'.repeat(41) } },
      TODAY,
    );
    expect(problems.map((problem) => problem.field)).toEqual(['ssnLast4', 'reportNumber.equifax']);
    const long = identityProblems(
      { details: {}, reportNumbers: { equifax: 'x'.repeat(41) } },
      TODAY,
    );
    expect(waitsFor(letterTo('equifax'), long)).toHaveLength(1);
    expect(waitsFor(letterTo('experian'), long)).toEqual([]);
    expect(waitsFor(letters.creditorLetters[0]!, problems)).toHaveLength(1);
  });
});

describe('practice stays practice', () => {
  const sample = answerSample(sampleCheckup());
  const practice = checkupLetters(sample, computeFindings(sample, TODAY), DATE, SAMPLE_SENDER);
  const all = [...practice.bureauLetters, ...practice.creditorLetters];

  it('says "SAMPLE: not for mailing" on every page and in every file name', () => {
    for (const letter of all) {
      expect(letter.fileName).toMatch(/^SAMPLE-not-for-mailing-/);
      const lines = letter.text.split('\n');
      expect(lines[0]).toBe(SAMPLE_MARK);
      expect(lines.at(-2)).toBe(SAMPLE_MARK);
      // No 40 printed lines (80 characters each) without the mark.
      let since = 0;
      for (const line of lines) {
        since = line === SAMPLE_MARK ? 0 : since + Math.max(1, Math.ceil(line.length / 80));
        expect(since).toBeLessThanOrEqual(40);
      }
    }
    expect(withSender(practice.bureauLetters[0]!, DATE, SAMPLE_SENDER).text).toBe(
      practice.bureauLetters[0]!.text,
    );
    expect(markSample('a\n')).toBe(`${SAMPLE_MARK}\n\na\n\n${SAMPLE_MARK}\n`);
  });

  it('cannot be marked as mailed', () => {
    expect(() => mailedLetters(all, TODAY, SAMPLE_SENDER, DATE)).toThrow(/practice/);
    expect(practice.bureauLetters[0]!.text).toContain('Alex J. Sample');
  });
});

describe('each item asks for one thing', () => {
  it('an account to delete as outdated is not also corrected in the same letter', () => {
    // Experian shows Northway's balance differently; the user says Equifax is right.
    const northwayId = answered.accounts.find((entry) => entry.creditor.startsWith('Northway'))!.id;
    const differing = {
      ...answered,
      accounts: answered.accounts.map((entry) =>
        entry.id === northwayId
          ? {
              ...entry,
              reports: {
                ...entry.reports,
                experian: { ...entry.reports.experian!, balance: '$2,100.00' },
              },
            }
          : entry,
      ),
    };
    const mismatchId = `mismatch:${northwayId}:balance`;
    const answeredDiffering = {
      ...differing,
      answers: { ...differing.answers, [mismatchId]: { truth: 'equifax' as const } },
    };
    const found = computeFindings(answeredDiffering, TODAY);
    const mismatch = found.find(
      (finding) => finding.kind === 'mismatch' && finding.entryId === northwayId,
    )!;
    expect(mismatch.bureaus).toEqual(['experian']);
    const built = checkupLetters(answeredDiffering, found, DATE, SENDER);
    const experian = built.bureauLetters.find((letter) => letter.bureau === 'experian')!;
    expect(experian.text).toContain('Northway Department Store');
    expect(experian.text).toContain('please delete this item');
    expect(experian.text).not.toContain('correct the balance');
    expect(built.withoutLetter).toContainEqual({
      finding: mismatch,
      why: NO_LETTER_REASONS.deleted,
    });
    // Left out of the letters, the deletion no longer stands in the correction's way.
    const kept = checkupLetters(
      {
        ...answeredDiffering,
        excluded: found
          .filter((finding) => finding.kind === 'obsolete' && finding.entryId === northwayId)
          .map((finding) => finding.id),
      },
      found,
      DATE,
      SENDER,
    );
    expect(kept.bureauLetters.find((letter) => letter.bureau === 'experian')!.text).toContain(
      'correct the balance to $1,870.00',
    );
  });

  describe('a Chapter 13 bankruptcy (issue 41): 7 years is the bureaus’ policy for a completed plan', () => {
    const chapter13 = (dateFiled: string, answer?: FindingAnswer): Checkup => ({
      ...emptyCheckup(),
      publicRecords: [
        {
          id: 'r1',
          kind: 'chapter-13' as const,
          court: '',
          caseNumber: '18-10001',
          reports: { experian: { dateFiled } },
          notMine: false,
        },
      ],
      answers: answer ? { [`obsolete:r1:${dateFiled}`]: answer } : {},
    });
    const build = (checkup: Checkup) => {
      const found = computeFindings(checkup, TODAY);
      return { found, built: checkupLetters(checkup, found, DATE, SENDER) };
    };

    it('past 7 years but not 10: asks whether the plan was completed, and assumes nothing', () => {
      const { found, built } = build(chapter13('2018-02-01'));
      expect(found).toHaveLength(1);
      expect(questionOf(found[0]!, chapter13('2018-02-01'))).toBe('plan-completed');
      expect(found[0]!.reason).toBe(
        'Experian shows it filed on February 1, 2018. The bureaus’ own policy removes a Chapter 13 bankruptcy 7 years after filing when its plan was completed, which would be after February 1, 2025. Otherwise the law allows it until February 1, 2028.',
      );
      expect(found[0]!.action).toMatch(/^Say whether the plan was completed\./);
      expect(built.bureauLetters).toEqual([]);
      expect(built.notAnswered).toEqual(found);
    });

    it('"yes": the letter says the plan was completed and asks under the bureau’s policy', () => {
      const { found, built } = build(chapter13('2018-02-01', { planCompleted: 'yes' }));
      expect(found[0]!.action).toBe(
        'You said the plan was completed: ask Experian to delete it under their own policy.',
      );
      const text = built.bureauLetters[0]!.text;
      expect(text).toContain('Chapter 13 plan: completed\n');
      expect(text).toContain(
        'The plan was completed, and it is past the 7 years after which your own policy removes it.',
      );
      expect(text).toContain(
        'policy is to remove a Chapter 13 bankruptcy whose plan was completed',
      );
      expect(text).toContain('delete this item under your policy');
      expect(text).not.toContain('the period the law allows');
    });

    it('"no" or "not sure": no letter, and why', () => {
      const no = build(chapter13('2018-02-01', { planCompleted: 'no' })).built;
      expect(no.bureauLetters).toEqual([]);
      expect(no.withoutLetter[0]!.why).toBe(
        'You said the plan was not completed: the law allows it to be reported for 10 years from filing, until February 1, 2028.',
      );
      const notSure = build(chapter13('2018-02-01', { planCompleted: 'not-sure' })).built;
      expect(notSure.bureauLetters).toEqual([]);
      expect(notSure.withoutLetter[0]!.why).toMatch(/discharge order/);
    });

    it('past the law’s 10 years: outdated whatever the plan, without a question', () => {
      const { found, built } = build(chapter13('2015-02-01'));
      expect(questionOf(found[0]!, chapter13('2015-02-01'))).toBe('none');
      expect(found[0]!.reason).toBe(
        'Experian shows it filed on February 1, 2015. The law allows a bankruptcy to be reported for 10 years from filing, so it should have left your report after February 1, 2025.',
      );
      const text = built.bureauLetters[0]!.text;
      expect(text).toContain('It is past the period the law allows.');
      expect(text).not.toContain('Chapter 13 plan: completed');
      expect(text).not.toContain('policy');
    });

    it('within 7 years: no finding', () => {
      expect(build(chapter13('2020-02-01', { planCompleted: 'yes' })).found).toEqual([]);
    });
  });
});
