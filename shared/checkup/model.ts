// The checkup's types and constants; each shared folder keeps its own model.ts behind its index.
import type { BureauId } from '../letters/bureaus';
import type { IsoDate } from '../letters/dates';

/** The report's sections in the order of the FTC's "Disputing Errors on Your Credit Reports". */
export const SECTION_IDS = [
  'personal',
  'accounts',
  'collections',
  'public-records',
  'inquiries',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const SECTION_LABELS: Readonly<Record<SectionId, string>> = {
  personal: 'Personal information',
  accounts: 'Accounts',
  collections: 'Collections',
  'public-records': 'Public records',
  inquiries: 'Inquiries',
};

export const PERSONAL_KINDS = ['name', 'address', 'employer', 'date-of-birth', 'ssn'] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];

export const PERSONAL_KIND_LABELS: Readonly<Record<PersonalKind, string>> = {
  name: 'Name',
  address: 'Address',
  employer: 'Employer',
  'date-of-birth': 'Date of birth',
  ssn: 'Social Security number (as shown)',
};

/** One fact of the personal information section, shown by one or more bureaus. */
export interface PersonalEntry {
  id: string;
  kind: PersonalKind;
  /** What the report shows, e.g. "9 Harbor Road, Tampa, FL 33602". */
  value: string;
  shownBy: BureauId[];
  /** The user marks it as never theirs. */
  neverMine: boolean;
}

/** The negative kinds an account can be, for its reporting period (§1681c(a)). */
export const NEGATIVE_KINDS = ['', 'late-payment', 'charge-off', 'collection', 'other'] as const;
export type NegativeKind = (typeof NEGATIVE_KINDS)[number];

export const NEGATIVE_KIND_LABELS: Readonly<Record<NegativeKind, string>> = {
  '': 'Nothing negative',
  'late-payment': 'Late payments',
  'charge-off': 'Charge-off',
  collection: 'Collection',
  other: 'Other negative item',
};

/** What one bureau shows of an account, as the user typed it. */
export interface AccountFacts {
  balance: string;
  status: string;
  dateOpened: IsoDate | '';
  dateOfFirstDelinquency: IsoDate | '';
  /** The months marked late, e.g. "March 2025, April 2025". */
  lateMonths: string;
  /** The date the bureau shows these facts as of ("date reported"): balances change between them. */
  asOf: IsoDate | '';
}

/** The facts compared across bureaus. */
export const COMPARED_FIELDS = [
  'balance',
  'status',
  'dateOpened',
  'dateOfFirstDelinquency',
  'lateMonths',
] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export const COMPARED_FIELD_LABELS: Readonly<Record<ComparedField, string>> = {
  balance: 'Balance',
  status: 'Status',
  dateOpened: 'Date opened',
  dateOfFirstDelinquency: 'Date of first delinquency',
  lateMonths: 'Months reported late',
};

/** An account (or a collection) entered once, with a column per bureau that shows it. */
export interface AccountEntry {
  id: string;
  section: 'accounts' | 'collections';
  creditor: string;
  /** As shown; the last 4 digits are enough. */
  accountNumber: string;
  /** A collection agency or debt buyer: the creditor the debt came from. */
  originalCreditor: string;
  negative: NegativeKind;
  reports: Partial<Record<BureauId, AccountFacts>>;
  notMine: boolean;
}

export const PUBLIC_RECORD_KINDS = ['chapter-7', 'chapter-13'] as const;
export type PublicRecordKind = (typeof PUBLIC_RECORD_KINDS)[number];

export interface PublicRecordEntry {
  id: string;
  kind: PublicRecordKind;
  court: string;
  caseNumber: string;
  reports: Partial<Record<BureauId, { dateFiled: IsoDate | '' }>>;
  notMine: boolean;
}

export interface InquiryEntry {
  id: string;
  creditor: string;
  reports: Partial<Record<BureauId, { date: IsoDate | '' }>>;
  /** Did the user apply for credit with this company? */
  applied: 'yes' | 'no' | '';
}

/** The whole checkup as kept in the browser for one account. */
export interface Checkup {
  version: 1;
  /** A practice run on the fictional sample reports. */
  sample: boolean;
  /** The bureaus whose reports the user has in front of them; the others are skipped. */
  bureaus: BureauId[];
  skippedSections: SectionId[];
  /**
   * Used only to check inquiry dates; never put in a letter, and like the generator's, never
   * stored (`storableCheckup`), except the sample's fictional one.
   */
  dateOfBirth: IsoDate | '';
  /** The consumer's FTC or police identity theft report, if any; each item says if it lists it. */
  identityTheftReportNumber: string;
  personal: PersonalEntry[];
  accounts: AccountEntry[];
  publicRecords: PublicRecordEntry[];
  inquiries: InquiryEntry[];
  /** Findings the user chose to leave out of the letters, by finding id. */
  excluded: string[];
  /** The consumer's answer to each finding's question, by finding id: a finding is a question until then. */
  answers: Record<string, FindingAnswer>;
  /** The step the consumer was last on: "Continue the checkup" reopens it. */
  lastStep: string;
  /** When the letters were marked mailed (added to My Disputes): never twice. */
  mailedOn: IsoDate | '';
}

/** "Not sure" is an answer too: it makes no letter, and the finding says how to check. */
export const YES_NO_NOT_SURE = ['yes', 'no', 'not-sure'] as const;
export type YesNoNotSure = (typeof YES_NO_NOT_SURE)[number];

/** What is true where bureaus differ: one bureau's value, another value the consumer types, or not sure. */
export type TrueValueChoice = BureauId | 'neither' | 'not-sure';

/** One finding's answer; each kind of question reads only its own fields. */
export interface FindingAnswer {
  /** Duplicate: "Is this the same debt?" */
  sameDebt?: YesNoNotSure | undefined;
  /** A debt bought or collected: "Was this debt sold to another company?" */
  sold?: YesNoNotSure | undefined;
  /** Bureaus differ: what is true. */
  truth?: TrueValueChoice | undefined;
  /** "Neither": the true value as typed; a wrong date of birth: the true date. */
  value?: string | undefined;
  /** Never mine: this item is the result of identity theft. */
  identityTheft?: boolean | undefined;
  /** ...and the consumer's identity theft report lists it. */
  inReport?: boolean | undefined;
  /** Duplicate: the last 4 digits of the entry to delete, when the report as entered lacks them. */
  removeLast4?: string | undefined;
  /** Chapter 13 past 7 years but not 10: "Was the plan completed?" (the bureaus' policy needs it). */
  planCompleted?: YesNoNotSure | undefined;
}

export const EMPTY_ACCOUNT_FACTS: AccountFacts = {
  balance: '',
  status: '',
  dateOpened: '',
  dateOfFirstDelinquency: '',
  lateMonths: '',
  asOf: '',
};

export function emptyCheckup(): Checkup {
  return {
    version: 1,
    sample: false,
    bureaus: ['experian', 'equifax', 'transunion'],
    skippedSections: [],
    dateOfBirth: '',
    identityTheftReportNumber: '',
    personal: [],
    accounts: [],
    publicRecords: [],
    inquiries: [],
    excluded: [],
    answers: {},
    lastStep: '',
    mailedOn: '',
  };
}

/**
 * The checkup as the browser keeps it: the user's date of birth lives for the page only, and so
 * does the true one typed to correct a wrong date of birth on a report.
 */
export function storableCheckup(checkup: Checkup): Checkup {
  if (checkup.sample) return checkup;
  const birthDates = new Set(
    checkup.personal.filter((entry) => entry.kind === 'date-of-birth').map((entry) => entry.id),
  );
  const answers = Object.fromEntries(
    Object.entries(checkup.answers).map(([id, answer]) => [
      id,
      birthDates.has(id.slice(id.indexOf(':') + 1)) ? { ...answer, value: undefined } : answer,
    ]),
  );
  return { ...checkup, dateOfBirth: '', answers };
}

/** Field limits, as the letters keep them. */
export const CHECKUP_LIMITS = {
  text: 120,
  value: 200,
  balance: 20,
  lateMonths: 200,
  reportNumber: 40,
  entries: 100,
} as const;
