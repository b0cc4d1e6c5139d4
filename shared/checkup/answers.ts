import { BUREAUS, type BureauId } from '../letters/bureaus';
import { formatIsoLong, isIsoDate, type IsoDate } from '../letters/dates';
import type { DuplicateRemoveId } from '../letters/item-facts';
import { reportingPeriod } from '../letters/reporting-period';
import { answerOf, type Finding } from './findings';
import {
  COMPARED_FIELD_LABELS,
  type AccountEntry,
  type Checkup,
  type ComparedField,
} from './model';
import { parseBalance } from './validate';

/** The question a finding asks before any letter states it. */
export type QuestionKind =
  'same-debt' | 'sold-debt' | 'truth' | 'birth-date' | 'identity-theft' | 'plan-completed' | 'none';

export function questionOf(finding: Finding, checkup: Checkup): QuestionKind {
  switch (finding.kind) {
    case 'duplicate':
      return finding.duplicate === 'sold-debt' ? 'sold-debt' : 'same-debt';
    case 'mismatch':
      return 'truth';
    case 'personal-not-mine':
      return checkup.personal.find((entry) => entry.id === finding.entryId)?.kind ===
        'date-of-birth'
        ? 'birth-date'
        : 'identity-theft';
    case 'not-mine':
    case 'unauthorized-inquiry':
      return 'identity-theft';
    case 'obsolete':
      return finding.asksPlanCompleted ? 'plan-completed' : 'none';
    default:
      return 'none';
  }
}

/**
 * Where a finding stands: answered (a letter may carry it), not answered yet (listed under "Not
 * in a letter yet"), an answer begun but incomplete (marked inline; its bureaus' letters wait), or
 * answered so that no letter fits (with why).
 */
export type AnswerState =
  | { state: 'answered' }
  | { state: 'unanswered' }
  | { state: 'incomplete'; field: AnswerField; message: string }
  | { state: 'no-letter'; why: string };

/** The field of the answer an inline message sits by. */
export type AnswerField = 'sameDebt' | 'sold' | 'truth' | 'value' | 'inReport' | 'removeLast4';

export const ANSWER_MESSAGES = {
  sold: 'Say whether this debt was sold: yes, no or not sure.',
  removeLast4:
    'Enter the last 4 digits of the account number of the entry to delete: your report or a statement shows them.',
  birthDate: 'Enter your date of birth (month, day and year), as it should be on the report.',
  birthDateFuture: 'Your date of birth cannot be in the future.',
  reportNumber:
    'Enter your identity theft report’s number (above the findings), or untick “My identity theft report lists it”.',
  trueValue: (field: ComparedField) =>
    field === 'balance'
      ? 'Type the true balance as a number, for example 8,450.00, or choose “Not sure”.'
      : field === 'dateOpened' || field === 'dateOfFirstDelinquency'
        ? `Enter the true ${COMPARED_FIELD_LABELS[field].toLowerCase()}, or choose “Not sure”.`
        : field === 'lateMonths'
          ? 'Type the months you were really late (for example “March 2025”, or “none”), or choose “Not sure”.'
          : `Type the true ${COMPARED_FIELD_LABELS[field].toLowerCase()}, or choose “Not sure”.`,
} as const;

function account(checkup: Checkup, id: string | undefined): AccountEntry | undefined {
  return checkup.accounts.find((entry) => entry.id === id);
}

/** The last 4 digits of an account number as entered from a report; '' unless it ends in 4 digits. */
export function reportedLast4(accountNumber: string): string {
  const last = accountNumber.replace(/[\s-]/g, '').slice(-4);
  return /^\d{4}$/.test(last) ? last : '';
}

/**
 * Which of one creditor's two entries `bureau` should delete, as its report tells: `entry` if it
 * was opened later, else if its balance is higher; undefined when the report cannot tell.
 */
export function duplicateRemoveAt(
  entry: AccountEntry,
  other: AccountEntry,
  bureau: BureauId,
): DuplicateRemoveId | undefined {
  const facts = entry.reports[bureau];
  const otherFacts = other.reports[bureau];
  if (!facts) return undefined;
  if (facts.dateOpened && otherFacts?.dateOpened && facts.dateOpened > otherFacts.dateOpened)
    return 'later-opened';
  return (parseBalance(facts.balance) ?? 0) > (parseBalance(otherFacts?.balance ?? '') ?? 0)
    ? 'higher-balance'
    : undefined;
}

/**
 * The entry a duplicate's letter asks a bureau to delete, once the consumer said it is one debt:
 * the later of one creditor's two entries (where a report tells which), or, for a debt not known
 * to be sold, the collector's. Undefined when no letter deletes one.
 */
export function entryToDelete(finding: Finding, checkup: Checkup): AccountEntry | undefined {
  if (finding.kind !== 'duplicate') return undefined;
  const answer = answerOf(checkup, finding.id);
  const entry = account(checkup, finding.entryId);
  const other = account(checkup, finding.otherEntryId);
  if (answer.sameDebt !== 'yes' || !entry || !other) return undefined;
  if (finding.duplicate === 'sold-debt') return answer.sold === 'not-sure' ? other : undefined;
  return finding.bureaus.some((bureau) => duplicateRemoveAt(entry, other, bureau))
    ? entry
    : undefined;
}

/**
 * The last 4 digits a duplicate's letter gives for the entry to delete: as the report shows them,
 * else as the consumer typed them; '' while neither has them.
 */
export function removeLast4(finding: Finding, checkup: Checkup): string {
  const entry = entryToDelete(finding, checkup);
  if (!entry) return '';
  const typed = (answerOf(checkup, finding.id).removeLast4 ?? '').trim();
  return reportedLast4(entry.accountNumber) || (/^\d{4}$/.test(typed) ? typed : '');
}

/** How to check a fact the consumer is not sure of: from their own statements, not a bureau's. */
export function howToCheck(finding: Finding, checkup: Checkup): string {
  const entry = account(checkup, finding.entryId);
  const creditor = entry?.creditor.trim() || 'the creditor';
  if (finding.kind === 'obsolete')
    return 'Not in a letter: you are not sure. The bankruptcy court’s discharge order, or your trustee’s final report, shows whether the plan was completed. Then answer here.';
  if (finding.kind === 'duplicate') {
    const other = account(checkup, finding.otherEntryId);
    return `Not in a letter: you are not sure. Compare your statements or letters from ${creditor}${other ? ` and ${other.creditor.trim()}` : ''}: the account numbers, the dates and the amounts show whether it is one debt. Then answer here.`;
  }
  const dates = Object.entries(finding.asOf ?? {})
    .filter(([, asOf]) => asOf)
    .map(
      ([bureau, asOf]) => `${BUREAUS[bureau as keyof typeof BUREAUS].name} ${formatIsoLong(asOf!)}`,
    );
  switch (finding.field) {
    case 'balance':
      return `Not in a letter: you are not sure. Find your ${creditor} statement nearest each bureau’s date${dates.length > 0 ? ` (${dates.join(', ')})` : ''}: if its balance matches, that bureau is right for that date. Then answer here.`;
    case 'lateMonths':
      return `Not in a letter: you are not sure. Your ${creditor} statements or your bank records for the months in question show when each payment was made. Then answer here.`;
    case 'dateOpened':
      return `Not in a letter: you are not sure. Your ${creditor} agreement or first statement shows the date the account was opened. Then answer here.`;
    case 'dateOfFirstDelinquency':
      return `Not in a letter: you are not sure. Your ${creditor} statements show the first payment you missed and never made up. Then answer here.`;
    default:
      return `Not in a letter: you are not sure. Your latest ${creditor} statement shows the account’s status. Then answer here.`;
  }
}

export const NO_LETTER_ANSWERS = {
  notSameDebt: 'You said these are different debts: nothing to dispute.',
  notSold:
    'You said the debt was not sold: a creditor that only placed a debt with a collector may still report it.',
  noneWrong: 'The value you say is true is what every bureau shows: nothing to correct.',
  planNotCompleted: (until: IsoDate) =>
    `You said the plan was not completed: the law allows it to be reported for 10 years from filing, until ${formatIsoLong(until)}.`,
} as const;

function trueValueProblem(field: ComparedField, value: string): boolean {
  const typed = value.trim();
  if (typed === '') return true;
  if (field === 'balance') return parseBalance(typed) === null;
  if (field === 'dateOpened' || field === 'dateOfFirstDelinquency') return !isIsoDate(typed);
  return false;
}

/** Where `finding` stands with the consumer's answer, on `today`. */
export function answerState(finding: Finding, checkup: Checkup, today: IsoDate): AnswerState {
  const answer = answerOf(checkup, finding.id);
  switch (questionOf(finding, checkup)) {
    case 'same-debt':
    case 'sold-debt': {
      if (!answer.sameDebt) return { state: 'unanswered' };
      if (answer.sameDebt === 'no')
        return { state: 'no-letter', why: NO_LETTER_ANSWERS.notSameDebt };
      if (answer.sameDebt === 'not-sure')
        return { state: 'no-letter', why: howToCheck(finding, checkup) };
      if (finding.duplicate === 'sold-debt' && !answer.sold)
        return { state: 'incomplete', field: 'sold', message: ANSWER_MESSAGES.sold };
      if (finding.duplicate === 'sold-debt' && answer.sold === 'no')
        return { state: 'no-letter', why: NO_LETTER_ANSWERS.notSold };
      // The letter names the entry to delete by its last 4 digits: asked when the report lacks them.
      return entryToDelete(finding, checkup) && !removeLast4(finding, checkup)
        ? { state: 'incomplete', field: 'removeLast4', message: ANSWER_MESSAGES.removeLast4 }
        : { state: 'answered' };
    }
    case 'plan-completed': {
      if (!answer.planCompleted) return { state: 'unanswered' };
      if (answer.planCompleted === 'not-sure')
        return { state: 'no-letter', why: howToCheck(finding, checkup) };
      return answer.planCompleted === 'no'
        ? {
            state: 'no-letter',
            why: NO_LETTER_ANSWERS.planNotCompleted(
              reportingPeriod('chapter-13', finding.startsOn!).reportableUntil,
            ),
          }
        : { state: 'answered' };
    }
    case 'truth': {
      if (!answer.truth) return { state: 'unanswered' };
      if (answer.truth === 'not-sure')
        return { state: 'no-letter', why: howToCheck(finding, checkup) };
      if (answer.truth === 'neither' && trueValueProblem(finding.field!, answer.value ?? ''))
        return {
          state: 'incomplete',
          field: 'value',
          message: ANSWER_MESSAGES.trueValue(finding.field!),
        };
      return finding.bureaus.length === 0
        ? { state: 'no-letter', why: NO_LETTER_ANSWERS.noneWrong }
        : { state: 'answered' };
    }
    case 'birth-date': {
      const value = (answer.value ?? '').trim();
      if (!isIsoDate(value))
        return { state: 'incomplete', field: 'value', message: ANSWER_MESSAGES.birthDate };
      return value > today
        ? { state: 'incomplete', field: 'value', message: ANSWER_MESSAGES.birthDateFuture }
        : { state: 'answered' };
    }
    case 'identity-theft':
      // Marking it never yours was the answer; identity theft is a further, optional tick.
      return answer.identityTheft && answer.inReport && !checkup.identityTheftReportNumber.trim()
        ? { state: 'incomplete', field: 'inReport', message: ANSWER_MESSAGES.reportNumber }
        : { state: 'answered' };
    case 'none':
      return { state: 'answered' };
  }
}
