import { addYears, formatIsoLong, isIsoDate, type IsoDate } from './dates';
import { hasAccount, isErrorTypeId } from './error-types';
import { isDuplicateRemoveId, isPersonalInfoKindId } from './item-facts';
import { isItemTypeId, isObsolete, ITEM_TYPES, reportingPeriod } from './reporting-period';

/**
 * The rules that keep a letter a bureau can reject as frivolous from being made: each item names
 * its account (or says the report shows none) and at least one fact of "What is true"; an
 * Outdated Information item is outdated; dates are real and not in the future. Each failure is
 * marked inline on its field with a message that says what to enter.
 */

/** `${item index}.${field}` for an item's field, `sender.${field}` for Your details. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The item fields the rules read (an `ItemDraft` has them all). */
export interface RuleItem {
  errorType: string;
  accountNumber: string;
  accountNumberNotShown: boolean;
  correctBalance: string;
  duplicateOf: string;
  duplicateRemove: string;
  /** The entry to delete's last 4 digits; a caller without the field is not held to it. */
  duplicateRemoveLast4?: string;
  soldDebt: boolean;
  itemType: string;
  dateOfFirstDelinquency: string;
  dateFiled: string;
  /** Chapter 13: only true (the consumer said so) allows the bureaus' 7-year policy. */
  planCompleted?: boolean;
  correctStatus: string;
  whichDate: string;
  reportedDate: string;
  correctDate: string;
  monthsReportedLate: string;
  personalInfoKind: string;
  reportedInfo: string;
  correctInfo: string;
  personalInfoNotMine: boolean;
  inquiryDate: string;
}

/** A report number longer than this is not one (the bureaus' are 10 to 16 characters). */
export const REPORT_NUMBER_MAX = 40;
/** The bureaus' own policy (no law) takes a hard inquiry off 2 years after its date. */
export const INQUIRY_YEARS = 2;
/** §1681i(d): at most this many people designated to be told of a deletion, in this many characters. */
export const NOTIFY_MAX_NAMES = 5;
export const NOTIFY_MAX_CHARS = 300;

export const RULE_MESSAGES = {
  accountNumber:
    'Enter the account number your report shows (the last 4 digits are enough), or tick "Not shown on my report".',
  correctBalance: 'Enter the correct balance: what you really owe.',
  duplicateOf: 'Name the other entry, e.g. "Capital One Bank account ending 1234".',
  duplicateRemove: 'Choose which entry the bureau should remove.',
  duplicateRemoveLast4:
    'Enter the last 4 digits of the account number of the entry to remove, as your report shows it.',
  itemType: 'Choose the item type: how long an item may be reported depends on it.',
  dateOfFirstDelinquency: 'Enter the date of first delinquency your report shows.',
  dateFiled: 'Enter the date the bankruptcy was filed.',
  notObsolete: (until: IsoDate, rule: string) =>
    `This item may be reported until ${formatIsoLong(until)} (${rule}), so an "outdated" letter would not work yet. If a date on it is wrong, choose Incorrect Dates; if its status is wrong, choose Incorrect Account Status. Otherwise wait until then.`,
  correctStatus: 'Enter the correct status, e.g. "Paid in full".',
  whichDate: 'Say which date is wrong, e.g. "Date opened".',
  correctDate: 'Enter the correct date.',
  monthsReportedLate: 'Enter the months reported late, e.g. "June and July 2026".',
  personalInfoKind: 'Choose what is wrong: name, address, employer, date of birth or SSN.',
  reportedInfo: 'Enter what your report shows.',
  correctInfo: 'Enter what is true, or tick "This is not mine".',
  ssnDigits: 'Enter only the last 4 digits of the SSN, never the full number.',
  inquiryDate: 'Enter the inquiry date your report shows.',
  notifyTooMany: `Name at most ${NOTIFY_MAX_NAMES} people or companies, one a line.`,
  notifyTooLong: `Keep the names under ${NOTIFY_MAX_CHARS} characters in all.`,
  futureDate: 'This date is in the future. Enter the date as your report shows it.',
  futureBirthDate: 'Your date of birth cannot be in the future.',
  reportNumberTooLong: `A report number has at most ${REPORT_NUMBER_MAX} characters. Enter the number printed on your report.`,
} as const;

const blank = (value: string) => value.trim() === '';

/** More than 4 digits: a full SSN, which no letter should carry. */
function tooManySsnDigits(value: string): boolean {
  return value.replace(/\D/g, '').length > 4;
}

/** The first failing rule of each field of one item, in form order. */
export function itemProblems(item: RuleItem, index: number, today: IsoDate): FieldProblem[] {
  const found = new Map<string, string>();
  const add = (field: keyof RuleItem, message: string) => {
    if (!found.has(field)) found.set(field, message);
  };
  for (const field of [
    'dateOfFirstDelinquency',
    'dateFiled',
    'reportedDate',
    'correctDate',
    'inquiryDate',
  ] as const)
    if (isIsoDate(item[field].trim()) && item[field].trim() > today)
      add(field, RULE_MESSAGES.futureDate);
  if (!isErrorTypeId(item.errorType)) return problemsList(found, index);
  if (hasAccount(item.errorType) && blank(item.accountNumber) && !item.accountNumberNotShown)
    add('accountNumber', RULE_MESSAGES.accountNumber);
  switch (item.errorType) {
    case 'incorrect-balance':
      if (blank(item.correctBalance)) add('correctBalance', RULE_MESSAGES.correctBalance);
      break;
    case 'duplicate-account':
      if (blank(item.duplicateOf)) add('duplicateOf', RULE_MESSAGES.duplicateOf);
      if (!item.soldDebt && !isDuplicateRemoveId(item.duplicateRemove))
        add('duplicateRemove', RULE_MESSAGES.duplicateRemove);
      if (
        !item.soldDebt &&
        item.duplicateRemoveLast4 !== undefined &&
        !/^\d{4}$/.test(item.duplicateRemoveLast4.trim())
      )
        add('duplicateRemoveLast4', RULE_MESSAGES.duplicateRemoveLast4);
      break;
    case 'outdated-info': {
      if (!isItemTypeId(item.itemType)) {
        add('itemType', RULE_MESSAGES.itemType);
        break;
      }
      const field =
        ITEM_TYPES[item.itemType].startsWith === 'filing' ? 'dateFiled' : 'dateOfFirstDelinquency';
      const startsOn = item[field].trim();
      if (!isIsoDate(startsOn)) {
        add(field, RULE_MESSAGES[field]);
        break;
      }
      const period = reportingPeriod(item.itemType, startsOn, {
        planCompleted: item.itemType === 'chapter-13' ? item.planCompleted : undefined,
      });
      if (!isObsolete(period, today))
        add(field, RULE_MESSAGES.notObsolete(period.reportableUntil, period.rule));
      break;
    }
    case 'incorrect-status':
      if (blank(item.correctStatus)) add('correctStatus', RULE_MESSAGES.correctStatus);
      break;
    case 'incorrect-dates':
      if (blank(item.whichDate)) add('whichDate', RULE_MESSAGES.whichDate);
      if (!isIsoDate(item.correctDate.trim())) add('correctDate', RULE_MESSAGES.correctDate);
      break;
    case 'incorrect-payment-history':
      if (blank(item.monthsReportedLate))
        add('monthsReportedLate', RULE_MESSAGES.monthsReportedLate);
      break;
    case 'incorrect-personal-info': {
      if (!isPersonalInfoKindId(item.personalInfoKind))
        add('personalInfoKind', RULE_MESSAGES.personalInfoKind);
      const ssn = item.personalInfoKind === 'ssn';
      if (blank(item.reportedInfo)) add('reportedInfo', RULE_MESSAGES.reportedInfo);
      else if (ssn && tooManySsnDigits(item.reportedInfo))
        add('reportedInfo', RULE_MESSAGES.ssnDigits);
      if (!item.personalInfoNotMine && blank(item.correctInfo))
        add('correctInfo', RULE_MESSAGES.correctInfo);
      else if (!item.personalInfoNotMine && ssn && tooManySsnDigits(item.correctInfo))
        add('correctInfo', RULE_MESSAGES.ssnDigits);
      break;
    }
    case 'unauthorized-inquiry': {
      const date = item.inquiryDate.trim();
      // An inquiry over 2 years old is still disputed: the letter asks for it under the bureau's policy.
      if (!isIsoDate(date)) add('inquiryDate', RULE_MESSAGES.inquiryDate);
      break;
    }
    case 'not-mine':
      // "This account is not mine" is itself the fact of what is true.
      break;
  }
  return problemsList(found, index);
}

function problemsList(found: ReadonlyMap<string, string>, index: number): FieldProblem[] {
  return [...found].map(([field, message]) => ({ field: `${index}.${field}`, message }));
}

/** §1681i(d)'s "Send notice to": more than 5 names or 300 characters is refused inline. */
export function notifyProblems(value: string | undefined): FieldProblem[] {
  const text = value ?? '';
  const names = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (names.length > NOTIFY_MAX_NAMES)
    return [{ field: 'notifyRecipients', message: RULE_MESSAGES.notifyTooMany }];
  if (text.trim().length > NOTIFY_MAX_CHARS)
    return [{ field: 'notifyRecipients', message: RULE_MESSAGES.notifyTooLong }];
  return [];
}

/** An inquiry more than 2 years old on `today`: the bureaus' policy, not the law, removes it. */
export function inquiryPastPolicy(inquiryDate: string | undefined, today: IsoDate): boolean {
  const date = inquiryDate?.trim() ?? '';
  return isIsoDate(date) && addYears(date, INQUIRY_YEARS) < today;
}

/** A report number longer than a real one, or null. */
export function reportNumberProblem(value: string | undefined): string | null {
  return (value ?? '').trim().length > REPORT_NUMBER_MAX ? RULE_MESSAGES.reportNumberTooLong : null;
}

/** Your details: a date of birth in the future, more than 4 SSN digits, an overlong report number. */
export function senderProblems(
  sender: { dateOfBirth?: string; ssnLast4?: string; reportNumber?: string } | undefined,
  today: IsoDate = '9999-12-31',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const birth = sender?.dateOfBirth?.trim() ?? '';
  if (isIsoDate(birth) && birth > today)
    problems.push({ field: 'sender.dateOfBirth', message: RULE_MESSAGES.futureBirthDate });
  if (tooManySsnDigits(sender?.ssnLast4 ?? ''))
    problems.push({ field: 'sender.ssnLast4', message: RULE_MESSAGES.ssnDigits });
  const reportNumber = reportNumberProblem(sender?.reportNumber);
  if (reportNumber) problems.push({ field: 'sender.reportNumber', message: reportNumber });
  return problems;
}
