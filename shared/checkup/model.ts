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
  /** Where bureaus differ: the bureau the user says is right, per fact. */
  rightBureau: Partial<Record<ComparedField, BureauId>>;
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
  /** The accounts marked "not mine" are identity theft, and the report (FTC or police) if any. */
  identityTheft: boolean;
  identityTheftReportNumber: string;
  personal: PersonalEntry[];
  accounts: AccountEntry[];
  publicRecords: PublicRecordEntry[];
  inquiries: InquiryEntry[];
  /** Findings the user chose to leave out of the letters, by finding id. */
  excluded: string[];
  /** When the letters were marked mailed (added to My Disputes): never twice. */
  mailedOn: IsoDate | '';
}

export const EMPTY_ACCOUNT_FACTS: AccountFacts = {
  balance: '',
  status: '',
  dateOpened: '',
  dateOfFirstDelinquency: '',
  lateMonths: '',
};

export function emptyCheckup(): Checkup {
  return {
    version: 1,
    sample: false,
    bureaus: ['experian', 'equifax', 'transunion'],
    skippedSections: [],
    dateOfBirth: '',
    identityTheft: false,
    identityTheftReportNumber: '',
    personal: [],
    accounts: [],
    publicRecords: [],
    inquiries: [],
    excluded: [],
    mailedOn: '',
  };
}

/** The checkup as the browser keeps it: the user's date of birth lives for the page only. */
export function storableCheckup(checkup: Checkup): Checkup {
  return checkup.sample ? checkup : { ...checkup, dateOfBirth: '' };
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
