import { BUREAU_IDS, isBureauId, type BureauId } from '../letters/bureaus';
import { isIsoDate } from '../letters/dates';
import {
  CHECKUP_LIMITS,
  COMPARED_FIELDS,
  NEGATIVE_KINDS,
  PERSONAL_KINDS,
  PUBLIC_RECORD_KINDS,
  SECTION_IDS,
  YES_NO_NOT_SURE,
  type AccountEntry,
  type AccountFacts,
  type Checkup,
  type FindingAnswer,
  type InquiryEntry,
  type PersonalEntry,
  type PublicRecordEntry,
} from './model';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refuses a stored or imported value that is not a checkup. */
class Invalid extends Error {}

function text(value: unknown, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) throw new Invalid('text');
  return value;
}

/** A date field: a calendar date or blank; anything else is refused. */
function date(value: unknown): string {
  const raw = text(value, 10);
  if (raw !== '' && !isIsoDate(raw)) throw new Invalid('date');
  return raw;
}

function oneOf<T extends string>(value: unknown, options: readonly T[]): T {
  if (!(options as readonly unknown[]).includes(value)) throw new Invalid('choice');
  return value as T;
}

function list(value: unknown): unknown[] {
  if (!Array.isArray(value) || value.length > CHECKUP_LIMITS.entries) throw new Invalid('list');
  return value;
}

function id(value: unknown): string {
  const raw = text(value, 100);
  if (raw === '') throw new Invalid('id');
  return raw;
}

function bureaus(value: unknown): BureauId[] {
  return BUREAU_IDS.filter((bureau) => list(value).includes(bureau));
}

function columns<T>(value: unknown, parse: (raw: Json) => T): Partial<Record<BureauId, T>> {
  if (!isObject(value)) throw new Invalid('columns');
  const result: Partial<Record<BureauId, T>> = {};
  for (const [bureau, raw] of Object.entries(value))
    if (isBureauId(bureau) && isObject(raw)) result[bureau] = parse(raw);
  return result;
}

function accountFacts(raw: Json): AccountFacts {
  return {
    balance: text(raw.balance, CHECKUP_LIMITS.balance),
    status: text(raw.status, CHECKUP_LIMITS.text),
    dateOpened: date(raw.dateOpened),
    dateOfFirstDelinquency: date(raw.dateOfFirstDelinquency),
    lateMonths: text(raw.lateMonths, CHECKUP_LIMITS.lateMonths),
    asOf: date(raw.asOf),
  };
}

function personal(raw: unknown): PersonalEntry {
  if (!isObject(raw)) throw new Invalid('personal');
  return {
    id: id(raw.id),
    kind: oneOf(raw.kind, PERSONAL_KINDS),
    value: text(raw.value, CHECKUP_LIMITS.value),
    shownBy: bureaus(raw.shownBy),
    neverMine: raw.neverMine === true,
  };
}

function accountEntry(raw: unknown): AccountEntry {
  if (!isObject(raw)) throw new Invalid('account');
  return {
    id: id(raw.id),
    section: oneOf(raw.section, ['accounts', 'collections'] as const),
    creditor: text(raw.creditor, CHECKUP_LIMITS.text),
    accountNumber: text(raw.accountNumber, 40),
    originalCreditor: text(raw.originalCreditor, CHECKUP_LIMITS.text),
    negative: oneOf(raw.negative ?? '', NEGATIVE_KINDS),
    reports: columns(raw.reports, accountFacts),
    notMine: raw.notMine === true,
  };
}

function publicRecord(raw: unknown): PublicRecordEntry {
  if (!isObject(raw)) throw new Invalid('record');
  return {
    id: id(raw.id),
    kind: oneOf(raw.kind, PUBLIC_RECORD_KINDS),
    court: text(raw.court, CHECKUP_LIMITS.value),
    caseNumber: text(raw.caseNumber, 40),
    reports: columns(raw.reports, (facts) => ({ dateFiled: date(facts.dateFiled) })),
    notMine: raw.notMine === true,
  };
}

function inquiry(raw: unknown): InquiryEntry {
  if (!isObject(raw)) throw new Invalid('inquiry');
  return {
    id: id(raw.id),
    creditor: text(raw.creditor, CHECKUP_LIMITS.text),
    reports: columns(raw.reports, (facts) => ({ date: date(facts.date) })),
    applied: oneOf(raw.applied ?? '', ['yes', 'no', ''] as const),
  };
}

const ANSWER_CHOICES = {
  sameDebt: YES_NO_NOT_SURE,
  sold: YES_NO_NOT_SURE,
  planCompleted: YES_NO_NOT_SURE,
  truth: [...BUREAU_IDS, 'neither', 'not-sure'],
} as const;

function answer(raw: unknown): FindingAnswer {
  if (!isObject(raw)) throw new Invalid('answer');
  const result: FindingAnswer = {};
  for (const [field, options] of Object.entries(ANSWER_CHOICES))
    if (raw[field] !== undefined)
      (result as Record<string, string>)[field] = oneOf(raw[field], options as readonly string[]);
  if (raw.value !== undefined) result.value = text(raw.value, CHECKUP_LIMITS.value);
  // Digits as typed (a wrong entry is marked beside its field, not refused here).
  if (raw.removeLast4 !== undefined) result.removeLast4 = text(raw.removeLast4, 20);
  if (raw.identityTheft === true) result.identityTheft = true;
  if (raw.inReport === true) result.inReport = true;
  return result;
}

function answers(raw: Json): Record<string, FindingAnswer> {
  const result: Record<string, FindingAnswer> = {};
  if (isObject(raw.answers)) {
    if (Object.keys(raw.answers).length > CHECKUP_LIMITS.entries * 10) throw new Invalid('answers');
    for (const [findingId, each] of Object.entries(raw.answers))
      result[text(findingId, 200)] = answer(each);
  }
  // A checkup kept before answers: the bureau it said was right is that finding's answer.
  for (const account of list(raw.accounts))
    if (isObject(account) && isObject(account.rightBureau))
      for (const field of COMPARED_FIELDS) {
        const bureau = account.rightBureau[field];
        const findingId = `mismatch:${String(account.id)}:${field}`;
        if (typeof bureau === 'string' && isBureauId(bureau) && !result[findingId])
          result[findingId] = { truth: bureau };
      }
  return result;
}

/**
 * A checkup read from this browser's storage or from a backup, checked field by field; null
 * when it is not one (it is then never used, and nothing else is harmed).
 */
export function parseCheckup(raw: unknown): Checkup | null {
  try {
    if (!isObject(raw) || raw.version !== 1) return null;
    return {
      version: 1,
      sample: raw.sample === true,
      bureaus: bureaus(raw.bureaus),
      skippedSections: SECTION_IDS.filter((section) => list(raw.skippedSections).includes(section)),
      dateOfBirth: date(raw.dateOfBirth),
      identityTheftReportNumber: text(raw.identityTheftReportNumber, CHECKUP_LIMITS.reportNumber),
      personal: list(raw.personal).map(personal),
      accounts: list(raw.accounts).map(accountEntry),
      publicRecords: list(raw.publicRecords).map(publicRecord),
      inquiries: list(raw.inquiries).map(inquiry),
      excluded: list(raw.excluded ?? []).filter((each): each is string => typeof each === 'string'),
      answers: answers(raw),
      lastStep: text(raw.lastStep, 20),
      mailedOn: date(raw.mailedOn),
    };
  } catch (error) {
    if (error instanceof Invalid) return null;
    throw error;
  }
}
