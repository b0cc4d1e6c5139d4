import { describe, expect, it } from 'vitest';
import {
  computeFindings,
  emptyCheckup,
  EMPTY_ACCOUNT_FACTS,
  type AccountEntry,
  type AccountFacts,
  type Checkup,
  type Finding,
  type FindingAnswer,
} from './index';

const TODAY = '2026-11-26';

function account(
  reports: AccountEntry['reports'],
  extra: Partial<AccountEntry> = {},
): AccountEntry {
  return {
    id: extra.id ?? 'a1',
    section: 'accounts',
    creditor: 'Northway Department Store',
    accountNumber: '3302',
    originalCreditor: '',
    negative: '',
    notMine: false,
    ...extra,
    reports,
  };
}

const facts = (values: Partial<AccountFacts>): AccountFacts => ({
  ...EMPTY_ACCOUNT_FACTS,
  ...values,
});

function checkup(changes: Partial<Checkup>): Checkup {
  return { ...emptyCheckup(), ...changes };
}

const kinds = (findings: Finding[]) => findings.map((finding) => finding.kind);

describe('obsolescence, 15 U.S.C. §1681c(a) and (c)', () => {
  const chargeOff = (dateOfFirstDelinquency: string) =>
    checkup({
      accounts: [
        account(
          { experian: facts({ dateOfFirstDelinquency, balance: '$900' }) },
          { negative: 'charge-off' },
        ),
      ],
    });

  it('§1681c(a)(4) and (c)(1): a charge-off leaves 7 years + 180 days after the date of first delinquency', () => {
    // 2019-05-30 + 180 days = 2019-11-26; + 7 years = 2026-11-26, the last reportable day.
    expect(computeFindings(chargeOff('2019-05-30'), TODAY)).toEqual([]);
    const [finding] = computeFindings(chargeOff('2019-05-29'), TODAY);
    expect(finding).toMatchObject({
      kind: 'obsolete',
      bureaus: ['experian'],
      reportableUntil: '2026-11-25',
      basis: '15 U.S.C. §1681c(a)(4) and §1681c(c)(1)',
    });
    expect(finding!.reason).toContain('should have left your report after November 25, 2026');
  });

  it('§1681c(a)(4) and (c)(1): a collection counts its 180 days too', () => {
    const collection = checkup({
      accounts: [
        account(
          { equifax: facts({ dateOfFirstDelinquency: '2019-05-29' }) },
          { section: 'collections', negative: 'collection' },
        ),
      ],
    });
    expect(computeFindings(collection, TODAY)[0]).toMatchObject({
      kind: 'obsolete',
      section: 'collections',
      reportableUntil: '2026-11-25',
    });
  });

  it('§1681c(a)(5): a late payment leaves 7 years after its date, without the 180 days', () => {
    const late = (dateOfFirstDelinquency: string) =>
      checkup({
        accounts: [
          account(
            { transunion: facts({ dateOfFirstDelinquency, lateMonths: 'March 2018' }) },
            { negative: 'late-payment' },
          ),
        ],
      });
    expect(computeFindings(late('2019-11-26'), TODAY)).toEqual([]);
    expect(computeFindings(late('2019-11-25'), TODAY)[0]).toMatchObject({
      kind: 'obsolete',
      reportableUntil: '2026-11-25',
      basis: '15 U.S.C. §1681c(a)(5)',
      // The late marks are the adverse item: the account and its good history may stay.
      action:
        'Ask TransUnion to remove the late marks more than 7 years old, and keep the rest of the account as it is.',
    });
  });

  it('an account with nothing negative is never obsolete', () => {
    const old = checkup({
      accounts: [account({ experian: facts({ dateOfFirstDelinquency: '2001-01-01' }) })],
    });
    expect(computeFindings(old, TODAY)).toEqual([]);
  });

  it('§1681c(a)(1): a Chapter 7 bankruptcy leaves 10 years after filing', () => {
    const bankruptcy = (dateFiled: string) =>
      checkup({
        publicRecords: [
          {
            id: 'r1',
            kind: 'chapter-7',
            court: 'U.S. Bankruptcy Court',
            caseNumber: '14-70321',
            reports: { transunion: { dateFiled } },
            notMine: false,
          },
        ],
      });
    expect(computeFindings(bankruptcy('2016-11-26'), TODAY)).toEqual([]);
    expect(computeFindings(bankruptcy('2016-11-25'), TODAY)[0]).toMatchObject({
      kind: 'obsolete',
      section: 'public-records',
      reportableUntil: '2026-11-25',
      basis: '15 U.S.C. §1681c(a)(1)',
    });
  });

  it('inquiries: the bureaus remove them 2 years after their date (their policy, no statute)', () => {
    const inquiry = (date: string) =>
      checkup({
        inquiries: [
          {
            id: 'q1',
            creditor: 'QuickCash Online',
            reports: { equifax: { date } },
            applied: 'yes',
          },
        ],
      });
    expect(computeFindings(inquiry('2024-11-26'), TODAY)).toEqual([]);
    const [finding] = computeFindings(inquiry('2024-11-25'), TODAY);
    expect(finding).toMatchObject({ kind: 'aged-inquiry', bureaus: ['equifax'] });
    expect(finding!.basis).toMatch(/own policy/);
    expect(finding!.basis).not.toMatch(/§/);
  });

  it('each bureau counts from the date it shows', () => {
    const split = checkup({
      accounts: [
        account(
          {
            experian: facts({ dateOfFirstDelinquency: '2017-02-10' }),
            equifax: facts({ dateOfFirstDelinquency: '2022-02-10' }),
          },
          { negative: 'charge-off' },
        ),
      ],
    });
    const obsolete = computeFindings(split, TODAY).filter((each) => each.kind === 'obsolete');
    expect(obsolete.map((each) => each.bureaus)).toEqual([['experian']]);
  });
});

describe('bureaus that differ, §1681e(b) accuracy and §1681i', () => {
  const lakeside = (answer?: FindingAnswer) =>
    checkup({
      accounts: [
        account(
          {
            experian: facts({ balance: '$8,450.00', status: 'Open', asOf: '2026-10-28' }),
            equifax: facts({ balance: '8450', status: 'open', asOf: '2026-10-28' }),
            transunion: facts({ balance: '$9,450.00', status: 'Open', asOf: '2026-09-28' }),
          },
          { creditor: 'Lakeside Auto Finance' },
        ),
      ],
      answers: answer ? { 'mismatch:a1:balance': answer } : {},
    });

  it('finds a different balance (amounts compared as numbers, text without case)', () => {
    const findings = computeFindings(lakeside(), TODAY);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      kind: 'mismatch',
      field: 'balance',
      bureaus: [],
      values: { experian: '$8,450.00', equifax: '8450', transunion: '$9,450.00' },
      basis: '15 U.S.C. §1681i (reinvestigation) and §1681e(b) (accuracy)',
    });
    expect(findings[0]!.action).toBe(
      'Say what is true: one bureau’s value, another value, or that you are not sure.',
    );
  });

  it('shows each bureau’s value with its "as of" date, and says a balance changes between dates', () => {
    const [finding] = computeFindings(lakeside(), TODAY);
    expect(finding!.asOf).toEqual({
      experian: '2026-10-28',
      equifax: '2026-10-28',
      transunion: '2026-09-28',
    });
    expect(finding!.reason).toContain('TransUnion $9,450.00 (as of September 28, 2026)');
    expect(finding!.reason).toContain('a difference alone does not make one wrong');
  });

  it('once the consumer says what is true, the bureaus that differ from it are the ones to correct', () => {
    const [finding] = computeFindings(lakeside({ truth: 'experian' }), TODAY);
    expect(finding).toMatchObject({ bureaus: ['transunion'] });
    expect(finding!.action).toBe(
      'You said the balance is $8,450.00: ask TransUnion to correct it.',
    );
    const [neither] = computeFindings(lakeside({ truth: 'neither', value: '$9,000' }), TODAY);
    expect(neither).toMatchObject({ bureaus: ['experian', 'equifax', 'transunion'] });
    const [notSure] = computeFindings(lakeside({ truth: 'not-sure' }), TODAY);
    expect(notSure).toMatchObject({ bureaus: [] });
  });

  it('compares status, dates and late months too; a bureau not shown is not compared', () => {
    const differing = checkup({
      accounts: [
        account({
          experian: facts({ status: 'Paid', dateOpened: '2018-04-02', lateMonths: '' }),
          equifax: facts({
            status: 'Open',
            dateOpened: '2018-05-02',
            lateMonths: 'March 2025',
          }),
        }),
      ],
    });
    expect(computeFindings(differing, TODAY).map((each) => each.field)).toEqual([
      'status',
      'dateOpened',
      'lateMonths',
    ]);
    expect(computeFindings({ ...differing, bureaus: ['experian'] }, TODAY)).toEqual([]);
  });
});

describe('never mine, not mine, did not apply', () => {
  it('personal information the user marks as never theirs, at each bureau that shows it', () => {
    const findings = computeFindings(
      checkup({
        personal: [
          {
            id: 'p1',
            kind: 'address',
            value: '9 Harbor Road',
            shownBy: ['experian', 'equifax'],
            neverMine: true,
          },
          {
            id: 'p2',
            kind: 'name',
            value: 'Alex J. Sample',
            shownBy: ['experian'],
            neverMine: false,
          },
        ],
      }),
      TODAY,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      kind: 'personal-not-mine',
      bureaus: ['experian', 'equifax'],
    });
  });

  it('an account marked not mine: §1681c-2 block with an identity theft report, the way to one without', () => {
    const notMine = (identityTheftReportNumber: string) =>
      checkup({
        identityTheftReportNumber,
        answers: { 'not-mine:a1': { identityTheft: true, inReport: true } },
        accounts: [
          account(
            { equifax: facts({ balance: '$950', dateOpened: '2025-08-03' }) },
            { notMine: true, creditor: 'Coastal Payday Loans' },
          ),
        ],
      });
    const [withReport] = computeFindings(notMine('FTC-1'), TODAY);
    expect(withReport).toMatchObject({ kind: 'not-mine', bureaus: ['equifax'] });
    expect(withReport!.basis).toContain('§1681c-2');
    const [withoutReport] = computeFindings(notMine(''), TODAY);
    expect(withoutReport!.action).toContain('IdentityTheft.gov');
    expect(withoutReport!.basis).not.toContain('§1681c-2');
  });

  it('an inquiry the user did not apply for (§1681b(f) permissible purpose)', () => {
    const findings = computeFindings(
      checkup({
        inquiries: [
          {
            id: 'q1',
            creditor: 'Bright Auto',
            reports: { experian: { date: '2026-02-11' } },
            applied: 'no',
          },
          {
            id: 'q2',
            creditor: 'Prairie Bank',
            reports: { equifax: { date: '2026-02-11' } },
            applied: 'yes',
          },
        ],
      }),
      TODAY,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'unauthorized-inquiry', entryId: 'q1' });
    expect(findings[0]!.basis).toContain('§1681b(f)');
  });
});

describe('duplicates, §1681e(b)', () => {
  const loan = (id: string, accountNumber: string, dateOpened: string, balance = '$340') =>
    account(
      { transunion: facts({ balance, dateOpened }) },
      { id, accountNumber, creditor: 'Summit Medical Collections', section: 'collections' },
    );

  it('one creditor twice, with the same date opened: the later-entered entry may repeat it', () => {
    const [finding] = computeFindings(
      checkup({
        accounts: [loan('a1', '8830', '2024-11-12'), loan('a2', '8831', '2024-11-12')],
      }),
      TODAY,
    );
    expect(finding).toMatchObject({
      kind: 'duplicate',
      duplicate: 'same-creditor',
      entryId: 'a2',
      otherEntryId: 'a1',
      bureaus: ['transunion'],
    });
    expect(finding!.reason).toContain('the same date opened');
    expect(finding!.action).toMatch(/^Say whether they are the same debt/);
    const sameNumber = computeFindings(
      checkup({ accounts: [loan('a1', '1-8830', '2024-11-12'), loan('a2', '8830', '2025-02-20')] }),
      TODAY,
    );
    expect(sameNumber[0]).toMatchObject({ kind: 'duplicate', entryId: 'a2', otherEntryId: 'a1' });
    expect(sameNumber[0]!.reason).toContain('the same last 4 digits');
    const sameOriginal = computeFindings(
      checkup({
        accounts: [
          { ...loan('a1', '8830', '2024-11-12'), originalCreditor: 'Springfield Imaging' },
          { ...loan('a2', '8831', '2025-02-20'), originalCreditor: 'Springfield Imaging' },
        ],
      }),
      TODAY,
    );
    expect(sameOriginal[0]).toMatchObject({ entryId: 'a2', otherEntryId: 'a1' });
    expect(sameOriginal[0]!.reason).toContain('the same original creditor, Springfield Imaging');
  });

  it('two student loans of one lender with the same balance are not a duplicate', () => {
    const loans = checkup({
      accounts: [
        account(
          { experian: facts({ balance: '$5,500.00', dateOpened: '2019-08-20' }) },
          { id: 'l1', creditor: 'Great Plains Student Loans', accountNumber: '0001' },
        ),
        account(
          { experian: facts({ balance: '$5,500.00', dateOpened: '2020-08-24' }) },
          { id: 'l2', creditor: 'Great Plains Student Loans', accountNumber: '0002' },
        ),
      ],
    });
    expect(computeFindings(loans, TODAY)).toEqual([]);
  });

  it('a debt buyer and the original creditor both with a balance', () => {
    const both = (originalBalance: string) =>
      checkup({
        accounts: [
          account(
            { experian: facts({ balance: originalBalance }) },
            { id: 'a1', creditor: 'Prairie Wireless' },
          ),
          account(
            { experian: facts({ balance: '$612' }) },
            {
              id: 'a2',
              section: 'collections',
              creditor: 'Midland Recovery Group',
              originalCreditor: 'Prairie Wireless',
            },
          ),
        ],
      });
    expect(computeFindings(both('$612'), TODAY)[0]).toMatchObject({
      kind: 'duplicate',
      duplicate: 'sold-debt',
      entryId: 'a1',
      otherEntryId: 'a2',
    });
    expect(computeFindings(both('$0'), TODAY)).toEqual([]);
  });
});

describe('skips and bad input', () => {
  const obsolete = checkup({
    accounts: [
      account(
        { experian: facts({ dateOfFirstDelinquency: '2015-01-01', dateOpened: '2014-01-01' }) },
        { negative: 'charge-off' },
      ),
    ],
  });

  it('a skipped bureau or section yields nothing', () => {
    expect(kinds(computeFindings(obsolete, TODAY))).toEqual(['obsolete']);
    expect(computeFindings({ ...obsolete, bureaus: ['equifax', 'transunion'] }, TODAY)).toEqual([]);
    expect(computeFindings({ ...obsolete, skippedSections: ['accounts'] }, TODAY)).toEqual([]);
  });

  it('an entry with a bad value gets no finding until it is fixed', () => {
    const bad = structuredClone(obsolete);
    bad.accounts[0]!.reports.experian!.balance = 'about 900';
    expect(computeFindings(bad, TODAY)).toEqual([]);
  });
});

const both: Checkup['answers'] = {
  'personal-not-mine:p1': { identityTheft: true, inReport: true },
  'unauthorized-inquiry:q1': { identityTheft: true, inReport: true },
};

describe('identity theft, 15 U.S.C. §1681c-2', () => {
  it('a block is the remedy only for an item the consumer calls identity theft and their report lists', () => {
    const theft = (identityTheftReportNumber: string, answers: Checkup['answers'] = both) =>
      checkup({
        identityTheftReportNumber,
        answers,
        personal: [
          {
            id: 'p1',
            kind: 'address',
            value: '9 Harbor Road',
            shownBy: ['experian'],
            neverMine: true,
          },
        ],
        inquiries: [
          {
            id: 'q1',
            creditor: 'Bright Auto',
            reports: { experian: { date: '2026-02-11' } },
            applied: 'no',
          },
        ],
      });
    const withReport = computeFindings(theft('FTC-1'), TODAY);
    expect(withReport.map((finding) => finding.basis)).toEqual([
      '15 U.S.C. §1681c-2 (identity theft block) and §1681i',
      '15 U.S.C. §1681c-2 (identity theft block) and §1681i',
    ]);
    const withoutReport = computeFindings(theft(''), TODAY);
    expect(withoutReport.map((finding) => finding.basis.includes('§1681c-2'))).toEqual([
      false,
      false,
    ]);
    expect(withoutReport[0]!.action).toContain('IdentityTheft.gov');
    // Each item its own tick: the address is identity theft, but the report lists only the inquiry.
    const perItem = computeFindings(
      theft('FTC-1', {
        'personal-not-mine:p1': { identityTheft: true },
        'unauthorized-inquiry:q1': { identityTheft: true, inReport: true },
      }),
      TODAY,
    );
    expect(perItem.map((finding) => finding.basis.includes('§1681c-2'))).toEqual([false, true]);
    const untouched = computeFindings(theft('FTC-1', {}), TODAY);
    expect(untouched.map((finding) => finding.action.includes('identity'))).toEqual([false, false]);
  });
});
