import { EMPTY_ACCOUNT_FACTS, type AccountEntry } from '../index';

/**
 * One student loan as Experian reports it under each account number given (ids `a1`, `a2`, …;
 * the first opened in 2020, the others in 2021): two make a duplicate finding, for tests.
 */
export function duplicateLoans(accountNumbers: readonly string[]): AccountEntry[] {
  return accountNumbers.map((accountNumber, index) => ({
    id: `a${index + 1}`,
    section: 'accounts',
    creditor: 'Great Plains Student Loans',
    accountNumber,
    originalCreditor: 'Great Plains Bank',
    negative: '',
    notMine: false,
    reports: {
      experian: {
        ...EMPTY_ACCOUNT_FACTS,
        balance: '$500',
        dateOpened: index === 0 ? '2020-08-24' : '2021-03-02',
      },
    },
  }));
}
