import { describe, expect, it } from 'vitest';
import {
  emptyCheckup,
  EMPTY_ACCOUNT_FACTS,
  INPUT_MESSAGES,
  inputProblems,
  parseBalance,
  parseCheckup,
  answerSample,
  sampleCheckup,
  storableCheckup,
  type AccountFacts,
  type Checkup,
} from './index';

const TODAY = '2026-11-26';

function withFacts(
  values: Partial<AccountFacts>,
  section: 'accounts' | 'collections' = 'accounts',
) {
  const checkup: Checkup = {
    ...emptyCheckup(),
    accounts: [
      {
        id: 'a1',
        section,
        creditor: 'Prairie State Bank',
        accountNumber: '4821',
        originalCreditor: '',
        negative: '',
        reports: { experian: { ...EMPTY_ACCOUNT_FACTS, ...values } },
        notMine: false,
      },
    ],
  };
  return checkup;
}

describe('bad input is marked on its field', () => {
  it('a date in the future', () => {
    expect(inputProblems(withFacts({ dateOpened: '2026-11-27' }), TODAY)).toEqual([
      { entryId: 'a1', field: 'experian.dateOpened', message: INPUT_MESSAGES.future },
    ]);
    expect(inputProblems(withFacts({ dateOpened: TODAY }), TODAY)).toEqual([]);
  });

  it('a date of first delinquency before the account was opened (not for a collector)', () => {
    const dates = { dateOpened: '2020-03-05', dateOfFirstDelinquency: '2020-03-04' };
    expect(inputProblems(withFacts(dates), TODAY)).toEqual([
      {
        entryId: 'a1',
        field: 'experian.dateOfFirstDelinquency',
        message: INPUT_MESSAGES.delinquencyBeforeOpened,
      },
    ]);
    // A collector opens its account after the original creditor's delinquency.
    expect(inputProblems(withFacts(dates, 'collections'), TODAY)).toEqual([]);
  });

  it('a balance that is not a number', () => {
    expect(parseBalance('$1,240.00')).toBe(1240);
    expect(parseBalance('612')).toBe(612);
    for (const bad of ['about 900', '12,34', '$', '1.234', '-5', 'x'.repeat(10_000)])
      expect(parseBalance(bad)).toBeNull();
    expect(inputProblems(withFacts({ balance: 'about 900' }), TODAY)).toEqual([
      { entryId: 'a1', field: 'experian.balance', message: INPUT_MESSAGES.balance },
    ]);
  });

  it('an inquiry dated before the holder turned 18', () => {
    const checkup: Checkup = {
      ...emptyCheckup(),
      dateOfBirth: '1986-05-14',
      inquiries: [
        {
          id: 'q1',
          creditor: 'Bright Auto',
          reports: { equifax: { date: '2004-05-13' } },
          applied: 'no',
        },
        {
          id: 'q2',
          creditor: 'Prairie Bank',
          reports: { equifax: { date: '2004-05-14' } },
          applied: 'yes',
        },
      ],
    };
    expect(inputProblems(checkup, TODAY)).toEqual([
      { entryId: 'q1', field: 'equifax.date', message: INPUT_MESSAGES.beforeAdulthood },
    ]);
  });

  it('what the user disputes on no report (or only on a skipped bureau’s)', () => {
    const checkup: Checkup = {
      ...emptyCheckup(),
      bureaus: ['experian', 'equifax'],
      personal: [
        { id: 'p1', kind: 'address', value: '9 Harbor Road', shownBy: [], neverMine: true },
        { id: 'p2', kind: 'address', value: '1 Elm St', shownBy: ['transunion'], neverMine: true },
        { id: 'p3', kind: 'name', value: 'Alexis', shownBy: [], neverMine: false },
      ],
      accounts: [{ ...withFacts({}).accounts[0]!, reports: {}, notMine: true }],
      publicRecords: [
        { id: 'r1', kind: 'chapter-7', court: '', caseNumber: '1', reports: {}, notMine: true },
      ],
      inquiries: [
        { id: 'q1', creditor: 'Bright Auto', reports: {}, applied: 'no' },
        { id: 'q2', creditor: 'Prairie Bank', reports: {}, applied: 'yes' },
        { id: 'q3', creditor: 'Zoom', reports: { equifax: { date: '' } }, applied: 'no' },
      ],
    };
    const shown = (entryId: string) => ({
      entryId,
      field: 'shown',
      message: INPUT_MESSAGES.noReport,
    });
    expect(inputProblems(checkup, TODAY)).toEqual(
      ['p1', 'p2', 'a1', 'r1', 'q1'].map((id) => shown(id)),
    );
  });

  it('a skipped bureau is not checked; the samples have no bad input', () => {
    const future = withFacts({ dateOpened: '2030-01-01' });
    expect(inputProblems({ ...future, bureaus: ['equifax'] }, TODAY)).toEqual([]);
    expect(inputProblems(answerSample(sampleCheckup()), TODAY)).toEqual([]);
  });
});

describe('a stored or imported checkup is read field by field', () => {
  it('reads back what was written', () => {
    const sample = answerSample(sampleCheckup());
    expect(parseCheckup(JSON.parse(JSON.stringify(sample)))).toEqual(sample);
  });

  it('refuses what is not a checkup, a bad date or an over-long value', () => {
    expect(parseCheckup(null)).toBeNull();
    expect(parseCheckup({ version: 2 })).toBeNull();
    const bad = JSON.parse(JSON.stringify(sampleCheckup()));
    bad.accounts[0].reports.experian.dateOpened = 'yesterday';
    expect(parseCheckup(bad)).toBeNull();
    const long = JSON.parse(JSON.stringify(sampleCheckup()));
    long.accounts[0].creditor = 'x'.repeat(10_000);
    expect(parseCheckup(long)).toBeNull();
  });
});

describe('what the browser keeps', () => {
  it('keeps no real date of birth (the sample’s fictional one only)', () => {
    const own = { ...emptyCheckup(), dateOfBirth: '1986-05-14' };
    expect(storableCheckup(own).dateOfBirth).toBe('');
    expect(storableCheckup(sampleCheckup()).dateOfBirth).toBe('1986-05-14');
  });

  it('keeps the answers, but not the true date of birth typed to correct a wrong one', () => {
    const own = {
      ...emptyCheckup(),
      personal: [
        {
          id: 'p1',
          kind: 'date-of-birth' as const,
          value: '1958-03-04',
          shownBy: ['experian' as const],
          neverMine: true,
        },
      ],
      answers: {
        'personal-not-mine:p1': { value: '1985-03-04' },
        'duplicate:a2:a1': { sameDebt: 'yes' as const },
      },
    };
    const kept = parseCheckup(JSON.parse(JSON.stringify(storableCheckup(own))))!;
    expect(kept.answers).toEqual({
      'personal-not-mine:p1': {},
      'duplicate:a2:a1': { sameDebt: 'yes' },
    });
  });

  it('reads a checkup kept before answers: the bureau it said was right becomes the answer', () => {
    const old = JSON.parse(JSON.stringify(sampleCheckup()));
    old.accounts[1].rightBureau = { balance: 'experian' };
    old.identityTheft = true;
    const read = parseCheckup(old)!;
    expect(read.answers).toEqual({
      [`mismatch:${old.accounts[1].id}:balance`]: { truth: 'experian' },
    });
    expect(parseCheckup({ ...old, answers: { x: { truth: 'maybe' } } })).toBeNull();
  });
});
