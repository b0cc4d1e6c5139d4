import {
  buildFurnisherLetter,
  SALUTATION,
  senderBlock,
  signatureBlock,
} from '../letters/build-letter';
import { formatIsoLong, formatLongUsDate, toIsoDate, type IsoDate } from '../letters/dates';
import { ERROR_TYPE_IDS, ERROR_TYPES, type ErrorTypeId } from '../letters/error-types';
import { FOLLOW_UP_CITATIONS, type CitationId } from './citations';
import { dueDate, noResponseFrom, type DueDate } from './due-date';
import { enclosedDocuments } from './letter-exhibits';
import {
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
}

/** A refusal says why, and which field of `FollowUpInput` to fix when it is one of them. */
export interface FollowUpProblem {
  ok: false;
  message: string;
  field?: keyof FollowUpInput | undefined;
}

export type FollowUpResult = { ok: true; dispute: Dispute } | FollowUpProblem;

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
  evidenceTooLong: `Keep the supporting evidence under ${LIMITS.evidence} characters.`,
  reasonRequired: (accountName: string) =>
    `Enter the reason the bureau gave for ${accountName}, or tick "The bureau gave no reason".`,
  noResponseTooEarly: (from: IsoDate) =>
    `The deadline has not passed yet: the no-response follow-up can be made from ${formatIsoLong(from)}.`,
  noResponseNotApplicable:
    'This letter has no reinvestigation deadline, so there is no no-response follow-up for it.',
  notMailed: 'Record when this letter was mailed first.',
} as const;

function itemLines(items: readonly DisputeItem[]): string[] {
  const numbered = items.length > 1;
  return [
    numbered ? 'Disputed items:' : 'Disputed item:',
    ...items.flatMap((item, index) => {
      const fields = [
        `Account name: ${item.accountName.trim()}`,
        ...(item.accountNumber?.trim() ? [`Account number: ${item.accountNumber.trim()}`] : []),
        ...(item.details.trim() ? [`What I disputed: ${textLines(item.details).join(' ')}`] : []),
      ];
      return fields.map((field, at) =>
        !numbered ? field : at === 0 ? `${index + 1}. ${field}` : `   ${field}`,
      );
    }),
  ];
}

function legalBasis(ids: readonly CitationId[]): string[] {
  return [
    'Legal basis:',
    ...ids.map(
      (id) => `- ${FOLLOW_UP_CITATIONS[id].citation} ${FOLLOW_UP_CITATIONS[id].requirement}`,
    ),
  ];
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
}

function letter(parts: LetterParts, sender: DisputeSender | undefined, date: Date): string {
  return paragraphs([
    senderBlock(sender),
    [formatLongUsDate(date)],
    recipientAddressLines(parts.recipient),
    [`Re: ${parts.subject}`],
    [SALUTATION],
    ...parts.body,
    legalBasis(parts.citations),
    [
      'Thank you for your prompt attention to this matter. Please send your response to the address above.',
    ],
    signatureBlock(sender),
  ]);
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

/** The error type the letter `text` gave the item (its "Disputed item:" or "Item N:" heading), if any. */
export function errorTypeInLetter(text: string, item: DisputeItem): ErrorTypeId | undefined {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  for (const [at, line] of lines.entries()) {
    const heading = /^(?:Disputed item|Item \d+): (.+)$/.exec(line);
    if (!heading || lines[at + 1] !== `Account name: ${item.accountName.trim()}`) continue;
    const found = ERROR_TYPE_IDS.find((id) => ERROR_TYPES[id].label === heading[1]);
    if (found) return found;
  }
  return undefined;
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
  'method-of-verification': (parent, items) => {
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
            'Under 15 U.S.C. §1681i(a)(6)(B)(iii) and (a)(7), I request a description of the procedure you used to determine the accuracy and completeness of this information, including the business name and address of every furnisher you contacted and its telephone number if reasonably available. You must send it to me within 15 days after you receive this request.',
          ],
          sent
            ? [
                'Please also tell me whether you reviewed the documents I sent with my dispute, as 15 U.S.C. §1681i(a)(4) requires.',
              ]
            : [],
        ],
        citations: [
          '1681i(a)(6)(B)(iii)',
          '1681i(a)(7)',
          ...(sent ? (['1681i(a)(4)'] as const) : []),
        ],
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
    if (!input.errorType)
      return { ok: false, message: FOLLOW_UP_MESSAGES.errorTypeRequired, field: 'errorType' };
    const [item] = items;
    if (!item || items.length > 1) throw new RangeError('A direct dispute covers one item');
    const bureau = recipientName(parent.recipient);
    const text = buildFurnisherLetter(
      {
        // The bureau is not part of a creditor's letter; the form type asks for one.
        bureau: parent.recipient.kind === 'bureau' ? parent.recipient.bureau : 'experian',
        errorType: input.errorType,
        accountName: item.accountName,
        accountNumber: item.accountNumber,
        details: textLines(item.details).join(' '),
        evidence: input.evidence,
        sender: parent.sender,
      },
      date,
      { itemIndex: 0, creditorName: name, address },
    );
    return {
      ok: true,
      recipient: { kind: 'furnisher', name, address },
      text: afterOpening(
        text,
        `${priorDispute(parent, 1, bureau)} ${bureau} answered${answeredOn(parent)} that the information was verified as accurate. I still believe it is inaccurate.`,
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
    const exhibits = enclosed.map((line, index) => `Exhibit ${index + 1}: ${line}`);
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
            'Under 15 U.S.C. §1681i(a)(3)(B) and (C), when you decline to reinvestigate a dispute as frivolous or irrelevant, you must tell me the reasons and identify the information you need to investigate it. I enclose this information:',
            ...exhibits.map((line) => `- ${line}`),
          ],
          [`I dispute the ${plural(items, 'item', 'items')} below again.`],
          itemLines(items),
          [
            `Please conduct a reasonable reinvestigation under 15 U.S.C. §1681i(a)(1)(A) within 30 days of receiving this letter, review and consider the information I have sent as §1681i(a)(4) requires, and send me written notice of the results.`,
          ],
        ],
        citations: ['1681i(a)(3)(B)', '1681i(a)(3)(C)', '1681i(a)(1)(A)', '1681i(a)(4)'],
      },
    };
  },

  'no-response': (parent, items, _input, date) => {
    const due = dueDate(parent);
    const from = noResponseFrom(parent);
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
            `Under 15 U.S.C. §1681i(a)(5)(A), information that is inaccurate or incomplete or cannot be verified must be promptly deleted or modified. You have not told me that you verified ${plural(items, 'this information', 'these items')} within the time the law allows, so I ask you to delete ${plural(items, 'it', 'them')} promptly, send me written notice of the results as §1681i(a)(6)(A) requires, and send me a copy of my credit report as revised.`,
          ],
          [
            'If I do not receive your results, I may file a complaint with the Consumer Financial Protection Bureau.',
          ],
        ],
        citations: [...deadline.citations, '1681i(a)(5)(A)', '1681i(a)(6)(A)'],
      },
    };
  },

  reinsertion: (parent, items, input) => {
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
            'Under 15 U.S.C. §1681i(a)(5)(B), information deleted after a reinvestigation may not be put back unless the furnisher certifies that it is complete and accurate, and you must notify me in writing within 5 business days of putting it back, with the business name and address of the furnisher, and its telephone number if reasonably available. Please send me a copy of the certification and that information.',
          ],
          [
            `If the information was put back without this certification, please delete it again at once. I also dispute it again: please reinvestigate it under 15 U.S.C. §1681i(a)(1)(A) within 30 days of receiving this letter and send me written notice of the results.`,
          ],
        ],
        citations: ['1681i(a)(5)(B)', '1681i(a)(1)(A)'],
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
  const built = BUILDERS[step.kind](parent, items, input, date);
  if (!built.ok) return built;
  const made =
    'parts' in built
      ? { recipient: built.parts.recipient, text: letter(built.parts, parent.sender, date) }
      : built;
  return {
    ok: true,
    dispute: {
      id: ids.id,
      parentId: parent.id,
      round: parent.round + 1,
      letterKind: step.kind,
      recipient: made.recipient,
      items: items.map(({ id, accountName, accountNumber, details }) => ({
        id,
        accountName,
        accountNumber,
        details,
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
