import { SALUTATION, senderBlock, signatureBlock } from '../letters/build-letter';
import { formatIsoLong, formatLongUsDate, toIsoDate } from '../letters/dates';
import { FOLLOW_UP_CITATIONS, type CitationId } from './citations';
import { dueDate } from './due-date';
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
  /** direct-dispute: the creditor's dispute address, one line each (placeholders when blank). */
  creditorAddress?: string | undefined;
  /** resubmission: what the consumer now sends, in their words. */
  enclosedInformation?: string | undefined;
  /** statement-of-dispute: the statement itself, up to 100 words. */
  statement?: string | undefined;
  /** reinsertion: whether the bureau sent a notice of reinsertion. */
  reinsertionNoticeReceived?: boolean | undefined;
}

export type FollowUpResult = { ok: true; dispute: Dispute } | { ok: false; message: string };

export const FOLLOW_UP_MESSAGES = {
  enclosedInformationRequired:
    'Describe the information you are sending, as the bureau asked for it.',
  enclosedInformationTooLong: `Keep the description of what you send under ${LIMITS.enclosedInformation} characters.`,
  statementRequired: 'Write your statement of dispute.',
  statementTooLong: `A statement of dispute may have up to ${LIMITS.statementWords} words.`,
  creditorAddressTooLong: `Keep the creditor's address under ${LIMITS.creditorAddress} characters.`,
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

type Builder = (
  parent: Dispute,
  items: DisputeItem[],
  input: FollowUpInput,
) => { ok: true; parts: LetterParts } | { ok: false; message: string };

const BUILDERS: Readonly<Record<FollowUpKind, Builder>> = {
  'method-of-verification': (parent, items) => ({
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
        [
          `Please also tell me whether you reviewed the documents I sent with my dispute, as 15 U.S.C. §1681i(a)(4) requires.`,
        ],
      ],
      citations: ['1681i(a)(6)(B)(iii)', '1681i(a)(7)', '1681i(a)(4)'],
    },
  }),

  'direct-dispute': (parent, items, input) => {
    const address = input.creditorAddress ?? '';
    if (address.length > LIMITS.creditorAddress)
      return { ok: false, message: FOLLOW_UP_MESSAGES.creditorAddressTooLong };
    const bureau = recipientName(parent.recipient);
    return {
      ok: true,
      parts: {
        recipient: { kind: 'furnisher', name: items[0]?.accountName.trim() ?? '', address },
        subject: 'Direct dispute of information you furnish to consumer reporting agencies',
        body: [
          [
            'I am disputing directly with you the accuracy of information you furnish to consumer reporting agencies about the account below, under 15 U.S.C. §1681s-2(a)(8) and 12 CFR 1022.43.',
          ],
          [
            `${priorDispute(parent, items.length, bureau)} ${bureau} answered${answeredOn(parent)} that the information was verified as accurate. I still believe it is inaccurate, for the reason below.`,
          ],
          itemLines(items),
          [
            'Please conduct a reasonable investigation of the disputed information, review all relevant information I have provided, and report the results to me within 30 days of receiving this notice. If the information is inaccurate or incomplete, please promptly notify every consumer reporting agency to which you furnished it and give them the correction needed to make it accurate.',
          ],
        ],
        citations: ['1681s-2(a)(8)', '12 CFR 1022.43'],
      },
    };
  },

  resubmission: (parent, items, input) => {
    const enclosed = textLines(input.enclosedInformation ?? '');
    if (enclosed.length === 0)
      return { ok: false, message: FOLLOW_UP_MESSAGES.enclosedInformationRequired };
    if ((input.enclosedInformation ?? '').length > LIMITS.enclosedInformation)
      return { ok: false, message: FOLLOW_UP_MESSAGES.enclosedInformationTooLong };
    const reasons = [
      ...new Set(items.map((item) => item.statedReason?.trim() ?? '').filter(Boolean)),
    ];
    const reason =
      reasons.length === 0
        ? ' but did not say why or what information you need.'
        : reasons.length === 1
          ? ` and gave this reason: ${quoted(reasons)}.`
          : ` and gave these reasons: ${quoted(reasons)}.`;
    return {
      ok: true,
      parts: {
        recipient: parent.recipient,
        subject: 'Resubmission of my dispute with the information you asked for',
        body: [
          [
            `${priorDispute(parent, items.length)} You answered${answeredOn(parent)} that you considered my dispute frivolous or irrelevant${reason}`,
          ],
          [
            'Under 15 U.S.C. §1681i(a)(3)(B) and (C), when you decline to reinvestigate a dispute as frivolous or irrelevant, you must tell me the reasons and identify the information you need to investigate it. I am now sending that information:',
            ...enclosed.map((line) => `- ${line}`),
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

  'no-response': (parent, items) => {
    const due = dueDate(parent);
    const deadline =
      due && !due.deliveryIsEstimate
        ? `within ${due.days} days of receiving my dispute, that is by ${formatIsoLong(due.dueOn)}`
        : `within ${due?.days ?? 30} days of receiving my dispute`;
    return {
      ok: true,
      parts: {
        recipient: parent.recipient,
        subject: 'No response to my dispute: please delete the unverified information',
        body: [
          [
            `${priorDispute(parent, items.length)} Under 15 U.S.C. §1681i(a)(1)(A), you had to complete your reinvestigation ${deadline}. I have not received your results.`,
          ],
          itemLines(items),
          [
            `Under 15 U.S.C. §1681i(a)(5)(A), information that is inaccurate or incomplete or cannot be verified must be promptly deleted or modified. You have not told me that you verified ${plural(items, 'this information', 'these items')} within the time the law allows, so I ask you to delete ${plural(items, 'it', 'them')} promptly, send me written notice of the results as §1681i(a)(6)(A) requires, and send me a copy of my credit report as revised.`,
          ],
          [
            'If I do not receive your results, I will file a complaint with the Consumer Financial Protection Bureau.',
          ],
        ],
        citations: ['1681i(a)(1)(A)', '1681i(a)(5)(A)', '1681i(a)(6)(A)'],
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
            'Under 15 U.S.C. §1681i(a)(5)(B), information deleted after a reinvestigation may not be put back unless the furnisher certifies that it is complete and accurate, and you must notify me in writing within 5 business days of putting it back, with the business name, address and telephone number of the furnisher. Please send me a copy of the certification and that information.',
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
    if (statement === '') return { ok: false, message: FOLLOW_UP_MESSAGES.statementRequired };
    if (wordCount(statement) > LIMITS.statementWords || statement.length > LIMITS.statementChars)
      return { ok: false, message: FOLLOW_UP_MESSAGES.statementTooLong };
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
  const built = BUILDERS[step.kind](parent, items, input);
  if (!built.ok) return built;
  return {
    ok: true,
    dispute: {
      id: ids.id,
      parentId: parent.id,
      round: parent.round + 1,
      letterKind: step.kind,
      recipient: built.parts.recipient,
      items: items.map(({ id, accountName, accountNumber, details }) => ({
        id,
        accountName,
        accountNumber,
        details,
      })),
      letterText: letter(built.parts, parent.sender, date),
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
