import { BUREAU_IDS, type BureauId } from '../letters/bureaus';
import { addYears, isIsoDate, type IsoDate } from '../letters/dates';
import type { Checkup } from './model';

/** One bad value, marked next to its field; the entry's findings wait until it is fixed. */
export interface InputProblem {
  entryId: string;
  /**
   * `dateOfBirth`, `shown` (the reports that show an entry), or `<bureau>.<field>` of an entry's
   * column, e.g. `experian.balance`.
   */
  field: string;
  message: string;
}

export const INPUT_MESSAGES = {
  notADate: 'Enter a date as it appears on the report (month, day and year).',
  future: 'This date is in the future. Enter the date the report shows.',
  delinquencyBeforeOpened:
    'The date of first delinquency is before the date opened. Check both dates on the report.',
  balance: 'Enter the balance as a number, for example 1,240.00 (a dollar sign is fine).',
  beforeAdulthood:
    'This inquiry is dated before your 18th birthday. Check the date, or your date of birth above.',
  noReport: 'Tick the reports that show it: the letters go only to those bureaus.',
} as const;

/** "$1,240.00" → 1240; null when it is not an amount of money. */
export function parseBalance(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : null;
}

function dateProblem(value: string, today: IsoDate): string | undefined {
  if (value === '') return undefined;
  if (!isIsoDate(value)) return INPUT_MESSAGES.notADate;
  return value > today ? INPUT_MESSAGES.future : undefined;
}

function columns<T>(reports: Partial<Record<BureauId, T>>, bureaus: readonly BureauId[]) {
  return BUREAU_IDS.filter((bureau) => bureaus.includes(bureau)).flatMap((bureau) => {
    const facts = reports[bureau];
    return facts ? [[bureau, facts] as const] : [];
  });
}

/**
 * The bad values of a checkup: dates in the future, a date of first delinquency before the
 * account was opened, a balance that is not a number, an inquiry before the holder turned 18, and
 * an entry marked as not the user's on no report.
 */
export function inputProblems(checkup: Checkup, today: IsoDate): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (entryId: string, field: string, message: string | undefined) => {
    if (message) problems.push({ entryId, field, message });
  };
  add('holder', 'dateOfBirth', dateProblem(checkup.dateOfBirth, today));
  // What the user disputes must name the reports it is on: no column ticked, no letter.
  const noReport = (id: string, disputed: boolean, onReport: boolean) =>
    add(id, 'shown', disputed && !onReport ? INPUT_MESSAGES.noReport : undefined);
  for (const fact of checkup.personal)
    noReport(
      fact.id,
      fact.neverMine,
      fact.shownBy.some((bureau) => checkup.bureaus.includes(bureau)),
    );
  for (const entry of [...checkup.accounts, ...checkup.publicRecords])
    noReport(entry.id, entry.notMine, columns<unknown>(entry.reports, checkup.bureaus).length > 0);
  for (const inquiry of checkup.inquiries)
    noReport(
      inquiry.id,
      inquiry.applied === 'no',
      columns(inquiry.reports, checkup.bureaus).length > 0,
    );
  for (const account of checkup.accounts)
    for (const [bureau, facts] of columns(account.reports, checkup.bureaus)) {
      const opened = dateProblem(facts.dateOpened, today);
      const delinquent = dateProblem(facts.dateOfFirstDelinquency, today);
      add(account.id, `${bureau}.dateOpened`, opened);
      add(account.id, `${bureau}.dateOfFirstDelinquency`, delinquent);
      // A collector's "date opened" is when it got the debt, after the original delinquency.
      const original = account.section === 'accounts';
      if (original && !opened && !delinquent && facts.dateOpened && facts.dateOfFirstDelinquency)
        add(
          account.id,
          `${bureau}.dateOfFirstDelinquency`,
          facts.dateOfFirstDelinquency < facts.dateOpened
            ? INPUT_MESSAGES.delinquencyBeforeOpened
            : undefined,
        );
      if (facts.balance.trim() !== '' && parseBalance(facts.balance) === null)
        add(account.id, `${bureau}.balance`, INPUT_MESSAGES.balance);
    }
  for (const record of checkup.publicRecords)
    for (const [bureau, facts] of columns(record.reports, checkup.bureaus))
      add(record.id, `${bureau}.dateFiled`, dateProblem(facts.dateFiled, today));
  const birth = isIsoDate(checkup.dateOfBirth) ? checkup.dateOfBirth : undefined;
  const adult = birth && addYears(birth, 18);
  for (const inquiry of checkup.inquiries)
    for (const [bureau, facts] of columns(inquiry.reports, checkup.bureaus)) {
      const problem = dateProblem(facts.date, today);
      add(
        inquiry.id,
        `${bureau}.date`,
        problem ??
          (adult && facts.date && facts.date < adult ? INPUT_MESSAGES.beforeAdulthood : undefined),
      );
    }
  return problems;
}
