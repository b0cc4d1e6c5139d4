import type { BureauId } from '../letters/bureaus';
import type { IsoDate } from '../letters/dates';
import {
  emptyCheckup,
  type AccountEntry,
  type AccountFacts,
  type Checkup,
  type NegativeKind,
  type PersonalKind,
  type PublicRecordKind,
} from './model';

/** One bureau's report as printed: each section's lines, before the checkup merges the three. */
export interface BureauReport {
  bureau: BureauId;
  /** The person the (fictional) report is about. */
  holder: { name: string; dateOfBirth: IsoDate };
  personal: { kind: PersonalKind; value: string }[];
  /** The date the report's accounts are "as of", unless an account gives its own. */
  asOf: IsoDate;
  accounts: (Omit<AccountFacts, 'asOf'> & {
    asOf?: IsoDate;
    section: 'accounts' | 'collections';
    creditor: string;
    accountNumber: string;
    originalCreditor?: string;
    negative: NegativeKind;
  })[];
  publicRecords: {
    kind: PublicRecordKind;
    court: string;
    caseNumber: string;
    dateFiled: IsoDate;
  }[];
  inquiries: { creditor: string; date: IsoDate }[];
}

const key = (...parts: string[]) =>
  parts.map((part) => part.toLowerCase().replace(/[^a-z0-9]/g, '')).join('|');

/**
 * The checkup the reports make: each fact, account, record or inquiry entered once, with a column
 * for every bureau that shows it (accounts match by creditor and last 4 digits).
 */
export function checkupFromReports(reports: readonly BureauReport[]): Checkup {
  const checkup = emptyCheckup();
  checkup.bureaus = reports.map((report) => report.bureau);
  checkup.dateOfBirth = reports[0]?.holder.dateOfBirth ?? '';
  const personal = new Map<string, Checkup['personal'][number]>();
  const accounts = new Map<string, AccountEntry>();
  const records = new Map<string, Checkup['publicRecords'][number]>();
  const inquiries = new Map<string, Checkup['inquiries'][number]>();
  for (const report of reports) {
    const { bureau } = report;
    for (const fact of report.personal) {
      const id = key(fact.kind, fact.value);
      const entry = personal.get(id) ?? {
        id: `p${personal.size + 1}`,
        kind: fact.kind,
        value: fact.value,
        shownBy: [],
        neverMine: false,
      };
      entry.shownBy.push(bureau);
      personal.set(id, entry);
    }
    for (const {
      section,
      creditor,
      accountNumber,
      originalCreditor,
      negative,
      ...facts
    } of report.accounts) {
      const id = key(creditor, accountNumber.slice(-4));
      const entry = accounts.get(id) ?? {
        id: `a${accounts.size + 1}`,
        section,
        creditor,
        accountNumber,
        originalCreditor: originalCreditor ?? '',
        negative,
        reports: {},
        notMine: false,
      };
      if (entry.negative === '') entry.negative = negative;
      entry.reports[bureau] = { ...facts, asOf: facts.asOf ?? report.asOf };
      accounts.set(id, entry);
    }
    for (const { dateFiled, ...record } of report.publicRecords) {
      const id = key(record.kind, record.caseNumber);
      const entry = records.get(id) ?? {
        id: `r${records.size + 1}`,
        ...record,
        reports: {},
        notMine: false,
      };
      entry.reports[bureau] = { dateFiled };
      records.set(id, entry);
    }
    for (const inquiry of report.inquiries) {
      const id = key(inquiry.creditor);
      const entry = inquiries.get(id) ?? {
        id: `q${inquiries.size + 1}`,
        creditor: inquiry.creditor,
        reports: {},
        applied: '' as const,
      };
      entry.reports[bureau] = { date: inquiry.date };
      inquiries.set(id, entry);
    }
  }
  checkup.personal = [...personal.values()];
  checkup.accounts = [...accounts.values()];
  checkup.publicRecords = [...records.values()];
  checkup.inquiries = [...inquiries.values()];
  return checkup;
}
