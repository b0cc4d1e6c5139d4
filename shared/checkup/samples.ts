import {
  addMonths,
  addMonthsToMonthName,
  calendarMonthsBetween,
  type IsoDate,
} from '../letters/dates';
import type { Checkup } from './model';
import { checkupFromReports, type BureauReport } from './reports';

/**
 * Three fictional reports of one fictional person, one per bureau, for "Try it with a sample" and
 * the tests. Every name, number and address is made up. Between them they hold each finding kind:
 * personal information that is not the holder's, an account opened by an identity thief, items
 * past their reporting period (§1681c(a)(1), (a)(4), (a)(5)), bureaus that differ, a debt counted
 * twice, inquiries the holder did not make and one past the 2 years the bureaus keep them.
 */
const HOLDER = { name: 'Alex J. Sample', dateOfBirth: '1986-05-14' };
const HOME = '221 Maple Avenue, Springfield, IL 62704';
const NEVER_LIVED = '9 Harbor Road, Tampa, FL 33602';

const PRAIRIE_BANK = {
  section: 'accounts',
  creditor: 'Prairie State Bank Visa',
  accountNumber: '4821',
  negative: '',
  balance: '$1,240.00',
  status: 'Open',
  dateOpened: '2018-04-02',
  dateOfFirstDelinquency: '',
  lateMonths: '',
} as const;
const LAKESIDE = {
  section: 'accounts',
  creditor: 'Lakeside Auto Finance',
  accountNumber: '7710',
  negative: '',
  balance: '$8,450.00',
  status: 'Open',
  dateOpened: '2021-06-15',
  dateOfFirstDelinquency: '',
  lateMonths: '',
} as const;
const NORTHWAY = {
  section: 'accounts',
  creditor: 'Northway Department Store',
  accountNumber: '3302',
  negative: 'charge-off',
  balance: '$1,870.00',
  status: 'Charged off',
  dateOpened: '2014-09-01',
  dateOfFirstDelinquency: '2017-02-10',
  lateMonths: '',
} as const;
const PRAIRIE_WIRELESS = {
  section: 'accounts',
  creditor: 'Prairie Wireless',
  accountNumber: '0931',
  negative: 'charge-off',
  balance: '$612.00',
  status: 'Charged off',
  dateOpened: '2020-03-05',
  dateOfFirstDelinquency: '2023-01-20',
  lateMonths: '',
} as const;
const MIDLAND = {
  section: 'collections',
  creditor: 'Midland Recovery Group',
  accountNumber: '5519',
  originalCreditor: 'Prairie Wireless',
  negative: 'collection',
  balance: '$612.00',
  status: 'Collection',
  dateOpened: '2023-09-14',
  dateOfFirstDelinquency: '2023-01-20',
  lateMonths: '',
} as const;
const SUMMIT = {
  section: 'collections',
  creditor: 'Summit Medical Collections',
  originalCreditor: 'Springfield Imaging Center',
  negative: 'collection',
  balance: '$340.00',
  status: 'Collection',
  dateOfFirstDelinquency: '2024-05-01',
  lateMonths: '',
} as const;

export const SAMPLE_REPORTS: Readonly<Record<'experian' | 'equifax' | 'transunion', BureauReport>> =
  {
    experian: {
      bureau: 'experian',
      holder: HOLDER,
      asOf: '2026-10-28',
      personal: [
        { kind: 'name', value: 'Alex J. Sample' },
        { kind: 'name', value: 'Alexis Samples' },
        { kind: 'address', value: HOME },
        { kind: 'address', value: NEVER_LIVED },
        { kind: 'employer', value: 'Springfield Clinic' },
      ],
      accounts: [PRAIRIE_BANK, LAKESIDE, NORTHWAY, PRAIRIE_WIRELESS, MIDLAND],
      publicRecords: [],
      inquiries: [{ creditor: 'Bright Auto Sales', date: '2026-02-11' }],
    },
    equifax: {
      bureau: 'equifax',
      holder: HOLDER,
      asOf: '2026-10-28',
      personal: [
        { kind: 'name', value: 'Alex J. Sample' },
        { kind: 'address', value: HOME },
        { kind: 'address', value: NEVER_LIVED },
        { kind: 'employer', value: 'Springfield Clinic' },
      ],
      accounts: [
        { ...PRAIRIE_BANK, lateMonths: 'March 2025' },
        NORTHWAY,
        {
          section: 'accounts',
          creditor: 'Riverbend Credit Union',
          accountNumber: '6640',
          negative: 'late-payment',
          balance: '$0.00',
          status: 'Closed',
          dateOpened: '2012-05-20',
          dateOfFirstDelinquency: '2018-03-15',
          lateMonths: 'March 2018',
        },
        {
          section: 'accounts',
          creditor: 'Coastal Payday Loans',
          accountNumber: '0047',
          negative: '',
          balance: '$950.00',
          status: 'Open',
          dateOpened: '2025-08-03',
          dateOfFirstDelinquency: '',
          lateMonths: '',
        },
      ],
      publicRecords: [],
      inquiries: [
        { creditor: 'Prairie State Bank', date: '2025-10-03' },
        { creditor: 'Coastal Payday Loans', date: '2025-08-01' },
      ],
    },
    transunion: {
      bureau: 'transunion',
      holder: HOLDER,
      asOf: '2026-10-28',
      personal: [
        { kind: 'name', value: 'Alex J. Sample' },
        { kind: 'address', value: HOME },
        { kind: 'employer', value: 'Gulf Coast Staffing' },
      ],
      accounts: [
        // A month older: the balance before a payment, not an error.
        { ...LAKESIDE, balance: '$9,450.00', asOf: '2026-09-28' },
        PRAIRIE_WIRELESS,
        MIDLAND,
        { ...SUMMIT, accountNumber: '8830', dateOpened: '2024-11-12' },
        // The same bill placed twice: another number, the same original creditor.
        { ...SUMMIT, accountNumber: '8831', dateOpened: '2025-02-20' },
      ],
      publicRecords: [
        {
          kind: 'chapter-7',
          court: 'U.S. Bankruptcy Court, Central District of Illinois',
          caseNumber: '14-70321',
          dateFiled: '2014-06-10',
        },
      ],
      inquiries: [{ creditor: 'QuickCash Online', date: '2024-01-15' }],
    },
  };

/**
 * The day the sample's dates were chosen for. What a report shows depends on its items' age (an
 * inquiry leaves after 2 years, a debt 7 years and 180 days after it went delinquent), and on
 * this day each age is more than a month away from its limit.
 */
export const SAMPLE_DAY: IsoDate = '2026-11-26';

/** `report` with every date of its items `months` later (the holder's birth date stays). */
function movedOn(report: BureauReport, months: number): BureauReport {
  const date = (iso: IsoDate) => (iso ? addMonths(iso, months) : iso);
  return {
    ...report,
    accounts: report.accounts.map((account) => ({
      ...account,
      dateOpened: date(account.dateOpened),
      asOf: account.asOf && date(account.asOf),
      dateOfFirstDelinquency: date(account.dateOfFirstDelinquency),
      // One month at most in the sample ("March 2025").
      lateMonths: account.lateMonths && addMonthsToMonthName(account.lateMonths, months),
    })),
    asOf: date(report.asOf),
    publicRecords: report.publicRecords.map((record) => ({
      ...record,
      dateFiled: date(record.dateFiled),
    })),
    inquiries: report.inquiries.map((inquiry) => ({ ...inquiry, date: date(inquiry.date) })),
  };
}

/**
 * The three sample reports as a checkup on `today`, nothing answered yet. Their dates move on by
 * the whole months since SAMPLE_DAY, so every item is as old as it was then (within a month) and
 * the sample finds the same things on any day.
 */
export function sampleCheckup(today: IsoDate = SAMPLE_DAY): Checkup {
  const months = calendarMonthsBetween(SAMPLE_DAY, today);
  return {
    ...checkupFromReports(
      [SAMPLE_REPORTS.experian, SAMPLE_REPORTS.equifax, SAMPLE_REPORTS.transunion].map((report) =>
        movedOn(report, months),
      ),
    ),
    sample: true,
  };
}

/** The fictional identity theft report the sample's holder filed (an FTC report's number). */
export const SAMPLE_IDENTITY_THEFT_REPORT = 'FTC-0000-SAMPLE-1';

/**
 * The answers the sample's holder gives, as the practice mode suggests them: which facts are
 * never theirs and which are identity theft (their FTC report lists the payday loan and its
 * inquiry), the late mark they never had, a balance that differs only by date ("not sure"), the
 * debts counted twice, the inquiries they did not make.
 */
export function answerSample(checkup: Checkup): Checkup {
  const never = new Set(['Alexis Samples', NEVER_LIVED, 'Gulf Coast Staffing']);
  const answers: Checkup['answers'] = {};
  const byCreditor = (name: string) => checkup.accounts.find((entry) => entry.creditor === name);
  const coastal = byCreditor('Coastal Payday Loans');
  const stolen = { identityTheft: true, inReport: true };
  if (coastal) answers[`not-mine:${coastal.id}`] = stolen;
  for (const inquiry of checkup.inquiries)
    if (inquiry.creditor === 'Coastal Payday Loans')
      answers[`unauthorized-inquiry:${inquiry.id}`] = stolen;
  for (const entry of checkup.personal)
    if (entry.value === NEVER_LIVED)
      answers[`personal-not-mine:${entry.id}`] = { identityTheft: true };
  const prairie = byCreditor(PRAIRIE_BANK.creditor);
  if (prairie) answers[`mismatch:${prairie.id}:lateMonths`] = { truth: 'experian' };
  const lakeside = byCreditor(LAKESIDE.creditor);
  if (lakeside) answers[`mismatch:${lakeside.id}:balance`] = { truth: 'not-sure' };
  const wireless = byCreditor(PRAIRIE_WIRELESS.creditor);
  const midland = byCreditor(MIDLAND.creditor);
  if (wireless && midland)
    answers[`duplicate:${wireless.id}:${midland.id}`] = { sameDebt: 'yes', sold: 'yes' };
  const [first, second] = checkup.accounts.filter((entry) => entry.creditor === SUMMIT.creditor);
  if (first && second) answers[`duplicate:${second.id}:${first.id}`] = { sameDebt: 'yes' };
  return {
    ...checkup,
    identityTheftReportNumber: SAMPLE_IDENTITY_THEFT_REPORT,
    personal: checkup.personal.map((entry) => ({ ...entry, neverMine: never.has(entry.value) })),
    accounts: checkup.accounts.map((entry) =>
      entry.creditor === 'Coastal Payday Loans' ? { ...entry, notMine: true } : entry,
    ),
    inquiries: checkup.inquiries.map((entry) => ({
      ...entry,
      applied: ['Bright Auto Sales', 'Coastal Payday Loans'].includes(entry.creditor)
        ? 'no'
        : 'yes',
    })),
    answers,
  };
}

/** The sample's letters are signed by its fictional holder, never by the user. */
export const SAMPLE_SENDER = {
  details: {
    name: HOLDER.name,
    address: '221 Maple Avenue\nSpringfield, IL 62704',
    dateOfBirth: HOLDER.dateOfBirth,
  },
  reportNumbers: {},
} as const;
