import { BUREAUS } from './bureaus';
import { formatIsoLong, formatLongUsDate, toIsoDate, type IsoDate } from './dates';
import { ENCLOSURE_IDS, ENCLOSURES, type EnclosureId } from './enclosures';
import { ERROR_TYPES, hasAccount, IDENTITY_THEFT_ERROR_TYPES } from './error-types';
import { DUPLICATE_REMOVE, PERSONAL_INFO_KINDS } from './item-facts';
import { inquiryPastPolicy } from './item-rules';
import {
  disputedItems,
  type DisputedItem,
  type LetterForm,
  type SenderDetails,
} from './letter-form';
import {
  ITEM_TYPES,
  isItemTypeId,
  isObsolete,
  reportingPeriod,
  type ReportingPeriod,
} from './reporting-period';
import { legalBasisLine, type BureauStatuteId, type StatuteId } from './statutes';

export const SENDER_PLACEHOLDERS = {
  name: '[Your Full Name]',
  address: ['[Your Street Address]', '[City, State ZIP Code]'],
} as const;

export const FURNISHER_PLACEHOLDERS = {
  name: "[Creditor's Name]",
  address: ["[Creditor's Dispute Address]", '[City, State ZIP Code]'],
} as const;

const PLACEHOLDERS: readonly string[] = [
  ...new Set([
    SENDER_PLACEHOLDERS.name,
    ...SENDER_PLACEHOLDERS.address,
    FURNISHER_PLACEHOLDERS.name,
    ...FURNISHER_PLACEHOLDERS.address,
  ]),
];

/** The placeholders still in a letter, in order: each needs the user's details or a pen before mailing. */
export function placeholdersIn(letter: string): string[] {
  return PLACEHOLDERS.filter((placeholder) => letter.includes(placeholder)).sort(
    (a, b) => letter.indexOf(a) - letter.indexOf(b),
  );
}

export const SALUTATION = 'To whom it may concern:';
export const CLOSING = 'Sincerely,';
export const ENCLOSURES_HEADING = 'Enclosures:';
export const MAILING_ADVICE_HEADING =
  'Before you mail this letter (this page is not part of the letter)';
/** Between the letter and the mailing advice in the text file. */
export const ADVICE_SEPARATOR = '-'.repeat(60);

export type LetterKind = 'bureau' | 'furnisher';

/** Sign, certified mail with return receipt, keep copies: printed after the letter, never in it. */
export function mailingAdvice(kind: LetterKind): string {
  const deadline =
    kind === 'bureau'
      ? '5. The credit bureau has 30 days from receiving your letter to finish its reinvestigation (45 days if you dispute after getting your free annual report). The return receipt shows the day it arrived.'
      : '5. The creditor generally has 30 days from receiving your letter to finish its investigation and send you the results.';
  return [
    MAILING_ADVICE_HEADING,
    '',
    '1. Read the letter and check every fact. Then sign it above your typed name.',
    '2. Put in copies, never originals, of what the letter lists under Enclosures.',
    '3. Send it by certified mail with return receipt requested.',
    '4. Keep a copy of the letter, of everything you enclose, and the mailing receipt.',
    deadline,
    '',
  ].join('\n');
}

/** The `.txt` file: the letter, then the mailing advice as a separate section after it. */
export function letterTextFile(letter: string, advice: string): string {
  return `${letter}\n${ADVICE_SEPARATOR}\n\n${advice}`;
}

function lines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]["')\]]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The consumer's name, address and contact lines at the top of a letter (follow-up letters too). */
export function senderBlock(sender: Partial<SenderDetails> | undefined): string[] {
  const address = lines(sender?.address);
  const previous = lines(sender?.previousAddress);
  const ssn = sender?.ssnLast4?.trim() ?? '';
  const dateOfBirth = sender?.dateOfBirth?.trim() ?? '';
  return [
    sender?.name?.trim() || SENDER_PLACEHOLDERS.name,
    ...(address.length > 0 ? address : SENDER_PLACEHOLDERS.address),
    ...lines(sender?.phone),
    ...lines(sender?.email),
    ...(dateOfBirth ? [`Date of birth: ${formatIsoLong(dateOfBirth)}`] : []),
    // Never more than the last 4 digits, whatever was passed in.
    ...(/^\d{4}$/.test(ssn) ? [`SSN (last 4 digits): ${ssn}`] : []),
    ...(previous.length > 0 ? [`Previous address: ${previous.join(', ')}`] : []),
  ];
}

export function signatureBlock(sender: Partial<SenderDetails> | undefined): string[] {
  // Room to sign by hand: the letter needs no editing.
  return [CLOSING, '', '', sender?.name?.trim() || SENDER_PLACEHOLDERS.name];
}

/** The reporting period of an Outdated Information item whose type and start date are given. */
export function outdatedPeriod(item: DisputedItem): ReportingPeriod | undefined {
  if (item.errorType !== 'outdated-info' || !item.itemType) return undefined;
  const startsOn =
    ITEM_TYPES[item.itemType].startsWith === 'filing'
      ? item.dateFiled
      : item.dateOfFirstDelinquency;
  return startsOn
    ? reportingPeriod(item.itemType, startsOn, {
        planCompleted: item.itemType === 'chapter-13' ? item.planCompleted === true : undefined,
      })
    : undefined;
}

/** The start date the consumer gave for an Outdated Information item, whether or not its type is. */
function outdatedStart(item: DisputedItem): IsoDate | undefined {
  return item.itemType && ITEM_TYPES[item.itemType].startsWith === 'filing'
    ? item.dateFiled
    : item.dateOfFirstDelinquency;
}

type TheftFacts = Pick<DisputedItem, 'identityTheft'> & { errorType: string };

function isIdentityTheft(item: TheftFacts): boolean {
  return (
    (IDENTITY_THEFT_ERROR_TYPES as readonly string[]).includes(item.errorType) &&
    item.identityTheft === true
  );
}

/**
 * Identity theft the consumer has an FTC or police identity theft report for (ticked, or its
 * number given): only then does a letter mention or enclose a report, ask for the §1681c-2 block
 * or cite §1681s-2(a)(6)(B), since both run from the report.
 */
export function hasIdentityTheftReport(item: DisputedItem): boolean {
  return (
    isIdentityTheft(item) &&
    (item.hasIdentityTheftReport === true || Boolean(item.identityTheftReportNumber?.trim()))
  );
}

/**
 * Enclosures a letter lists whatever the checklist says, so the form shows them ticked and locked:
 * proof of identity while any item is identity theft (§1681c-2(a)(1)).
 */
export function requiredEnclosures(items: readonly TheftFacts[]): EnclosureId[] {
  return items.some(isIdentityTheft) ? ['id-copy'] : [];
}

/**
 * Whether a direct dispute to a creditor fits the item. 12 CFR 1022.43(b)(1) leaves out
 * identifying information and employers ((i), (ii)), inquiries ((iii)) and public records such
 * as a bankruptcy, which the bureaus take from court records ((iv)).
 */
export function furnisherLetterApplies(item: {
  errorType: string;
  itemType?: string | undefined;
}): boolean {
  if (!hasAccount(item.errorType)) return false;
  return !(
    item.errorType === 'outdated-info' &&
    item.itemType !== undefined &&
    isItemTypeId(item.itemType) &&
    ITEM_TYPES[item.itemType].publicRecord
  );
}

/**
 * The citations table's entry for the item's type, read for its facts: Account Not Mine cites the
 * identity-theft block (§1681c-2) for identity theft with a report, and nothing of §1681c
 * otherwise; Outdated Information cites the paragraph of §1681c(a) that fits the item type (plain
 * §1681c(a) when the type is not given) and §1681i, under which the letter asks for a
 * reinvestigation.
 */
export function itemCitations(item: DisputedItem): BureauStatuteId[] {
  const table = ERROR_TYPES[item.errorType].citations;
  if (item.errorType !== 'not-mine' && hasIdentityTheftReport(item))
    return ['1681i', '1681c-2', ...table.filter((id) => id !== '1681i')];
  if (item.errorType === 'not-mine')
    return hasIdentityTheftReport(item)
      ? table.map((id) => (id === '1681c' ? '1681c-2' : id))
      : table.filter((id) => id !== '1681c');
  if (item.errorType === 'unauthorized-inquiry') return [...table, '1681b(f)', '1681e(a)'];
  if (item.errorType === 'outdated-info')
    return [
      '1681i',
      ...(item.itemType ? ITEM_TYPES[item.itemType].citations : ['1681c(a)' as const]),
    ];
  return [...table];
}

/** The citations of every item, in order of first appearance, without repeats. */
export function letterCitations(form: LetterForm): BureauStatuteId[] {
  return [...new Set(disputedItems(form).flatMap(itemCitations))];
}

/** "A", "A and B", "A, B and C". */
function andList(words: readonly string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function citationList(ids: readonly StatuteId[]): string {
  return andList(ids.map((id) => `§${id}`));
}

interface ItemStatement {
  /** Lines naming the facts, e.g. "Date filed: March 1, 2016". */
  facts: string[];
  reported?: string | undefined;
  truth?: string | undefined;
  /** What the recipient is asked to do, after "please". */
  request: string;
}

function outdatedStatement(item: DisputedItem, today: IsoDate, kind: LetterKind): ItemStatement {
  const period = outdatedPeriod(item);
  const type = item.itemType ? ITEM_TYPES[item.itemType] : undefined;
  const startLabel = type?.startsWith === 'filing' ? 'Date filed' : 'Date of first delinquency';
  // A date given without the item type is still the consumer's fact.
  const startsOn = outdatedStart(item);
  const startsOnLong = startsOn && formatIsoLong(startsOn);
  const facts = [
    ...(type ? [`Type of item: ${type.label}`] : []),
    ...(startsOnLong ? [`${startLabel}: ${startsOnLong}`] : []),
    ...(item.itemType === 'chapter-13' && item.planCompleted ? ['Chapter 13 plan: completed'] : []),
  ];
  if (!period)
    return {
      facts,
      truth: 'this item is older than the law allows to be reported',
      request:
        kind === 'bureau'
          ? 'delete this item'
          : startsOnLong
            ? `make sure the date of first delinquency you report to every credit bureau is ${startsOnLong}`
            : 'check the date of first delinquency you report and correct it with every credit bureau',
    };
  const until = formatIsoLong(period.reportableUntil);
  const obsolete = isObsolete(period, today);
  const cited = citationList(ITEM_TYPES[period.itemType].citations);
  if (kind === 'furnisher')
    // §1681c limits the credit bureaus, not the creditor: said of them. Bankruptcies never get here.
    return {
      facts,
      truth: `under ${cited}, credit bureaus ${obsolete ? 'may not include it after' : 'may include it until'} ${until} (${period.rule})`,
      request: obsolete
        ? period.itemType === 'late-payment'
          ? 'stop reporting the late marks more than 7 years old on this account to the credit bureaus, and keep the rest of the account as it is'
          : `stop reporting this item to the credit bureaus, and tell them its date of first delinquency is ${startsOnLong}`
        : `report its date of first delinquency as ${startsOnLong} to every credit bureau you report it to`,
    };
  const law = `§1681c(a)(1) allows 10 years, but the credit bureaus’ policy is to remove a Chapter 13 bankruptcy whose plan was completed 7 years after filing`;
  return {
    facts,
    truth: period.byBureauPolicy
      ? `${law}, so it ${obsolete ? 'should have come off after' : 'should come off after'} ${until}`
      : `under ${cited}, it ${obsolete ? 'may not be reported after' : 'may be reported until'} ${until} (${period.rule})`,
    request: obsolete
      ? period.itemType === 'late-payment'
        ? // The late marks are the adverse item; the account's own history may be good to keep.
          'remove the late marks more than 7 years old from this account, and keep the rest of the account as it is'
        : `delete this item${period.byBureauPolicy ? ' under your policy' : ''}`
      : `check that you report this ${startLabel.toLowerCase()}, so that the item comes off after ${until}`,
  };
}

function itemStatement(item: DisputedItem, today: IsoDate, kind: LetterKind): ItemStatement {
  const bureau = kind === 'bureau';
  switch (item.errorType) {
    case 'incorrect-balance':
      return {
        facts: [],
        reported: item.reportedBalance && `a balance of ${item.reportedBalance}`,
        truth: item.correctBalance && `the balance is ${item.correctBalance}`,
        request: `correct the balance${bureau ? '' : ' you report'}${item.correctBalance ? ` to ${item.correctBalance}` : ''}`,
      };
    case 'duplicate-account':
      return duplicateStatement(item, bureau);
    case 'not-mine':
      return {
        facts:
          item.identityTheft && item.identityTheftReportNumber
            ? [`Identity theft report number: ${item.identityTheftReportNumber}`]
            : [],
        truth: 'this account is not mine',
        request: bureau
          ? item.identityTheft
            ? hasIdentityTheftReport(item)
              ? 'block this account'
              : 'remove this account from my file'
            : 'remove this account from my file, and check that my file is not mixed with another person’s file'
          : 'stop reporting this account as mine to any credit bureau',
      };
    case 'outdated-info':
      return outdatedStatement(item, today, kind);
    case 'incorrect-status':
      return {
        facts: [],
        reported: item.reportedStatus && `the status "${item.reportedStatus}"`,
        truth: item.correctStatus && `the status is "${item.correctStatus}"`,
        request: item.correctStatus
          ? `report the status as "${item.correctStatus}"`
          : 'correct the status',
      };
    case 'incorrect-dates': {
      const which = (item.whichDate ?? 'date').toLowerCase();
      return {
        facts: [],
        reported: item.reportedDate && `the ${which} as ${formatIsoLong(item.reportedDate)}`,
        truth: item.correctDate && `the ${which} is ${formatIsoLong(item.correctDate)}`,
        request: `correct the ${which}${item.correctDate ? ` to ${formatIsoLong(item.correctDate)}` : ''}`,
      };
    }
    case 'incorrect-payment-history':
      return {
        facts: [],
        reported: item.monthsReportedLate && `late payments in ${item.monthsReportedLate}`,
        truth: item.monthsReportedLate && 'those months should not show as late',
        // The late marks, not the account: its other history is the consumer's good record.
        request: item.monthsReportedLate
          ? bureau
            ? `remove the late marks for ${item.monthsReportedLate} only, and keep the rest of the account as it is`
            : `report ${item.monthsReportedLate} as paid on time to every credit bureau`
          : `correct the payment history${bureau ? '' : ' you report'}`,
      };
    case 'incorrect-personal-info':
      return personalInfoStatement(item);
    case 'unauthorized-inquiry':
      return {
        facts: item.inquiryDate ? [`Inquiry date: ${formatIsoLong(item.inquiryDate)}`] : [],
        truth: 'I did not apply for credit with this company',
        // No law sets 2 years: an older inquiry comes off under the bureau's own policy.
        // Identity theft with a report is blocked under §1681c-2, whatever its age.
        request: hasIdentityTheftReport(item)
          ? 'block this inquiry'
          : inquiryPastPolicy(item.inquiryDate, today)
            ? 'delete this inquiry under your own policy, since it is more than 2 years old'
            : 'delete this inquiry',
      };
  }
}

/**
 * The entry to remove, as the consumer picked it; a sold debt keeps both entries, the original
 * creditor's with a $0 balance and "transferred or sold", so the debt counts once.
 */
function duplicateStatement(item: DisputedItem, bureau: boolean): ItemStatement {
  const facts = item.duplicateOf ? [`Duplicate of: ${item.duplicateOf}`] : [];
  if (item.soldDebt)
    return {
      facts,
      reported: 'a balance on both entries of one debt that was sold',
      truth: 'the debt was sold, so only the new owner’s entry may show a balance',
      request: bureau
        ? 'report a $0 balance on the original creditor’s entry, shown as transferred or sold'
        : 'report a $0 balance on this account, shown as transferred or sold, if you sold the debt',
    };
  const which = item.duplicateRemove && DUPLICATE_REMOVE[item.duplicateRemove].entry;
  const digits = item.duplicateRemoveLast4?.trim();
  const ending = digits ? ` (account number ending in ${digits})` : '';
  return {
    facts: [...facts, ...(digits ? [`Entry to delete: account number ending in ${digits}`] : [])],
    reported: 'this account appears more than once',
    truth: 'this is one account',
    request: bureau
      ? which
        ? `delete the duplicate entry, the one ${which}${ending}, and keep the other`
        : `delete the duplicate entry${ending}`
      : 'report this account only once',
  };
}

/** "What you report" and "What is true" of one name, address, employer, birth date or SSN. */
function personalInfoStatement(item: DisputedItem): ItemStatement {
  const kind = item.personalInfoKind ? PERSONAL_INFO_KINDS[item.personalInfoKind] : undefined;
  const noun = kind?.noun ?? 'information';
  const ssn = item.personalInfoKind === 'ssn';
  const shown = (value: string) => (ssn ? `one ending in ${value.trim()}` : `"${value.trim()}"`);
  const reported = item.reportedInfo && `my ${noun} as ${shown(item.reportedInfo)}`;
  const facts = kind ? [`Information: ${kind.label}`] : [];
  if (item.personalInfoNotMine || !item.correctInfo)
    return {
      facts,
      reported,
      truth: `this ${noun} is not mine, and I have never used it`,
      request: `${hasIdentityTheftReport(item) ? 'block' : 'delete'} this ${noun}`,
    };
  return {
    facts,
    reported,
    truth: `my ${noun} is ${shown(item.correctInfo)}`,
    request: `correct my ${noun} and delete the wrong one`,
  };
}

interface Exhibit {
  number: number;
  description: string;
}

/** Each item's evidence lines as exhibits numbered through the letter. */
function numberExhibits(items: readonly DisputedItem[]): Exhibit[][] {
  let next = 1;
  return items.map((item) =>
    lines(item.evidence).map((description) => ({ number: next++, description })),
  );
}

function accountNumberLine(item: DisputedItem): string[] {
  // Personal information and inquiries have no account.
  if (!hasAccount(item.errorType)) return [];
  const number = item.accountNumber?.trim();
  if (!number) return item.accountNumberNotShown ? ['Account number: not shown on my report'] : [];
  return [`Account number: ${/^\d{4}$/.test(number) ? `ending in ${number}` : number}`];
}

/** The line naming the item: the account, the company of an inquiry, none for personal information. */
function nameLine(item: DisputedItem): string[] {
  if (item.errorType === 'incorrect-personal-info') return [];
  const label = item.errorType === 'unauthorized-inquiry' ? 'Company' : 'Account name';
  return [`${label}: ${item.accountName.trim()}`];
}

function itemBlock(
  item: DisputedItem,
  heading: string,
  exhibits: readonly Exhibit[],
  today: IsoDate,
  kind: LetterKind,
): string[] {
  const statement = itemStatement(item, today, kind);
  return [
    `${heading}: ${ERROR_TYPES[item.errorType].label}`,
    ...nameLine(item),
    ...accountNumberLine(item),
    ...statement.facts,
    ...(statement.reported
      ? [
          `What ${kind === 'bureau' ? 'you report' : 'you report to credit bureaus'}: ${sentence(statement.reported)}`,
        ]
      : []),
    ...(statement.truth ? [`What is true: ${sentence(statement.truth)}`] : []),
    `Details: ${sentence(lines(item.details).join(' '))}`,
    `What I ask: please ${sentence(statement.request)}`,
    ...(exhibits.length > 0
      ? [`Proof: ${exhibits.map((exhibit) => `Exhibit ${exhibit.number}`).join(', ')}.`]
      : []),
  ];
}

function itemsBlocks(
  items: readonly DisputedItem[],
  exhibits: readonly Exhibit[][],
  today: IsoDate,
  kind: LetterKind,
): string[][] {
  return items.map((item, index) =>
    itemBlock(
      item,
      items.length === 1 ? 'Disputed item' : `Item ${index + 1}`,
      exhibits[index] ?? [],
      today,
      kind,
    ),
  );
}

/** The distinct identity theft report numbers the items give. */
function reportNumbers(items: readonly DisputedItem[]): string[] {
  return [
    ...new Set(
      items
        .filter(hasIdentityTheftReport)
        .flatMap((item) => item.identityTheftReportNumber?.trim() || []),
    ),
  ];
}

/** One enclosure line for the identity theft report, naming every account it covers. */
function identityTheftReportLine(items: readonly DisputedItem[]): string[] {
  const covered = items.filter(hasIdentityTheftReport);
  if (covered.length === 0) return [];
  const numbers = reportNumbers(covered);
  const report =
    numbers.length > 1
      ? `My identity theft reports (numbers ${andList(numbers)})`
      : `My identity theft report${numbers[0] ? ` (number ${numbers[0]})` : ''}`;
  return [`${report} about ${namesList(covered.map((item) => item.accountName.trim()))}`];
}

/**
 * Each name once (an account and an inquiry of one company are one company), listed with
 * semicolons when a name holds a comma ("Address: 9 Harbor Road, Tampa, FL").
 */
function namesList(names: readonly string[]): string {
  const seen = new Set<string>();
  const distinct = names.filter((name) => {
    const key = name.toLowerCase();
    return !seen.has(key) && seen.add(key);
  });
  if (distinct.length <= 1 || !distinct.some((name) => name.includes(',')))
    return andList(distinct);
  return `${distinct.slice(0, -1).join('; ')}; and ${distinct.at(-1)}`;
}

/** The enclosures list at the foot of every letter: the generator's, the checkup's and the follow-ups'. */
export function enclosuresBlock(lines: readonly string[]): string[] {
  return lines.length > 0 ? [ENCLOSURES_HEADING, ...lines.map((line) => `- ${line}`)] : [];
}

function exhibitLines(exhibits: readonly Exhibit[][]): string[] {
  return exhibits.flat().map((exhibit) => `Exhibit ${exhibit.number}: ${exhibit.description}`);
}

function paragraphs(blocks: readonly (readonly string[])[]): string {
  return `${blocks
    .filter((block) => block.length > 0)
    .map((block) => block.join('\n'))
    .join('\n\n')}\n`;
}

/** What one item is called in a sentence. */
function thisItem(item: DisputedItem | undefined): string {
  if (item?.errorType === 'unauthorized-inquiry') return 'This inquiry';
  if (item?.errorType === 'incorrect-personal-info') return 'This information';
  return 'This account';
}

/** "item 2", "items 1 and 3", or "this account" (inquiry, information) when the letter has one item. */
function whichItems(numbers: readonly number[], total: number, only?: DisputedItem): string {
  if (total === 1) return thisItem(only);
  return numbers.length === 1
    ? `Item ${numbers[0]}`
    : `Items ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/** The numbers (from 1) of the items that meet `test`. */
function itemNumbers(items: readonly DisputedItem[], test: (item: DisputedItem) => boolean) {
  return items.flatMap((item, index) => (test(item) ? [index + 1] : []));
}

/**
 * The consumer's statement that the items are identity theft and, for those with a report, the
 * §1681c-2 block request (the 4 business days run from the report, proof of identity and this
 * statement). Without a report the items are disputed under §1681i like any other.
 */
function identityTheftParagraph(items: readonly DisputedItem[]): string[] {
  const theft = itemNumbers(items, isIdentityTheft);
  if (theft.length === 0) return [];
  const several = theft.length > 1;
  const statement = `${whichItems(theft, items.length, items[0])} ${several ? 'are' : 'is'} the result of identity theft and ${several ? 'do' : 'does'} not relate to any transaction I made.`;
  const reported = itemNumbers(items, hasIdentityTheftReport);
  if (reported.length === 0) return [statement];
  const which =
    reported.length < theft.length
      ? whichItems(reported, items.length).toLowerCase()
      : reported.length > 1
        ? 'them'
        : 'it';
  return [
    `${statement} Under §1681c-2, please block ${which} within 4 business days of getting this letter. I enclose my identity theft ${reportNumbers(items).length > 1 ? 'reports' : 'report'} and proof of my identity, and this letter is my statement of the information I dispute.`,
  ];
}

/**
 * §1681i(d) as the statute has it: after a deletion, or a note that I dispute an item, notice of
 * the deletion or of my statement (or its summary) to each person the consumer specifically
 * designates. Never a blanket designation: without names the paragraph is left out.
 */
export const I_D_REQUEST =
  'Under §1681i(d), if you delete an item or note that I dispute it, please send notice of the deletion, or my statement of dispute, to each person I specifically designate below. This applies if the person got a report with the item in the past 6 months, or 2 years for a job.';

/** The §1681i(d) paragraph with the people named, or nothing when none is. */
export function designationBlock(notifyRecipients: string | undefined): string[] {
  const names = lines(notifyRecipients);
  return names.length > 0 ? [I_D_REQUEST, ...names.map((name) => `- ${name}`)] : [];
}

/** Collections, charge-offs and delinquency dates: a letter about them must not revive the debt. */
export function aboutDebt(item: DisputedItem): boolean {
  switch (item.errorType) {
    case 'outdated-info':
      return !(item.itemType && ITEM_TYPES[item.itemType].publicRecord);
    case 'incorrect-dates':
      return /delinquen/i.test(item.whichDate ?? '');
    case 'incorrect-status':
      return /charge|collect/i.test(`${item.reportedStatus ?? ''} ${item.correctStatus ?? ''}`);
    default:
      return false;
  }
}

/** In every letter about a debt: nothing in it may be read as owning or restarting the debt. */
export const NO_ACKNOWLEDGMENT =
  'This letter does not acknowledge any debt, promise to pay, or waive any right or defense I have.';

/**
 * §1681b(f) and §1681e(a): a report's user must have a permissible purpose and certify it to the
 * bureau; the consumer asks which one was certified. Not for an inquiry being blocked as theft.
 */
function permissiblePurposeParagraph(items: readonly DisputedItem[]): string[] {
  const asked = itemNumbers(
    items,
    (item) => item.errorType === 'unauthorized-inquiry' && !hasIdentityTheftReport(item),
  );
  if (asked.length === 0) return [];
  const one = asked.length === 1;
  const which = items.length === 1 ? '' : ` for ${whichItems(asked, items.length).toLowerCase()}`;
  return [
    `A company may get my report only for a purpose the law allows, and it must certify that purpose to you (§1681b(f), §1681e(a)). Please tell me the purpose ${one ? 'the company' : 'each company'} certified${which}. If none can be shown, please delete ${one ? 'the inquiry' : 'each such inquiry'}.`,
  ];
}

/** The dispute letter to the chosen bureau, as plain text (the mailing advice is separate). */
export function buildLetter(form: LetterForm, date: Date): string {
  const bureau = BUREAUS[form.bureau];
  const today = toIsoDate(date);
  const items = disputedItems(form);
  const several = items.length > 1;
  const exhibits = numberExhibits(items);
  const reportNumber = form.sender?.reportNumber?.trim();
  const identityTheftReport = identityTheftReportLine(items);
  const enclosureIds = new Set([...(form.enclosures ?? []), ...requiredEnclosures(items)]);
  // Proof about the disputed items (not the ID or proof of address): the bureau passes it on.
  const proof = exhibits.flat().length > 0 || identityTheftReport.length > 0;
  const datesMatter = items.some((item) => item.errorType === 'incorrect-dates');
  return paragraphs([
    senderBlock(form.sender),
    [formatLongUsDate(date)],
    bureau.addressLines,
    [`Re: Dispute of my credit file${reportNumber ? ` (report number ${reportNumber})` : ''}`],
    [SALUTATION],
    [
      `I dispute the ${several ? 'items' : 'item'} below in my credit file. Please reinvestigate ${several ? 'them' : 'it'} under the Fair Credit Reporting Act (FCRA).`,
    ],
    ...itemsBlocks(items, exhibits, today, 'bureau'),
    identityTheftParagraph(items),
    permissiblePurposeParagraph(items),
    [
      `Please finish your reinvestigation within 30 days of getting this letter${proof ? `, and send my proof to the company that reported ${several ? 'each item' : 'the item'}` : ''}. If you cannot verify what I dispute, please delete or correct it. Please send me the results in writing, with a free copy of my report if it changes.`,
    ],
    datesMatter
      ? ['The dates on an account matter: most negative items may be reported for only 7 years.']
      : [],
    designationBlock(form.notifyRecipients),
    items.some(aboutDebt) ? [NO_ACKNOWLEDGMENT] : [],
    [
      'As a reminder of my rights: under §1681n, a consumer may recover actual damages, or statutory damages of $100 to $1,000, when a credit bureau willfully fails to follow the FCRA. A court may also allow punitive damages, and costs and attorney’s fees after a successful suit.',
    ],
    [legalBasisLine(letterCitations(form))],
    ['Thank you for your help.'],
    signatureBlock(form.sender),
    enclosuresBlock([
      ...ENCLOSURE_IDS.filter((id) => enclosureIds.has(id)).map((id) => ENCLOSURES[id].line),
      ...identityTheftReport,
      ...exhibitLines(exhibits),
    ]),
  ]);
}

export interface FurnisherLetterOptions {
  /** Which disputed item (0 = the first) the creditor's letter covers. */
  itemIndex: number;
  /** The creditor's name for the inside address; a placeholder when blank. */
  creditorName?: string | undefined;
  /** The creditor's dispute address, one line each; placeholders when blank. */
  address?: string | undefined;
  /** The company is a debt collector: the letter adds the FDCPA's §1692e(8). */
  debtCollector?: boolean | undefined;
  /** A debt collector: ask for verification of the debt under §1692g(b). */
  validationRequest?: boolean | undefined;
}

/** A letter to a debt collector: ticked, or the item is a collection. */
export function isDebtCollector(item: DisputedItem, options: FurnisherLetterOptions): boolean {
  return options.debtCollector === true || item.itemType === 'collection';
}

/**
 * The citations of a direct dispute to the creditor: §1681s-2(a)(8), (a)(3), (a)(5) for an
 * outdated collection or charge-off (the creditor reports its date of first delinquency),
 * (a)(6)(B) for identity theft with a report, 12 CFR 1022.43.
 */
export function furnisherCitations(
  item: DisputedItem,
  debtCollector = false,
  validationRequest = false,
): StatuteId[] {
  return [
    '1681s-2(a)(8)',
    '1681s-2(a)(3)',
    ...(item.errorType === 'outdated-info' && item.itemType
      ? ITEM_TYPES[item.itemType].furnisherCitations
      : []),
    ...(hasIdentityTheftReport(item) ? (['1681s-2(a)(6)(B)', '1681g(e)'] as const) : []),
    '12 CFR 1022.43',
    ...(debtCollector ? (['1692e(8)'] as const) : []),
    ...(debtCollector && validationRequest ? (['1692g(b)'] as const) : []),
  ];
}

/** §1681g(e): the victim's request for the application and transaction records, with its proof. */
const RECORDS_REQUEST =
  'Under §1681g(e), please also send me, free and within 30 days, a copy of the application and the business records for this account. I enclose proof of my identity and my identity theft report.';

/**
 * §1692e(8) as it is: a collector need not report at all, but may not report what it knows or
 * should know is false, and if it reports the debt to anyone it must say the debt is disputed.
 */
export const DEBT_COLLECTOR_NOTICE =
  'If you report this debt to anyone, you must also report that I dispute it, and you may not report anything you know or should know is false (§1692e(8)).';

/** §1692g(b): the name and address of the original creditor, and verification of the amount. */
export const VALIDATION_REQUEST =
  'Under §1692g(b), please send me verification of this debt: the name and address of the original creditor, and the amount you say I owe and how you figured it.';

/**
 * A direct dispute of one item to the creditor that furnished it, with only that item's facts and
 * evidence. RangeError for an item a creditor letter does not fit (`furnisherLetterApplies`).
 */
export function buildFurnisherLetter(
  form: LetterForm,
  date: Date,
  options: FurnisherLetterOptions,
): string {
  const item = disputedItems(form)[options.itemIndex];
  if (!item) throw new RangeError(`No disputed item ${options.itemIndex}`);
  if (!furnisherLetterApplies(item))
    throw new RangeError(
      'Personal information, inquiries and bankruptcies are disputed with the credit bureaus, not with a creditor',
    );
  const records = hasIdentityTheftReport(item);
  const collector = isDebtCollector(item, options);
  const validation = collector && options.validationRequest === true;
  const address = lines(options.address);
  const [exhibits = []] = numberExhibits([item]);
  return paragraphs([
    senderBlock({ ...form.sender, reportNumber: undefined }),
    [formatLongUsDate(date)],
    [
      options.creditorName?.trim() || FURNISHER_PLACEHOLDERS.name,
      ...(address.length > 0 ? address : FURNISHER_PLACEHOLDERS.address),
    ],
    ['Re: Direct dispute of information you report about me'],
    [SALUTATION],
    [
      'I dispute directly with you the information you report to credit bureaus about the account below.',
    ],
    itemBlock(item, 'Disputed item', exhibits, toIsoDate(date), 'furnisher'),
    hasIdentityTheftReport(item)
      ? [
          'This account is the result of identity theft, as my enclosed identity theft report shows. Under §1681s-2(a)(6)(B), once you have this report you may not report the account to any credit bureau unless you learn that it is correct.',
        ]
      : isIdentityTheft(item)
        ? [
            'This account is the result of identity theft and does not relate to any transaction I made.',
          ]
        : [],
    records ? [RECORDS_REQUEST] : [],
    [
      `Please investigate${exhibits.length > 0 || records ? ', review the proof I send,' : ''} and tell me the results within 30 days of getting this letter. If the information is wrong, please correct it with every credit bureau you report it to. While I dispute it, please report the item as disputed by me.`,
    ],
    collector ? [DEBT_COLLECTOR_NOTICE] : [],
    validation ? [VALIDATION_REQUEST] : [],
    collector || aboutDebt(item) ? [NO_ACKNOWLEDGMENT] : [],
    [legalBasisLine(furnisherCitations(item, collector, validation))],
    ['Thank you for your help.'],
    signatureBlock(form.sender),
    enclosuresBlock([
      ...(records ? [ENCLOSURES['id-copy'].line] : []),
      ...identityTheftReportLine([item]),
      ...exhibitLines([exhibits]),
    ]),
  ]);
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'creditor'
  );
}

export type LetterFileExtension = 'txt' | 'docx' | 'html';

/** `dispute-letter-{bureau}-{errorType}-{YYYY-MM-DD}.txt` */
export function letterFileName(
  form: LetterForm,
  date: Date,
  extension: LetterFileExtension = 'txt',
): string {
  return `dispute-letter-${form.bureau}-${form.errorType}-${toIsoDate(date)}.${extension}`;
}

export function furnisherLetterFileName(
  form: LetterForm,
  date: Date,
  options: FurnisherLetterOptions,
  extension: LetterFileExtension = 'txt',
): string {
  const item = disputedItems(form)[options.itemIndex];
  if (!item) throw new RangeError(`No disputed item ${options.itemIndex}`);
  const creditor = options.creditorName?.trim() || item.accountName;
  return `furnisher-dispute-letter-${slug(creditor)}-${item.errorType}-${toIsoDate(date)}.${extension}`;
}
