import { BUREAU_IDS, BUREAUS, type BureauId } from '../letters/bureaus';
import { addYears, formatIsoLong, isIsoDate, type IsoDate } from '../letters/dates';
import { isObsolete, reportingPeriod, type ItemTypeId } from '../letters/reporting-period';
import {
  COMPARED_FIELD_LABELS,
  COMPARED_FIELDS,
  EMPTY_ACCOUNT_FACTS,
  PERSONAL_KIND_LABELS,
  type AccountEntry,
  type AccountFacts,
  type Checkup,
  type ComparedField,
  type FindingAnswer,
  type PersonalEntry,
  type SectionId,
} from './model';
import { inputProblems, parseBalance } from './validate';

export const FINDING_KINDS = [
  'personal-not-mine',
  'not-mine',
  'obsolete',
  'mismatch',
  'duplicate',
  'unauthorized-inquiry',
  'aged-inquiry',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FINDING_KIND_LABELS: Readonly<Record<FindingKind, string>> = {
  'personal-not-mine': 'Never yours',
  'not-mine': 'Not your account',
  obsolete: 'Reported past its period',
  mismatch: 'Bureaus differ',
  duplicate: 'Duplicate',
  'unauthorized-inquiry': 'Inquiry you did not apply for',
  'aged-inquiry': 'Inquiry older than 2 years',
};

/** What the checkup found about one entry, with the reason it is a finding. */
export interface Finding {
  /** Stable across recomputation: the user may leave a finding out by its id. */
  id: string;
  kind: FindingKind;
  section: SectionId;
  entryId: string;
  /** "Northway Department Store, ending 3302". */
  title: string;
  /** The bureaus whose letters carry it (none until the user says which bureau is right). */
  bureaus: BureauId[];
  /** Why it is a finding, in plain words with the dates that make it one. */
  reason: string;
  /** The law (or the bureaus' policy) it comes from. */
  basis: string;
  /** What to do next. */
  action: string;
  /** Reported past its period: the date it counts from and the last day it may be reported. */
  startsOn?: IsoDate;
  reportableUntil?: IsoDate;
  itemType?: ItemTypeId;
  /** Bureaus differ: which fact, and each bureau's value with the date it is "as of". */
  field?: ComparedField;
  values?: Partial<Record<BureauId, string>>;
  asOf?: Partial<Record<BureauId, IsoDate | ''>>;
  /** Duplicate: the entry this one repeats, and how. */
  otherEntryId?: string;
  duplicate?: 'same-creditor' | 'sold-debt';
  /**
   * A Chapter 13 past the bureaus' 7 years but within the law's 10: only a completed plan makes
   * it outdated, so the consumer is asked.
   */
  asksPlanCompleted?: boolean;
}

const CITE = {
  collection: '15 U.S.C. §1681c(a)(4) and §1681c(c)(1)',
  otherAdverse: '15 U.S.C. §1681c(a)(5)',
  bankruptcy: '15 U.S.C. §1681c(a)(1)',
  chapter13:
    '15 U.S.C. §1681c(a)(1) allows 10 years; the bureaus’ own policy removes one whose plan was completed after 7',
  accuracy: '15 U.S.C. §1681i (reinvestigation) and §1681e(b) (accuracy)',
  identityTheft: '15 U.S.C. §1681c-2 (identity theft block) and §1681i',
  inquiry: '15 U.S.C. §1681b(f) (a report only for a permissible purpose) and §1681i',
  agedInquiry: 'The bureaus’ own policy: inquiries are removed 2 years after their date',
} as const;

/** How long the bureaus keep an inquiry, by their own policy (no statute sets it). */
export const INQUIRY_YEARS = 2;

export function entryTitle(name: string, accountNumber = ''): string {
  const number = accountNumber.trim();
  return number ? `${name.trim()}, ending ${number.slice(-4)}` : name.trim();
}

function bureauList(bureaus: readonly BureauId[]): string {
  const names = bureaus.map((bureau) => BUREAUS[bureau].name);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The bureaus of `reports` the user has a report from, in the usual order. */
function shownBy<T>(
  reports: Partial<Record<BureauId, T>>,
  bureaus: readonly BureauId[],
): [BureauId, T][] {
  return BUREAU_IDS.filter((bureau) => bureaus.includes(bureau) && reports[bureau]).map(
    (bureau) => [bureau, reports[bureau]!],
  );
}

/** A personal fact as a letter shows it: a date of birth in words, an SSN by its last 4 digits. */
export function shownPersonal(entry: Pick<PersonalEntry, 'kind' | 'value'>): string {
  const value = entry.value.trim();
  if (entry.kind === 'date-of-birth' && isIsoDate(value)) return formatIsoLong(value);
  if (entry.kind === 'ssn') return `ending ${value.replace(/\D/g, '').slice(-4)}`;
  return value;
}

function normalizedName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A fact as compared: the balance as a number, text without case, late months as a set. */
function comparable(field: ComparedField, facts: AccountFacts): string {
  const value = facts[field].trim();
  if (field === 'balance') return value === '' ? '' : String(parseBalance(value));
  if (field === 'status') return value.toLowerCase().replace(/\s+/g, ' ');
  if (field === 'lateMonths')
    return value
      .toLowerCase()
      .split(/\s*(?:,|;|\band\b)\s*/)
      .filter(Boolean)
      .sort()
      .join('|');
  return value;
}

function shownValue(field: ComparedField, facts: AccountFacts): string {
  const value = facts[field].trim();
  if (field === 'lateMonths') return value || 'none';
  if (field === 'dateOpened' || field === 'dateOfFirstDelinquency')
    return value && formatIsoLong(value);
  return value;
}

/** Items past their period under §1681c(a): one finding per date of first delinquency shown. */
function obsoleteAccount(account: AccountEntry, checkup: Checkup, today: IsoDate): Finding[] {
  if (account.negative === '' || account.notMine) return [];
  const itemType = account.negative;
  const byStart = new Map<IsoDate, BureauId[]>();
  for (const [bureau, facts] of shownBy(account.reports, checkup.bureaus))
    if (facts.dateOfFirstDelinquency)
      byStart.set(facts.dateOfFirstDelinquency, [
        ...(byStart.get(facts.dateOfFirstDelinquency) ?? []),
        bureau,
      ]);
  const collection = itemType === 'collection' || itemType === 'charge-off';
  return [...byStart].flatMap(([startsOn, bureaus]) => {
    const period = reportingPeriod(itemType, startsOn);
    if (!isObsolete(period, today)) return [];
    const until = formatIsoLong(period.reportableUntil);
    return [
      {
        id: `obsolete:${account.id}:${startsOn}`,
        kind: 'obsolete',
        section: account.section,
        entryId: account.id,
        title: entryTitle(account.creditor, account.accountNumber),
        bureaus,
        reason: `${bureauList(bureaus)} ${bureaus.length > 1 ? 'show' : 'shows'} a date of first delinquency of ${formatIsoLong(startsOn)}. It may be reported for ${period.rule}, so it should have left your report after ${until}.`,
        basis: collection ? CITE.collection : CITE.otherAdverse,
        action:
          itemType === 'late-payment'
            ? `Ask ${bureauList(bureaus)} to remove the late marks more than 7 years old, and keep the rest of the account as it is.`
            : `Ask ${bureauList(bureaus)} to delete it as outdated.`,
        startsOn,
        reportableUntil: period.reportableUntil,
        itemType,
      },
    ];
  });
}

/** The consumer's answer to a finding (an empty one until they answer). */
export function answerOf(checkup: Checkup, findingId: string): FindingAnswer {
  return checkup.answers[findingId] ?? {};
}

/**
 * The value the consumer says is true where bureaus differ, as compared and as shown; undefined
 * while they have not said (or are not sure).
 */
export function trueValue(
  account: AccountEntry,
  field: ComparedField,
  answer: FindingAnswer,
): { compared: string; shown: string; from?: BureauId } | undefined {
  const truth = answer.truth;
  if (truth === undefined || truth === 'not-sure') return undefined;
  if (truth === 'neither') {
    const typed = (answer.value ?? '').trim();
    if (typed === '') return undefined;
    const facts = {
      ...EMPTY_ACCOUNT_FACTS,
      [field]: field === 'lateMonths' && /^none$/i.test(typed) ? '' : typed,
    };
    return { compared: comparable(field, facts), shown: shownValue(field, facts) };
  }
  const facts = account.reports[truth];
  return (
    facts && { compared: comparable(field, facts), shown: shownValue(field, facts), from: truth }
  );
}

/** The same account reported differently: one finding per fact that differs. */
function mismatches(account: AccountEntry, checkup: Checkup): Finding[] {
  if (account.notMine) return [];
  const columns = shownBy(account.reports, checkup.bureaus);
  if (columns.length < 2) return [];
  return COMPARED_FIELDS.flatMap((field): Finding[] => {
    const shown = columns.filter(
      ([, facts]) => field === 'lateMonths' || facts[field].trim() !== '',
    );
    if (field === 'lateMonths' && shown.every(([, facts]) => facts.lateMonths.trim() === ''))
      return [];
    const distinct = new Set(shown.map(([, facts]) => comparable(field, facts)));
    if (distinct.size < 2) return [];
    const id = `mismatch:${account.id}:${field}`;
    const values = Object.fromEntries(
      shown.map(([bureau, facts]) => [bureau, shownValue(field, facts)]),
    );
    const asOf = Object.fromEntries(shown.map(([bureau, facts]) => [bureau, facts.asOf]));
    const truth = trueValue(account, field, answerOf(checkup, id));
    const wrong = truth
      ? shown
          .filter(([, facts]) => comparable(field, facts) !== truth.compared)
          .map(([bureau]) => bureau)
      : [];
    const label = COMPARED_FIELD_LABELS[field].toLowerCase();
    const dates = new Set(shown.map(([, facts]) => facts.asOf));
    return [
      {
        id,
        kind: 'mismatch',
        section: account.section,
        entryId: account.id,
        title: entryTitle(account.creditor, account.accountNumber),
        bureaus: wrong,
        reason: `The bureaus report ${field === 'lateMonths' ? 'different late months' : `a different ${label}`}: ${shown
          .map(
            ([bureau, facts]) =>
              `${BUREAUS[bureau].name} ${values[bureau]}${facts.asOf ? ` (as of ${formatIsoLong(facts.asOf)})` : ''}`,
          )
          .join(
            ', ',
          )}.${field === 'balance' && dates.size > 1 ? ' They report on different dates, and a balance changes from month to month: a difference alone does not make one wrong.' : ''}`,
        basis: CITE.accuracy,
        action: truth
          ? `${field === 'lateMonths' ? `You said you were late ${truth.compared === '' ? 'in no month' : `in ${truth.shown}`}` : `You said the ${label} is ${truth.shown}`}: ${wrong.length > 0 ? `ask ${bureauList(wrong)} to correct it.` : 'no bureau needs to correct it.'}`
          : 'Say what is true: one bureau’s value, another value, or that you are not sure.',
        field,
        values,
        asOf,
      },
    ];
  });
}

/**
 * What the consumer said of a never-mine item: identity theft, and whether their identity theft
 * report lists it. Only an item the report lists is blocked under §1681c-2.
 */
export function theftOf(checkup: Checkup, findingId: string): { theft: boolean; listed: boolean } {
  const answer = answerOf(checkup, findingId);
  const theft = answer.identityTheft === true;
  return {
    theft,
    listed: theft && answer.inReport === true && checkup.identityTheftReportNumber.trim() !== '',
  };
}

function identityTheftAction(checkup: Checkup, findingId: string): string {
  const { theft, listed } = theftOf(checkup, findingId);
  if (!theft) return '';
  return listed
    ? ' Your identity theft report lists it: the letter asks each bureau to block it within 4 business days.'
    : ' Identity theft: an FTC identity theft report (IdentityTheft.gov) that lists this item lets you ask each bureau to block it within 4 business days.';
}

function notMineAccount(account: AccountEntry, checkup: Checkup): Finding[] {
  const bureaus = shownBy(account.reports, checkup.bureaus).map(([bureau]) => bureau);
  if (!account.notMine || bureaus.length === 0) return [];
  const id = `not-mine:${account.id}`;
  const { theft, listed } = theftOf(checkup, id);
  return [
    {
      id,
      kind: 'not-mine',
      section: account.section,
      entryId: account.id,
      title: entryTitle(account.creditor, account.accountNumber),
      bureaus,
      reason: `You marked this account as not yours; ${bureauList(bureaus)} ${bureaus.length > 1 ? 'report' : 'reports'} it in your file.`,
      basis: listed ? CITE.identityTheft : CITE.accuracy,
      action: `Ask ${bureauList(bureaus)} to remove it${theft ? '' : ', and to check that your file is not mixed with another person’s'}.${identityTheftAction(checkup, id)}`,
    },
  ];
}

const lastFour = (account: AccountEntry) => account.accountNumber.replace(/\s/g, '').slice(-4);

/**
 * Why two entries of one creditor may be one debt: the same last 4 digits, the same original
 * creditor named by a collector, or the same date opened at a bureau that shows both. A like balance alone is not enough: one lender's two loans
 * often match.
 */
function sameDebtSign(first: AccountEntry, second: AccountEntry, bureaus: readonly BureauId[]) {
  if (lastFour(first) !== '' && lastFour(first) === lastFour(second)) return 'number';
  // A collector listing two debts it says came from the same original creditor.
  const original = normalizedName(first.originalCreditor);
  if (original !== '' && original === normalizedName(second.originalCreditor)) return 'original';
  const sameDay = bureaus.some((bureau) => {
    const opened = first.reports[bureau]?.dateOpened;
    return Boolean(opened) && opened === second.reports[bureau]?.dateOpened;
  });
  return sameDay ? 'opened' : undefined;
}

/**
 * Entries that may count one debt twice: one creditor's two entries with the same last 4 digits
 * or the same date opened, or a debt buyer's entry naming the original creditor, which still
 * shows a balance. Each is a question: the consumer says whether it is the same debt.
 */
function duplicates(checkup: Checkup, skip: ReadonlySet<string>): Finding[] {
  const accounts = checkup.accounts.filter((account) => !account.notMine && !skip.has(account.id));
  const found: Finding[] = [];
  const balance = (account: AccountEntry, bureau: BureauId) => {
    const facts = account.reports[bureau];
    return facts ? (parseBalance(facts.balance) ?? 0) : 0;
  };
  const withBalance = (a: AccountEntry, b: AccountEntry) =>
    checkup.bureaus.filter((bureau) => balance(a, bureau) > 0 && balance(b, bureau) > 0);
  accounts.forEach((first, index) => {
    for (const second of accounts.slice(index + 1)) {
      if (normalizedName(first.creditor) !== normalizedName(second.creditor)) continue;
      const bureaus = withBalance(first, second);
      const sign = sameDebtSign(first, second, bureaus);
      if (bureaus.length === 0 || !sign) continue;
      // The entry to remove is the one opened later (or entered later when the dates match).
      const opened = (account: AccountEntry) =>
        bureaus.map((bureau) => account.reports[bureau]?.dateOpened ?? '').sort()[0] ?? '';
      const [kept, repeat] = opened(first) > opened(second) ? [second, first] : [first, second];
      const both = `${entryTitle(kept.creditor, kept.accountNumber)} and ${entryTitle(repeat.creditor, repeat.accountNumber)}`;
      found.push({
        id: `duplicate:${repeat.id}:${kept.id}`,
        kind: 'duplicate',
        section: repeat.section,
        entryId: repeat.id,
        otherEntryId: kept.id,
        duplicate: 'same-creditor',
        title: entryTitle(repeat.creditor, repeat.accountNumber),
        bureaus,
        reason: `${bureauList(bureaus)} ${bureaus.length > 1 ? 'list' : 'lists'} ${repeat.creditor.trim()} twice (${both}), with ${sign === 'number' ? 'the same last 4 digits' : sign === 'original' ? `the same original creditor, ${repeat.originalCreditor.trim()}` : 'the same date opened'}. If they are one debt, it counts twice.`,
        basis: CITE.accuracy,
        action: `Say whether they are the same debt. Only then does a letter ask ${bureauList(bureaus)} to delete the later entry, ${entryTitle(repeat.creditor, repeat.accountNumber)}.`,
      });
    }
  });
  for (const collection of accounts.filter((account) => account.originalCreditor.trim())) {
    for (const original of accounts) {
      if (original === collection) continue;
      if (normalizedName(original.creditor) !== normalizedName(collection.originalCreditor))
        continue;
      const bureaus = withBalance(original, collection);
      if (bureaus.length === 0) continue;
      found.push({
        id: `duplicate:${original.id}:${collection.id}`,
        kind: 'duplicate',
        section: original.section,
        entryId: original.id,
        otherEntryId: collection.id,
        duplicate: 'sold-debt',
        title: entryTitle(original.creditor, original.accountNumber),
        bureaus,
        reason: `${collection.creditor.trim()} names ${original.creditor.trim()} as the original creditor and reports a balance, and ${bureauList(bureaus)} still ${bureaus.length > 1 ? 'show' : 'shows'} a balance on ${original.creditor.trim()}’s own entry. If they are one debt, it counts twice.`,
        basis: CITE.accuracy,
        action: `Say whether they are the same debt, and whether it was sold. Only a sold debt's original entry should show $0, "transferred or sold".`,
      });
    }
  }
  return found;
}

/**
 * Every finding of a checkup on `today`, computed only for entries without bad input (those are
 * marked where they are entered). Skipped bureaus and sections count for nothing.
 */
export function computeFindings(checkup: Checkup, today: IsoDate): Finding[] {
  const problems = inputProblems(checkup, today);
  const skip = new Set(problems.map((problem) => problem.entryId));
  const section = (id: SectionId) => !checkup.skippedSections.includes(id);
  const findings: Finding[] = [];

  if (section('personal'))
    for (const entry of checkup.personal) {
      const bureaus = BUREAU_IDS.filter(
        (bureau) => checkup.bureaus.includes(bureau) && entry.shownBy.includes(bureau),
      );
      if (!entry.neverMine || bureaus.length === 0 || entry.value.trim() === '') continue;
      const kind = PERSONAL_KIND_LABELS[entry.kind].toLowerCase();
      const id = `personal-not-mine:${entry.id}`;
      const shows = `${bureauList(bureaus)} ${bureaus.length > 1 ? 'show' : 'shows'} it`;
      // A person has one date of birth: a wrong one is corrected, never just deleted.
      const dateOfBirth = entry.kind === 'date-of-birth';
      findings.push({
        id,
        kind: 'personal-not-mine',
        section: 'personal',
        entryId: entry.id,
        title: `${PERSONAL_KIND_LABELS[entry.kind]}: ${shownPersonal(entry)}`,
        bureaus,
        ...(dateOfBirth
          ? {
              reason: `You marked this date of birth as wrong; ${shows}. A wrong date of birth can mix your file with someone else’s.`,
              basis: CITE.accuracy,
              action: `Enter your date of birth: the letter asks ${bureauList(bureaus)} to correct it.`,
            }
          : {
              reason: `You marked this ${kind} as never yours; ${shows}. A wrong ${kind} can mix your file with someone else’s or be a sign of identity theft.`,
              basis: theftOf(checkup, id).listed ? CITE.identityTheft : CITE.accuracy,
              action: `Ask ${bureauList(bureaus)} to remove it.${identityTheftAction(checkup, id)}`,
            }),
      });
    }

  const accounts = checkup.accounts.filter(
    (account) => section(account.section) && !skip.has(account.id),
  );
  for (const account of accounts)
    findings.push(
      ...notMineAccount(account, checkup),
      ...obsoleteAccount(account, checkup, today),
      ...mismatches(account, checkup),
    );
  const skipped = new Set([
    ...skip,
    ...checkup.accounts.filter((account) => !section(account.section)).map((each) => each.id),
  ]);
  findings.push(...duplicates(checkup, skipped));

  if (section('public-records'))
    for (const record of checkup.publicRecords.filter((each) => !skip.has(each.id))) {
      const columns = shownBy(record.reports, checkup.bureaus);
      const title = `${record.kind === 'chapter-7' ? 'Chapter 7' : 'Chapter 13'} bankruptcy${record.caseNumber.trim() ? `, case ${record.caseNumber.trim()}` : ''}`;
      if (record.notMine && columns.length > 0) {
        const bureaus = columns.map(([bureau]) => bureau);
        const id = `not-mine:${record.id}`;
        findings.push({
          id,
          kind: 'not-mine',
          section: 'public-records',
          entryId: record.id,
          title,
          bureaus,
          reason: `You marked this bankruptcy as not yours; ${bureauList(bureaus)} ${bureaus.length > 1 ? 'report' : 'reports'} it in your file.`,
          basis: theftOf(checkup, id).listed ? CITE.identityTheft : CITE.accuracy,
          action: `Ask ${bureauList(bureaus)} to remove it.${identityTheftAction(checkup, id)}`,
        });
        continue;
      }
      const byStart = new Map<IsoDate, BureauId[]>();
      for (const [bureau, facts] of columns)
        if (facts.dateFiled)
          byStart.set(facts.dateFiled, [...(byStart.get(facts.dateFiled) ?? []), bureau]);
      for (const [startsOn, bureaus] of byStart) {
        const id = `obsolete:${record.id}:${startsOn}`;
        const filed = `${bureauList(bureaus)} ${bureaus.length > 1 ? 'show' : 'shows'} it filed on ${formatIsoLong(startsOn)}.`;
        const law = reportingPeriod(record.kind, startsOn);
        const common = {
          id,
          kind: 'obsolete' as const,
          section: 'public-records' as const,
          entryId: record.id,
          title,
          bureaus,
          startsOn,
          itemType: record.kind,
        };
        if (isObsolete(law, today)) {
          findings.push({
            ...common,
            reason: `${filed} The law allows a bankruptcy to be reported for 10 years from filing, so it should have left your report after ${formatIsoLong(law.reportableUntil)}.`,
            basis: CITE.bankruptcy,
            action: `Ask ${bureauList(bureaus)} to delete it as outdated.`,
            reportableUntil: law.reportableUntil,
          });
          continue;
        }
        // A Chapter 13 within the law's 10 years: outdated only by the bureaus' policy, and only
        // for a completed plan. The consumer says whether it was; nothing assumes it.
        if (record.kind !== 'chapter-13') continue;
        const policy = reportingPeriod(record.kind, startsOn, { planCompleted: true });
        if (!isObsolete(policy, today)) continue;
        const completed = answerOf(checkup, id).planCompleted === 'yes';
        findings.push({
          ...common,
          reason: `${filed} The bureaus’ own policy removes a Chapter 13 bankruptcy 7 years after filing when its plan was completed, which would be after ${formatIsoLong(policy.reportableUntil)}. Otherwise the law allows it until ${formatIsoLong(law.reportableUntil)}.`,
          basis: CITE.chapter13,
          action: completed
            ? `You said the plan was completed: ask ${bureauList(bureaus)} to delete it under their own policy.`
            : `Say whether the plan was completed. Only then does a letter ask ${bureauList(bureaus)} to delete it under their own policy.`,
          reportableUntil: completed ? policy.reportableUntil : law.reportableUntil,
          asksPlanCompleted: true,
        });
      }
    }

  if (section('inquiries') && !skip.has('holder'))
    for (const inquiry of checkup.inquiries.filter((each) => !skip.has(each.id))) {
      const columns = shownBy(inquiry.reports, checkup.bureaus).filter(([, facts]) => facts.date);
      const aged = columns.filter(([, facts]) => addYears(facts.date, INQUIRY_YEARS) < today);
      const recent = columns.filter((column) => !aged.includes(column));
      const title = inquiry.creditor.trim();
      if (aged.length > 0) {
        const bureaus = aged.map(([bureau]) => bureau);
        const oldest = aged.map(([, facts]) => facts.date).sort()[0]!;
        findings.push({
          id: `aged-inquiry:${inquiry.id}`,
          kind: 'aged-inquiry',
          section: 'inquiries',
          entryId: inquiry.id,
          title,
          bureaus,
          reason: `${bureauList(bureaus)} still ${bureaus.length > 1 ? 'show' : 'shows'} this inquiry of ${formatIsoLong(oldest)}. The bureaus remove inquiries 2 years after their date, so it should have left after ${formatIsoLong(addYears(oldest, INQUIRY_YEARS))}.`,
          basis: CITE.agedInquiry,
          action: `Ask ${bureauList(bureaus)} to remove it under their own policy (by phone or online is enough); no law sets this period, so no letter is made for it.`,
        });
      }
      if (inquiry.applied === 'no' && recent.length > 0) {
        const bureaus = recent.map(([bureau]) => bureau);
        const id = `unauthorized-inquiry:${inquiry.id}`;
        findings.push({
          id,
          kind: 'unauthorized-inquiry',
          section: 'inquiries',
          entryId: inquiry.id,
          title,
          bureaus,
          reason: `You did not apply for credit with ${title}, yet ${bureauList(bureaus)} ${bureaus.length > 1 ? 'show' : 'shows'} its inquiry of ${recent.map(([, facts]) => formatIsoLong(facts.date)).join(' and ')}. A company may get your report only for a permissible purpose, such as credit you applied for.`,
          basis: theftOf(checkup, id).listed ? CITE.identityTheft : CITE.inquiry,
          action: `Ask ${bureauList(bureaus)} to remove it.${identityTheftAction(checkup, id)}`,
        });
      }
    }
  return findings;
}
