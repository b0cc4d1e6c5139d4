import { describe, expect, it } from 'vitest';
import { letterExhibits } from '../disputes/letter-exhibits';
import { BUREAU_IDS } from '../letters/bureaus';
import {
  answerSample,
  checkupLetters,
  computeFindings,
  emptyCheckup,
  mailedLetters,
  NO_LETTER_REASONS,
  SAMPLE_IDENTITY_THEFT_REPORT,
  sampleCheckup,
  withSender,
} from './index';

const TODAY = '2026-11-26';
const DATE = new Date(2026, 10, 26, 9, 0);
const SENDER = { name: 'Alex J. Sample', address: '221 Maple Avenue\nSpringfield, IL 62704' };

const answered = answerSample(sampleCheckup());
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
        'mismatch: Lakeside Auto Finance, ending 7710',
        'duplicate: Summit Medical Collections, ending 8831',
        'duplicate: Prairie Wireless, ending 0931',
        'obsolete: Chapter 7 bankruptcy, case 14-70321',
        'aged-inquiry: QuickCash Online',
      ],
    });
  });

  it('unanswered, yield only what needs no answer (and ask which bureau is right)', () => {
    const unanswered = computeFindings(sampleCheckup(), TODAY);
    expect(new Set(unanswered.map((finding) => finding.kind))).toEqual(
      new Set(['obsolete', 'mismatch', 'duplicate', 'aged-inquiry']),
    );
    const open = checkupLetters(sampleCheckup(), unanswered, DATE);
    expect(
      open.withoutLetter.filter((each) => each.why === NO_LETTER_REASONS.needsChoice),
    ).toHaveLength(2);
  });
});

describe('letters for all findings at once', () => {
  it('one letter per bureau, each with that bureau’s items and facts', () => {
    expect(letters.bureauLetters.map((letter) => letter.bureau)).toEqual([
      'experian',
      'equifax',
      'transunion',
    ]);
    expect(headings(letterTo('experian').text)).toEqual([
      'Item 1: Incorrect Personal Information',
      'Item 2: Incorrect Personal Information',
      'Item 3: Outdated Information',
      'Item 4: Duplicate Account',
      'Item 5: Unauthorized Inquiry',
    ]);
    expect(letterTo('experian').text).toContain('P.O. Box 4500');
    expect(letterTo('experian').text).toContain('Date of first delinquency: February 10, 2017');
    expect(letterTo('experian').text).toContain(
      'under §1681c(a)(4) and §1681c(c)(1), it may not be reported after August 9, 2024',
    );
    const experian = letterTo('experian').text;
    expect(experian).toContain('What you report: my name as "Alexis Samples".');
    expect(experian).toContain('What I ask: please block this address.');
    expect(experian).toContain(
      'What I ask: please report a $0 balance on the original creditor’s entry, shown as transferred or sold.',
    );
    expect(experian).toContain('Company: Bright Auto Sales\nInquiry date: February 11, 2026');
    expect(experian).toContain('Items 1, 2 and 5 are the result of identity theft');

    const equifax = letterTo('equifax').text;
    expect(headings(equifax)).toEqual([
      'Item 1: Incorrect Personal Information',
      'Item 2: Incorrect Payment History',
      'Item 3: Outdated Information',
      'Item 4: Outdated Information',
      'Item 5: Account Not Mine',
      'Item 6: Unauthorized Inquiry',
    ]);
    expect(equifax).toContain(
      'What I ask: please remove the late marks for March 2025 only, and keep the rest of the account as it is.',
    );
    expect(equifax).toContain('under §1681c(a)(5), it may not be reported after March 15, 2025');
    expect(equifax).toContain('Under §1681c-2, please block them within 4 business days');
    // Coastal Payday Loans' account and inquiry are both identity theft: the company is named once.
    expect(equifax).toContain(
      `- My identity theft report (number ${SAMPLE_IDENTITY_THEFT_REPORT}) about Address: 9 Harbor Road, Tampa, FL 33602; and Coastal Payday Loans\n`,
    );

    const transunion = letterTo('transunion').text;
    expect(headings(transunion)).toEqual([
      'Item 1: Incorrect Personal Information',
      'Item 2: Incorrect Balance',
      'Item 3: Duplicate Account',
      'Item 4: Duplicate Account',
      'Item 5: Outdated Information',
    ]);
    expect(transunion).toContain(
      'What I ask: please delete the duplicate entry, the one opened later, and keep the other.',
    );
    expect(transunion).toContain('What you report: a balance of $9,450.00.');
    expect(transunion).toContain('What is true: the balance is $8,450.00.');
    expect(transunion).toContain(
      'Duplicate of: Summit Medical Collections, ending 8830 (opened November 12, 2024)',
    );
    expect(transunion).toContain('under §1681c(a)(1), it may not be reported after June 10, 2024');
    for (const letter of letters.bureauLetters) expect(letter.text).toContain('Alex J. Sample');
  });

  it('lists each item’s exhibits in the letter', () => {
    expect(letterExhibits(letterTo('transunion').text)).toEqual([
      { number: 1, description: 'My Experian credit report, the page showing this account' },
      { number: 2, description: 'My TransUnion credit report, the page showing both entries' },
      {
        number: 3,
        description:
          'My TransUnion credit report, the page showing both Prairie Wireless and Midland Recovery Group',
      },
      {
        number: 4,
        description: 'My TransUnion credit report, the page showing this item and its filing date',
      },
    ]);
  });

  it('makes the creditor letters the findings allow: accounts, never a bankruptcy, personal information or an inquiry', () => {
    expect(letters.creditorLetters.map((letter) => letter.creditor)).toEqual([
      'Prairie State Bank Visa',
      'Lakeside Auto Finance',
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
    expect(coastal.text).toContain('Re: Direct dispute of information you report about me');
    // A collection agency is a debt collector: its letter adds the FDCPA.
    const summit = letters.creditorLetters.find(
      (letter) => letter.creditor === 'Summit Medical Collections',
    )!;
    expect(summit.text).toContain('§1692e(8)');
    expect(coastal.text).not.toContain('§1692e(8)');
  });

  it('shows the findings no letter carries, with the reason', () => {
    expect(
      letters.withoutLetter.map((each) => [each.finding.kind, each.finding.title, each.why]),
    ).toEqual([['aged-inquiry', 'QuickCash Online', NO_LETTER_REASONS.agedInquiry]]);
  });

  it('built unsigned once, each is signed when it is read, downloaded or mailed', () => {
    const unsigned = checkupLetters(answered, findings, DATE);
    const all = [...unsigned.bureauLetters, ...unsigned.creditorLetters];
    const signed = [...letters.bureauLetters, ...letters.creditorLetters];
    expect(all.map((letter) => letter.text)).not.toEqual(signed.map((letter) => letter.text));
    expect(all.map((letter) => withSender(letter, DATE, SENDER))).toEqual(signed);
  });

  it('a finding left out is in no letter', () => {
    const lakeside = findings.find((finding) => finding.title.startsWith('Lakeside'))!;
    const without = checkupLetters(
      { ...answered, excluded: [lakeside.id] },
      findings,
      DATE,
      SENDER,
    );
    const transunion = without.bureauLetters.find((letter) => letter.bureau === 'transunion')!;
    expect(transunion.text).not.toContain('Lakeside');
    expect(without.withoutLetter.map((each) => each.why)).toContain(NO_LETTER_REASONS.excluded);
  });

  it('become Round 1 disputes of My Disputes, one per letter, with their items', () => {
    const mailed = mailedLetters(
      [...letters.bureauLetters, letters.creditorLetters[0]!],
      TODAY,
      SENDER,
    );
    expect(mailed.map((letter) => [letter.recipient, letter.items.length])).toEqual([
      [{ kind: 'bureau', bureau: 'experian' }, 5],
      [{ kind: 'bureau', bureau: 'equifax' }, 6],
      [{ kind: 'bureau', bureau: 'transunion' }, 5],
      [{ kind: 'furnisher', name: 'Prairie State Bank Visa', address: '' }, 1],
    ]);
    expect(mailed[0]!.letterText).toBe(letterTo('experian').text);
    expect(mailed.every((letter) => letter.mailedOn === TODAY)).toBe(true);
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
    expect(signed.text).not.toContain("[Creditor's Dispute Address]");
    const [mailed] = mailedLetters([signed], TODAY, SENDER);
    expect(mailed!.recipient).toEqual({
      kind: 'furnisher',
      name: 'Prairie State Bank Visa',
      address: 'Prairie State Bank Disputes\nP.O. Box 100\nSpringfield, IL 62701',
    });
    expect(mailed!.letterText).toBe(signed.text);
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
              rightBureau: { balance: 'equifax' as const },
            }
          : entry,
      ),
    };
    const found = computeFindings(differing, TODAY);
    const mismatch = found.find(
      (finding) => finding.kind === 'mismatch' && finding.entryId === northwayId,
    )!;
    expect(mismatch.bureaus).toEqual(['experian']);
    const built = checkupLetters(differing, found, DATE, SENDER);
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
        ...differing,
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

  it('a Chapter 13 past 7 years is past the bureaus’ policy, not past the law', () => {
    const chapter13 = {
      ...emptyCheckup(),
      publicRecords: [
        {
          id: 'r1',
          kind: 'chapter-13' as const,
          court: '',
          caseNumber: '18-10001',
          reports: { experian: { dateFiled: '2018-02-01' } },
          notMine: false,
        },
      ],
    };
    const found = computeFindings(chapter13, TODAY);
    const [letter] = checkupLetters(chapter13, found, DATE, SENDER).bureauLetters;
    expect(letter!.text).toContain(
      'It is past the 7 years after which your own policy removes it.',
    );
    expect(letter!.text).not.toContain('the period the law allows');
  });
});
