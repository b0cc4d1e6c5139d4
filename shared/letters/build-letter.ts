import { BUREAUS } from './bureaus';
import { formatIsoLong, formatLongUsDate, toIsoDate, type IsoDate } from './dates';
import { ENCLOSURE_IDS, ENCLOSURES } from './enclosures';
import { ERROR_TYPES } from './error-types';
import {
  disputedItems,
  type DisputedItem,
  type LetterForm,
  type SenderDetails,
} from './letter-form';
import { ITEM_TYPES, isObsolete, reportingPeriod, type ReportingPeriod } from './reporting-period';
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
  return startsOn ? reportingPeriod(item.itemType, startsOn) : undefined;
}

/**
 * The citations table's entry for the item's type, read for its facts: Account Not Mine cites the
 * identity-theft block (§1681c-2) for identity theft and nothing of §1681c for a mixed file;
 * Outdated Information cites the paragraph of §1681c(a) that fits the item type (the table's
 * (a)(4) when the type is not given) and §1681i, under which the letter asks for a reinvestigation.
 */
export function itemCitations(item: DisputedItem): BureauStatuteId[] {
  const table = ERROR_TYPES[item.errorType].citations;
  if (item.errorType === 'not-mine')
    return item.identityTheft
      ? table.map((id) => (id === '1681c' ? '1681c-2' : id))
      : table.filter((id) => id !== '1681c');
  if (item.errorType === 'outdated-info')
    return [
      '1681i',
      ...(item.itemType ? ITEM_TYPES[item.itemType].citations : ['1681c(a)(4)' as const]),
    ];
  return [...table];
}

/** The citations of every item, in order of first appearance, without repeats. */
export function letterCitations(form: LetterForm): BureauStatuteId[] {
  return [...new Set(disputedItems(form).flatMap(itemCitations))];
}

function citationList(ids: readonly StatuteId[]): string {
  const cited = ids.map((id) => `§${id}`);
  return cited.length <= 1
    ? (cited[0] ?? '')
    : `${cited.slice(0, -1).join(', ')} and ${cited.at(-1)}`;
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
  const facts = type
    ? [
        `Type of item: ${type.label}`,
        ...(period ? [`${startLabel}: ${formatIsoLong(period.startsOn)}`] : []),
      ]
    : [];
  if (!period)
    return {
      facts,
      truth: 'this item is older than the law allows to be reported',
      request:
        kind === 'bureau'
          ? 'delete this item'
          : 'check the date of first delinquency you report and correct it with every credit bureau',
    };
  const until = formatIsoLong(period.reportableUntil);
  const obsolete = isObsolete(period, today);
  const law = `§1681c(a)(1) allows 10 years, but the credit bureaus’ policy is to remove a Chapter 13 bankruptcy 7 years after filing`;
  const truth = period.byBureauPolicy
    ? `${law}, so it ${obsolete ? 'should have come off after' : 'should come off after'} ${until}`
    : `under ${citationList(ITEM_TYPES[period.itemType].citations)}, it ${obsolete ? 'may not be reported after' : 'may be reported until'} ${until} (${period.rule})`;
  if (kind === 'furnisher')
    return {
      facts,
      truth,
      request: `report the ${startLabel.toLowerCase()} as ${formatIsoLong(period.startsOn)} to every credit bureau`,
    };
  return {
    facts,
    truth,
    request: obsolete
      ? `delete this item${period.byBureauPolicy ? ' under your policy' : ''}`
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
      return {
        facts: item.duplicateOf ? [`Duplicate of: ${item.duplicateOf}`] : [],
        reported: 'this account more than once',
        request: bureau ? 'delete the duplicate entry' : 'report this account only once',
      };
    case 'not-mine':
      return {
        facts:
          item.identityTheft && item.identityTheftReportNumber
            ? [`Identity theft report number: ${item.identityTheftReportNumber}`]
            : [],
        truth: 'this account is not mine',
        request: bureau
          ? item.identityTheft
            ? 'block this account'
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
        request: item.monthsReportedLate
          ? `${bureau ? 'remove the late marks' : 'stop reporting late payments'} for ${item.monthsReportedLate}`
          : `correct the payment history${bureau ? '' : ' you report'}`,
      };
  }
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

function accountNumberLine(accountNumber: string | undefined): string[] {
  const number = accountNumber?.trim();
  if (!number) return [];
  return [`Account number: ${/^\d{4}$/.test(number) ? `ending in ${number}` : number}`];
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
    `Account name: ${item.accountName.trim()}`,
    ...accountNumberLine(item.accountNumber),
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

function identityTheftReportLines(items: readonly DisputedItem[]): string[] {
  return items
    .filter((item) => item.errorType === 'not-mine' && item.identityTheft)
    .map(
      (item) =>
        `My identity theft report${item.identityTheftReportNumber ? ` (number ${item.identityTheftReportNumber})` : ''} about ${item.accountName.trim()}`,
    );
}

function enclosuresBlock(lines: readonly string[]): string[] {
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

/** "item 2", "items 1 and 3", or "this account" when the letter has one item. */
function whichItems(numbers: readonly number[], total: number): string {
  if (total === 1) return 'This account';
  return numbers.length === 1
    ? `Item ${numbers[0]}`
    : `Items ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

function identityTheftParagraph(items: readonly DisputedItem[]): string[] {
  const numbers = items.flatMap((item, index) =>
    item.errorType === 'not-mine' && item.identityTheft ? [index + 1] : [],
  );
  if (numbers.length === 0) return [];
  const several = numbers.length > 1;
  return [
    `${whichItems(numbers, items.length)} ${several ? 'are' : 'is'} the result of identity theft and ${several ? 'do' : 'does'} not relate to any transaction I made. Under §1681c-2, please block ${several ? 'them' : 'it'} within 4 business days of getting this letter. I enclose my identity theft report and proof of my identity, and this letter is my statement of the information I dispute.`,
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
  const identityTheftReports = identityTheftReportLines(items);
  const enclosureIds = new Set([
    ...(form.enclosures ?? []),
    // Proof of identity is part of what §1681c-2 asks for.
    ...(identityTheftReports.length > 0 ? (['id-copy'] as const) : []),
  ]);
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
    [
      `Please finish your reinvestigation within 30 days of getting this letter, and send my proof to the company that reported ${several ? 'each item' : 'the item'}. If you cannot verify ${several ? 'an item' : 'it'}, please delete it. Please send me the results in writing, with a free copy of my report if it changes.`,
    ],
    datesMatter
      ? ['The dates on an account matter: most negative items may be reported for only 7 years.']
      : [],
    [
      'Under §1681i(d), I designate everyone who got my report in the past 6 months, or in the past 2 years for a job, to get notice of any deletion or correction.',
    ],
    [
      'As a reminder of my rights: under §1681n, a consumer may recover actual damages, or statutory damages of $100 to $1,000, when a credit bureau willfully fails to follow the FCRA. A court may also allow punitive damages, and costs and attorney’s fees after a successful suit.',
    ],
    [legalBasisLine(letterCitations(form))],
    ['Thank you for your help.'],
    signatureBlock(form.sender),
    enclosuresBlock([
      ...ENCLOSURE_IDS.filter((id) => enclosureIds.has(id)).map((id) => ENCLOSURES[id].line),
      ...identityTheftReports,
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
}

/** The citations of a direct dispute to the creditor: §1681s-2(a)(8), (a)(3), (a)(6)(B) for identity theft, 12 CFR 1022.43. */
export function furnisherCitations(item: DisputedItem): StatuteId[] {
  return [
    '1681s-2(a)(8)',
    '1681s-2(a)(3)',
    ...(item.errorType === 'not-mine' && item.identityTheft ? (['1681s-2(a)(6)(B)'] as const) : []),
    '12 CFR 1022.43',
  ];
}

/** A direct dispute of one item to the creditor that furnished it, with only that item's facts and evidence. */
export function buildFurnisherLetter(
  form: LetterForm,
  date: Date,
  options: FurnisherLetterOptions,
): string {
  const item = disputedItems(form)[options.itemIndex];
  if (!item) throw new RangeError(`No disputed item ${options.itemIndex}`);
  const address = lines(options.address);
  const [exhibits = []] = numberExhibits([item]);
  const identityTheft = item.errorType === 'not-mine' && item.identityTheft === true;
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
    identityTheft
      ? [
          'This account is the result of identity theft, as my enclosed identity theft report shows. Under §1681s-2(a)(6)(B), once you have this report you may not report the account to any credit bureau unless you learn that it is correct.',
        ]
      : [],
    [
      'Please investigate, review the proof I send, and tell me the results within 30 days of getting this letter. If the information is wrong, please correct it with every credit bureau you report it to. While I dispute it, please report the item as disputed by me.',
    ],
    [legalBasisLine(furnisherCitations(item))],
    ['Thank you for your help.'],
    signatureBlock(form.sender),
    enclosuresBlock([...identityTheftReportLines([item]), ...exhibitLines([exhibits])]),
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
