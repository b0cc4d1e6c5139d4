import {
  buildFurnisherLetter,
  enclosuresBlock,
  furnisherLetterApplies,
  SALUTATION,
  senderBlock,
  signatureBlock,
} from '../letters/build-letter';
import {
  formatIsoLong,
  formatLongUsDate,
  isIsoDate,
  toIsoDate,
  type IsoDate,
} from '../letters/dates';
import { type ErrorTypeId } from '../letters/error-types';
import { REPORT_NUMBER_MAX } from '../letters/item-rules';
import { EMPTY_ITEM_DRAFT, validateLetterDraft, type ItemDraft } from '../letters/letter-form';
import { FOLLOW_UP_CITATIONS, type CitationId } from './citations';
import { dueDate, noResponseLetterFrom, type DueDate } from './due-date';
import { itemErrorType } from './item-types';
import { enclosedDocuments, letterExhibits } from './letter-exhibits';
import {
  accountEnding,
  LIMITS,
  recipientAddressLines,
  recipientName,
  textLines,
  wordCount,
  type Dispute,
  type DisputeItem,
  type DisputeSender,
  type Recipient,
} from './model';
import type { FollowUpKind, NextStep } from './next-steps';

/** What the consumer adds when building a follow-up; each kind reads only its own fields. */
export interface FollowUpInput {
  /** direct-dispute: the creditor's name, as the credit report shows it. */
  creditorName?: string | undefined;
  /** direct-dispute: the creditor's dispute address, one line each (placeholders when blank). */
  creditorAddress?: string | undefined;
  /** direct-dispute: what the item's error is (the generator's Error Type). */
  errorType?: ErrorTypeId | undefined;
  /** direct-dispute: the supporting documents, one a line; each becomes a numbered exhibit. */
  evidence?: string | undefined;
  /** resubmission: what the consumer now sends, in their words. */
  enclosedInformation?: string | undefined;
  /** statement-of-dispute: the statement itself, up to 100 words. */
  statement?: string | undefined;
  /** reinsertion: whether the bureau sent a notice of reinsertion. */
  reinsertionNoticeReceived?: boolean | undefined;
  /**
   * Letters to a bureau (IDENTITY_KINDS): the lines that let it match the file, asked when the
   * letter is built and used in that letter only: never stored with the dispute.
   */
  dateOfBirth?: string | undefined;
  ssnLast4?: string | undefined;
  reportNumber?: string | undefined;
  /** Letters that carry the parent's exhibits: the numbers (in the parent's letter) the user removed. */
  removedExhibits?: readonly number[] | undefined;
  /** direct-dispute after a bureau verified the item: what the creditor has not seen before. */
  whatIsNew?: string | undefined;
  /**
   * direct-dispute: the item's facts as the consumer confirms or fills them (what is true, the
   * amounts), over those the first letter gave; checked by the first letter's rules.
   */
  facts?: Partial<ItemDraft> | undefined;
}

/** A fact field of a direct dispute, named as `facts.correctBalance`. */
export type FactField = `facts.${keyof ItemDraft}`;

/** The follow-ups to a bureau that carry the parent's exhibits. */
export const EXHIBIT_KINDS: readonly FollowUpKind[] = [
  'method-of-verification',
  'resubmission',
  'no-response',
  'reinsertion',
];

/** The follow-ups to a bureau that ask for the identity lines, so it can match the file. */
export const IDENTITY_KINDS: readonly FollowUpKind[] = [...EXHIBIT_KINDS, 'statement-of-dispute'];

/** A refusal says why, and which field of `FollowUpInput` to fix when it is one of them. */
export interface FollowUpProblem {
  ok: false;
  message: string;
  field?: keyof FollowUpInput | FactField | undefined;
}

/**
 * `dispute` is what My Disputes keeps (its letter without the identity lines); `letterText` is
 * the letter to mail, with them, for the download made as it is built.
 */
export type FollowUpResult = { ok: true; dispute: Dispute; letterText: string } | FollowUpProblem;

export const FOLLOW_UP_MESSAGES = {
  enclosedInformationRequired:
    'Describe the information you are sending, as the bureau asked for it.',
  enclosedInformationTooLong: `Keep the description of what you send under ${LIMITS.enclosedInformation} characters.`,
  statementRequired: 'Write your statement of dispute.',
  statementTooLong: `A statement of dispute may have up to ${LIMITS.statementWords} words.`,
  creditorAddressTooLong: `Keep the creditor's address under ${LIMITS.creditorAddress} characters.`,
  creditorNameRequired: "Enter the creditor's name, as your credit report shows it.",
  creditorNameTooLong: `Keep the creditor's name under ${LIMITS.creditorName} characters.`,
  errorTypeRequired: 'Choose the error type.',
  bureauOnly:
    'Personal information, inquiries and bankruptcies are disputed with the credit bureaus only: a direct dispute to a creditor does not cover them (12 CFR 1022.43(b)(1)).',
  evidenceTooLong: `Keep the supporting evidence under ${LIMITS.evidence} characters.`,
  reasonRequired: (accountName: string) =>
    `Enter the reason the bureau gave for ${accountName}, or tick "The bureau gave no reason".`,
  noResponseTooEarly: (from: IsoDate) =>
    `The bureau may still be mailing its results: the no-response follow-up can be made from ${formatIsoLong(from)}, 5 business days after the due date.`,
  noResponseNotApplicable:
    'This letter has no reinvestigation deadline, so there is no no-response follow-up for it.',
  notMailed: 'Record when this letter was mailed first.',
  reappearedTooEarly: (accountName: string, answeredOn: IsoDate) =>
    `The date ${accountName} came back is before ${formatIsoLong(answeredOn)}, when the bureau answered (or you mailed the dispute). Check the date on your report.`,
  whatIsNewRequired: (bureau: string) =>
    `Say what is new since your dispute with ${bureau}: a fact or document you did not send before. Without it the creditor may treat this as the same dispute (12 CFR 1022.43(f)(1)(ii)).`,
  whatIsNewTooLong: `Keep what is new under ${LIMITS.evidence} characters.`,
  identifyingRequired:
    'The bureau said it could not identify the account: enter your date of birth, the last 4 digits of your SSN or your report number, or an account number on the item.',
  dateOfBirthInFuture: 'Your date of birth cannot be in the future.',
  ssnDigits: 'Enter only the last 4 digits of your SSN, never the full number.',
  reportNumberTooLong: `A report number has at most ${REPORT_NUMBER_MAX} characters. Enter the number printed on your report.`,
} as const;

function itemLines(items: readonly DisputeItem[]): string[] {
  const numbered = items.length > 1;
  return [
    numbered ? 'Disputed items:' : 'Disputed item:',
    ...items.flatMap((item, index) => {
      const fields = [
        `Account name: ${item.accountName.trim()}`,
        ...(item.accountNumber?.trim()
          ? [`Account number: ${accountEnding(item.accountNumber)}`]
          : []),
        ...(item.details.trim() ? [`What I disputed: ${textLines(item.details).join(' ')}`] : []),
      ];
      return fields.map((field, at) =>
        !numbered ? field : at === 0 ? `${index + 1}. ${field}` : `   ${field}`,
      );
    }),
  ];
}

/** One line of citations, as in the first letter: the body has already said what each requires. */
function legalBasis(ids: readonly CitationId[]): string[] {
  return [`Legal basis: ${ids.map((id) => FOLLOW_UP_CITATIONS[id].citation).join('; ')}.`];
}

function paragraphs(blocks: readonly (readonly string[])[]): string {
  return `${blocks
    .filter((block) => block.length > 0)
    .map((block) => block.join('\n'))
    .join('\n\n')}\n`;
}

/** Shown beside a follow-up letter, never in it. */
export const MAILING_ADVICE =
  'Before you mail it: sign it, send it by certified mail with return receipt requested, and keep copies of the letter, the enclosures and the receipt.';

/** "On May 1, 2026 I mailed you a dispute ... which you received on May 5, 2026." */
function priorDispute(parent: Dispute, count: number, to = 'you'): string {
  const mailedOn = parent.mailedOn ?? '';
  const how = parent.trackingNumber
    ? ` by certified mail (tracking number ${parent.trackingNumber})`
    : '';
  const received = parent.deliveredOn
    ? `, which ${to === 'you' ? 'you' : recipientName(parent.recipient)} received on ${formatIsoLong(parent.deliveredOn)}`
    : '';
  return `On ${formatIsoLong(mailedOn)} I mailed ${to} a dispute of the ${count > 1 ? 'items' : 'item'} below${how}${received}.`;
}

function answeredOn(parent: Dispute): string {
  return parent.responseOn ? ` on ${formatIsoLong(parent.responseOn)}` : '';
}

interface LetterParts {
  recipient: Recipient;
  subject: string;
  body: (readonly string[])[];
  citations: readonly CitationId[];
  /** The enclosures list: the parent's exhibits carried, then anything new. */
  enclosures?: readonly string[];
}

/** The lines a bureau matches a file by, as given for this letter only. */
type Identity = Pick<FollowUpInput, 'dateOfBirth' | 'ssnLast4' | 'reportNumber'>;

function letter(
  parts: LetterParts,
  sender: DisputeSender | undefined,
  date: Date,
  identity: Identity = {},
): string {
  const reportNumber = identity.reportNumber?.trim();
  return paragraphs([
    senderBlock({
      ...sender,
      dateOfBirth: identity.dateOfBirth?.trim() ?? '',
      ssnLast4: identity.ssnLast4?.trim() ?? '',
    }),
    [formatLongUsDate(date)],
    recipientAddressLines(parts.recipient),
    [`Re: ${parts.subject}${reportNumber ? ` (report number ${reportNumber})` : ''}`],
    [SALUTATION],
    ...parts.body,
    legalBasis(parts.citations),
    ['Thank you for your help. Please send your answer to the address above.'],
    signatureBlock(sender),
    enclosuresBlock(parts.enclosures ?? []),
  ]);
}

/**
 * The parent letter's exhibits the user kept, numbered again from 1: a follow-up sends the same
 * proof so the bureau can match it to the first round.
 */
function carriedExhibits(parent: Dispute, input: FollowUpInput): string[] {
  const removed = new Set(input.removedExhibits ?? []);
  return letterExhibits(parent.letterText)
    .filter((exhibit) => !removed.has(exhibit.number))
    .map((exhibit) => exhibit.description);
}

const numbered = (descriptions: readonly string[], from = 1) =>
  descriptions.map((description, index) => `Exhibit ${from + index}: ${description}`);

/** A problem with the identity lines, or null. */
function identityProblem(input: FollowUpInput, date: Date): FollowUpProblem | null {
  const birth = input.dateOfBirth?.trim() ?? '';
  if (isIsoDate(birth) && birth > toIsoDate(date))
    return { ok: false, message: FOLLOW_UP_MESSAGES.dateOfBirthInFuture, field: 'dateOfBirth' };
  if ((input.ssnLast4 ?? '').replace(/\D/g, '').length > 4)
    return { ok: false, message: FOLLOW_UP_MESSAGES.ssnDigits, field: 'ssnLast4' };
  if ((input.reportNumber ?? '').trim().length > REPORT_NUMBER_MAX)
    return { ok: false, message: FOLLOW_UP_MESSAGES.reportNumberTooLong, field: 'reportNumber' };
  return null;
}

/** The bureau said it could not find or identify the account. */
const NOT_IDENTIFIED = /identif|locate|find|match/i;

/** "my date of birth, the last 4 digits of my SSN and the account number ending in 4321". */
function identifyingNow(items: readonly DisputeItem[], input: FollowUpInput): string[] {
  return [
    ...(input.dateOfBirth?.trim() ? ['my date of birth'] : []),
    ...(/^\d{4}$/.test(input.ssnLast4?.trim() ?? '') ? ['the last 4 digits of my SSN'] : []),
    ...(input.reportNumber?.trim() ? ['the number of my credit report'] : []),
    ...items.flatMap((item) =>
      item.accountNumber?.trim()
        ? [`the account number ${accountEnding(item.accountNumber)} for ${item.accountName.trim()}`]
        : [],
    ),
  ];
}

function andList(words: readonly string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function sentence(text: string): string {
  return /[.!?]["')\]]?$/.test(text) ? text : `${text}.`;
}

function plural(items: readonly unknown[], one: string, many: string): string {
  return items.length > 1 ? many : one;
}

function quoted(values: readonly string[]): string {
  return values.map((value) => `"${textLines(value).join(' ')}"`).join('; ');
}

type Built =
  | { ok: true; parts: LetterParts }
  /** A letter made by the letter engine as a whole (the direct dispute to the creditor). */
  | { ok: true; recipient: Recipient; text: string }
  | FollowUpProblem;

type Builder = (parent: Dispute, items: DisputeItem[], input: FollowUpInput, date: Date) => Built;

/** The stored facts as the form holds them (every field a string or a tick). */
function factsDraft(facts: Partial<Record<keyof ItemDraft, unknown>>): Partial<ItemDraft> {
  const draft: Record<string, string | boolean> = {};
  for (const [key, empty] of Object.entries(EMPTY_ITEM_DRAFT)) {
    const value = facts[key as keyof ItemDraft];
    if (value === undefined || value === null) continue;
    draft[key] = typeof empty === 'boolean' ? value === true : String(value);
  }
  return draft as Partial<ItemDraft>;
}

/**
 * The item of a direct dispute as the generator's form would hold it: the facts the first letter
 * gave, then what the consumer confirms or fills now.
 */
export function directDisputeDraft(
  item: DisputeItem,
  errorType: ErrorTypeId,
  input: Pick<FollowUpInput, 'facts' | 'evidence'>,
): ItemDraft {
  return {
    ...EMPTY_ITEM_DRAFT,
    // "****4321" becomes "4321": the letter says "ending in 4321", as in the other follow-ups.
    accountNumber: item.accountNumber
      ? accountEnding(item.accountNumber).replace(/^ending in /, '')
      : '',
    ...factsDraft(item.facts ?? {}),
    ...factsDraft(input.facts ?? {}),
    errorType,
    accountName: item.accountName,
    details: textLines(item.details).join(' '),
    evidence: input.evidence ?? '',
  };
}

/** Inserts `paragraph` after the opening paragraph that follows the salutation. */
function afterOpening(letterText: string, paragraph: string): string {
  const blocks = letterText.split('\n\n');
  const salutation = blocks.indexOf(SALUTATION);
  if (salutation < 0) throw new Error('The letter has no salutation to follow');
  blocks.splice(salutation + 2, 0, paragraph);
  return blocks.join('\n\n');
}

/** "Under 15 U.S.C. §1681i(a)(1)(A), you had to complete your reinvestigation within 30 days…" */
function missedDeadline(due: DueDate): { sentence: string; citations: CitationId[] } {
  const by = due.deliveryIsEstimate ? '' : `, that is by ${formatIsoLong(due.dueOn)}`;
  switch (due.basis) {
    case '1681i(a)(1)(B)':
      return {
        sentence: `Under 15 U.S.C. §1681i(a)(1)(A) and (B), you had to complete your reinvestigation within 30 days of receiving my dispute, extended by at most 15 days because I sent you more information during that period${by ? `${by} at the latest` : ''}.`,
        citations: ['1681i(a)(1)(A)', '1681i(a)(1)(B)'],
      };
    case '1681j(a)(3)':
      return {
        sentence: `Under 15 U.S.C. §1681j(a)(3), because I disputed after receiving my free annual credit report, you had to complete your reinvestigation within 45 days after receiving my dispute${by}.`,
        citations: ['1681j(a)(3)'],
      };
    default:
      return {
        sentence: `Under 15 U.S.C. §1681i(a)(1)(A), you had to complete your reinvestigation within 30 days of receiving my dispute${by}.`,
        citations: ['1681i(a)(1)(A)'],
      };
  }
}

/** "and gave this reason: "…"." / "but did not say why…" / both, item by item. */
function statedReasons(items: readonly DisputeItem[]): string {
  const given = items.filter((item) => item.statedReason?.trim());
  const reasons = [...new Set(given.map((item) => item.statedReason!.trim()))];
  if (reasons.length === 0) return ' but did not say why or what information you need.';
  const quotedReasons = `${reasons.length === 1 ? 'this reason' : 'these reasons'}: ${quoted(reasons)}`;
  const without = items.filter((item) => !item.statedReason?.trim());
  if (without.length === 0) return ` and gave ${quotedReasons}.`;
  const names = (list: readonly DisputeItem[]) => list.map((item) => item.accountName.trim());
  return ` and gave ${quotedReasons} for ${names(given).join(', ')}; for ${names(without).join(', ')} you did not say why or what information you need.`;
}

const BUILDERS: Readonly<Record<FollowUpKind, Builder>> = {
  'method-of-verification': (parent, items, input) => {
    // Only a letter that enclosed something can ask whether it was reviewed.
    const sent = enclosedDocuments(parent);
    return {
      ok: true,
      parts: {
        recipient: parent.recipient,
        subject: 'Request for the method of verification of disputed information',
        body: [
          [
            `${priorDispute(parent, items.length)} You answered${answeredOn(parent)} that the information was verified as accurate. I still dispute it.`,
          ],
          itemLines(items),
          [
            'Under 15 U.S.C. §1681i(a)(6)(B)(iii) and (a)(7), please tell me how you checked this information. Please give me the name and address of each company you contacted, and its phone number if you can. You must send this to me within 15 days after you get this request.',
          ],
          sent
            ? [
                'Please also tell me whether you looked at the documents I sent with my dispute, as 15 U.S.C. §1681i(a)(4) requires.',
              ]
            : [],
        ],
        citations: [
          '1681i(a)(6)(B)(iii)',
          '1681i(a)(7)',
          ...(sent ? (['1681i(a)(4)'] as const) : []),
        ],
        enclosures: numbered(carriedExhibits(parent, input)),
      },
    };
  },

  'direct-dispute': (parent, items, input, date) => {
    const name = input.creditorName?.trim() ?? '';
    const address = input.creditorAddress ?? '';
    if (name === '')
      return { ok: false, message: FOLLOW_UP_MESSAGES.creditorNameRequired, field: 'creditorName' };
    if (name.length > LIMITS.creditorName)
      return { ok: false, message: FOLLOW_UP_MESSAGES.creditorNameTooLong, field: 'creditorName' };
    if (address.length > LIMITS.creditorAddress)
      return {
        ok: false,
        message: FOLLOW_UP_MESSAGES.creditorAddressTooLong,
        field: 'creditorAddress',
      };
    if ((input.evidence ?? '').length > LIMITS.evidence)
      return { ok: false, message: FOLLOW_UP_MESSAGES.evidenceTooLong, field: 'evidence' };
    const [item] = items;
    if (!item || items.length > 1) throw new RangeError('A direct dispute covers one item');
    const errorType = input.errorType ?? itemErrorType(parent, item);
    if (!errorType)
      return { ok: false, message: FOLLOW_UP_MESSAGES.errorTypeRequired, field: 'errorType' };
    const itemDraft = directDisputeDraft(item, errorType, input);
    if (!furnisherLetterApplies(itemDraft))
      return { ok: false, message: FOLLOW_UP_MESSAGES.bureauOnly, field: 'errorType' };
    const whatIsNew = textLines(input.whatIsNew ?? '').join(' ');
    const bureauName = recipientName(parent.recipient);
    // 12 CFR 1022.43(f)(1)(ii): a dispute the creditor has already answered (through the bureau)
    // need not be investigated again unless it brings something new.
    if (whatIsNew === '')
      return {
        ok: false,
        message: FOLLOW_UP_MESSAGES.whatIsNewRequired(bureauName),
        field: 'whatIsNew',
      };
    if ((input.whatIsNew ?? '').length > LIMITS.evidence)
      return { ok: false, message: FOLLOW_UP_MESSAGES.whatIsNewTooLong, field: 'whatIsNew' };
    const bureau = recipientName(parent.recipient);
    // The first letter's own checks: the same facts make the same kind of dispute.
    const checked = validateLetterDraft(
      {
        ...itemDraft,
        // The bureau is not part of a creditor's letter; the form type asks for one.
        bureau: parent.recipient.kind === 'bureau' ? parent.recipient.bureau : 'experian',
        additionalItems: [],
        sender: parent.sender,
      },
      toIsoDate(date),
    );
    if (!checked.ok) {
      const [problem] = checked.problems;
      return problem
        ? {
            ok: false,
            message: problem.message,
            field: `facts.${problem.field.replace(/^0\./, '')}` as FactField,
          }
        : { ok: false, message: FOLLOW_UP_MESSAGES.errorTypeRequired, field: 'errorType' };
    }
    const text = buildFurnisherLetter(checked.form, date, {
      itemIndex: 0,
      creditorName: name,
      address,
    });
    return {
      ok: true,
      recipient: { kind: 'furnisher', name, address },
      text: afterOpening(
        text,
        `${priorDispute(parent, 1, bureau)} ${bureau} answered${answeredOn(parent)} that the information was verified as accurate. I still believe it is inaccurate.\n\nWhat is new since that dispute: ${sentence(whatIsNew)}`,
      ),
    };
  },

  resubmission: (parent, items, input) => {
    const enclosed = textLines(input.enclosedInformation ?? '');
    if (enclosed.length === 0)
      return {
        ok: false,
        message: FOLLOW_UP_MESSAGES.enclosedInformationRequired,
        field: 'enclosedInformation',
      };
    if ((input.enclosedInformation ?? '').length > LIMITS.enclosedInformation)
      return {
        ok: false,
        message: FOLLOW_UP_MESSAGES.enclosedInformationTooLong,
        field: 'enclosedInformation',
      };
    const unexplained = items.find((item) => !item.statedReason?.trim() && !item.noReasonGiven);
    if (unexplained)
      return {
        ok: false,
        message: FOLLOW_UP_MESSAGES.reasonRequired(unexplained.accountName.trim()),
      };
    const carried = carriedExhibits(parent, input);
    const exhibits = numbered(enclosed, carried.length + 1);
    const notIdentified = items.some((item) => NOT_IDENTIFIED.test(item.statedReason ?? ''));
    const identifying = identifyingNow(items, input);
    // The account number was in the first letter already: only the holder's details are new.
    const numbers = identifying.filter((what) => what.startsWith('the account number'));
    const holderDetails = identifying.filter((what) => !numbers.includes(what));
    if (notIdentified && identifying.length === 0)
      return { ok: false, message: FOLLOW_UP_MESSAGES.identifyingRequired, field: 'dateOfBirth' };
    return {
      ok: true,
      parts: {
        recipient: parent.recipient,
        subject: 'Resubmission of my dispute with the information you asked for',
        body: [
          [
            `${priorDispute(parent, items.length)} You answered${answeredOn(parent)} that you considered my dispute frivolous or irrelevant${statedReasons(items)}`,
          ],
          [
            'Under 15 U.S.C. §1681i(a)(3)(B) and (C), if you find a dispute frivolous or irrelevant, you must tell me why and what information you need to look into it. I enclose this information:',
            ...exhibits.map((line) => `- ${line}`),
          ],
          notIdentified
            ? [
                holderDetails.length > 0
                  ? `You said you could not identify the account. To identify it, this letter now gives ${andList(identifying)}.`
                  : `You said you could not identify the account. To identify it, this letter gives ${andList(numbers)} again, with the information I enclose.`,
              ]
            : [],
          [`I dispute the ${plural(items, 'item', 'items')} below again.`],
          itemLines(items),
          [
            'Please reinvestigate within 30 days of getting this letter, as 15 U.S.C. §1681i(a)(1)(A) requires. Please look at the information I send, as §1681i(a)(4) requires, and send me the results in writing.',
          ],
        ],
        citations: ['1681i(a)(3)(B)', '1681i(a)(3)(C)', '1681i(a)(1)(A)', '1681i(a)(4)'],
        enclosures: [...numbered(carried), ...exhibits],
      },
    };
  },

  'no-response': (parent, items, input, date) => {
    const due = dueDate(parent);
    const from = noResponseLetterFrom(parent);
    if (!due || !from || due.basis === '1681i(a)(7)')
      return { ok: false, message: FOLLOW_UP_MESSAGES.noResponseNotApplicable };
    // Before the deadline has passed, "I have not received your results" would be untrue.
    if (toIsoDate(date) < from)
      return { ok: false, message: FOLLOW_UP_MESSAGES.noResponseTooEarly(from) };
    const deadline = missedDeadline(due);
    return {
      ok: true,
      parts: {
        recipient: parent.recipient,
        subject: 'No response to my dispute: please delete the unverified information',
        body: [
          [
            `${priorDispute(parent, items.length)} ${deadline.sentence} I have not received your results.`,
          ],
          itemLines(items),
          [
            `Under 15 U.S.C. §1681i(a)(5)(A), you must promptly delete or correct information that is wrong, incomplete or cannot be verified. You have not told me in time that you verified ${plural(items, 'this information', 'these items')}. So please delete ${plural(items, 'it', 'them')} promptly and send me the results in writing, as §1681i(a)(6)(A) requires, with a copy of my revised credit report.`,
          ],
          [
            'If I do not receive your results, I may file a complaint with the Consumer Financial Protection Bureau.',
          ],
        ],
        citations: [...deadline.citations, '1681i(a)(5)(A)', '1681i(a)(6)(A)'],
        enclosures: numbered(carriedExhibits(parent, input)),
      },
    };
  },

  reinsertion: (parent, items, input) => {
    // Deleted after the answer (or the mailing): it cannot have come back before then.
    const answered = parent.responseOn ?? parent.mailedOn;
    const early = items.find(
      (item) => answered && item.reappearedOn && item.reappearedOn < answered,
    );
    if (early && answered)
      return {
        ok: false,
        message: FOLLOW_UP_MESSAGES.reappearedTooEarly(early.accountName, answered),
      };
    const seen = items
      .map((item) => item.reappearedOn)
      .filter((date): date is string => Boolean(date))
      .sort()[0];
    const notice = input.reinsertionNoticeReceived
      ? 'You sent me a notice of reinsertion.'
      : 'I have not received a notice of reinsertion from you.';
    return {
      ok: true,
      parts: {
        recipient: parent.recipient,
        subject: 'Information put back in my credit file after it was deleted',
        body: [
          [
            `${priorDispute(parent, items.length)} You answered${answeredOn(parent)} that the information was deleted. ${seen ? `On ${formatIsoLong(seen)} I saw that ${plural(items, 'it is', 'they are')} back in my credit file.` : `${plural(items, 'It is', 'They are')} now back in my credit file.`} ${notice}`,
          ],
          itemLines(items),
          [
            'You may put back deleted information only if the company that sent it first certifies that it is complete and true (§1681i(a)(5)(B)(i)). Within 5 business days, you must then tell me in writing that it is back. You must give me the name and address of that company, and its phone number if you can. You must also tell me that I may add a statement to my file (§1681i(a)(5)(B)(ii) and (iii)). And you must have fair steps in place to keep deleted items from coming back (§1681i(a)(5)(C)).',
          ],
          [
            `Please send me a copy of the certification${input.reinsertionNoticeReceived ? '' : ' and the notice'}. If there is no certification, please delete the information again right away. I also dispute ${plural(items, 'it', 'them')} again. Please check ${plural(items, 'it', 'them')} again within 30 days of getting this letter and send me the results in writing (§1681i(a)(1)(A)).`,
          ],
        ],
        citations: [
          '1681i(a)(5)(B)(i)',
          '1681i(a)(5)(B)(ii)',
          '1681i(a)(5)(B)(iii)',
          '1681i(a)(5)(C)',
          '1681i(a)(1)(A)',
        ],
        enclosures: numbered(carriedExhibits(parent, input)),
      },
    };
  },

  'statement-of-dispute': (parent, items, input) => {
    const statement = textLines(input.statement ?? '').join(' ');
    if (statement === '')
      return { ok: false, message: FOLLOW_UP_MESSAGES.statementRequired, field: 'statement' };
    if (wordCount(statement) > LIMITS.statementWords || statement.length > LIMITS.statementChars)
      return { ok: false, message: FOLLOW_UP_MESSAGES.statementTooLong, field: 'statement' };
    return {
      ok: true,
      parts: {
        recipient: parent.recipient,
        subject: 'Statement of dispute to add to my credit file',
        body: [
          [
            `${priorDispute(parent, items.length)} You answered${answeredOn(parent)} that the information was verified as accurate. I still disagree.`,
          ],
          itemLines(items),
          [
            'Under 15 U.S.C. §1681i(b), please add this statement of dispute to my file:',
            `"${statement}"`,
          ],
          [
            'Under 15 U.S.C. §1681i(c), please note that I dispute this information in every consumer report that includes it, and include my statement or a clear and accurate summary of it.',
          ],
        ],
        citations: ['1681i(b)', '1681i(c)'],
      },
    };
  },
};

export interface FollowUpIds {
  /** The new dispute's id. */
  id: string;
  /** When it is made (ISO timestamp). */
  createdAt: string;
}

/**
 * The follow-up letter a next step proposes, as a new Draft dispute one round after its parent,
 * built from what the parent already holds. Items keep their ids, so an item's history can be
 * followed through the rounds.
 */
export function buildFollowUp(
  parent: Dispute,
  step: Pick<NextStep, 'kind' | 'itemIds'>,
  input: FollowUpInput,
  ids: FollowUpIds,
  date: Date,
): FollowUpResult {
  if (!parent.mailedOn) return { ok: false, message: FOLLOW_UP_MESSAGES.notMailed };
  const items = parent.items.filter((item) => step.itemIds.includes(item.id));
  if (items.length === 0) throw new RangeError('A follow-up needs at least one item');
  const asksIdentity = IDENTITY_KINDS.includes(step.kind);
  const problem = asksIdentity ? identityProblem(input, date) : null;
  if (problem) return problem;
  const built = BUILDERS[step.kind](parent, items, input, date);
  if (!built.ok) return built;
  const made =
    'parts' in built
      ? { recipient: built.parts.recipient, text: letter(built.parts, parent.sender, date) }
      : built;
  const toMail =
    'parts' in built && asksIdentity ? letter(built.parts, parent.sender, date, input) : made.text;
  return {
    ok: true,
    letterText: toMail,
    dispute: {
      id: ids.id,
      parentId: parent.id,
      round: parent.round + 1,
      letterKind: step.kind,
      recipient: made.recipient,
      items: items.map(({ id, accountName, accountNumber, details, errorType, facts }) => ({
        id,
        accountName,
        accountNumber,
        details,
        // The type chosen for a direct dispute is the item's type from now on.
        errorType: (step.kind === 'direct-dispute' && input.errorType) || errorType,
        facts,
      })),
      letterText: made.text,
      sender: parent.sender,
      createdAt: ids.createdAt,
      followsFreeAnnualReport: false,
      sentMoreInformation: false,
      exhibits: [],
    },
  };
}

/** The letter's file name, e.g. `method-of-verification-experian-2026-12-01.txt`. */
export function followUpFileName(dispute: Dispute, date: Date, extension = 'txt'): string {
  const who = recipientName(dispute.recipient)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${dispute.letterKind}-${who || 'creditor'}-${toIsoDate(date)}.${extension}`;
}
