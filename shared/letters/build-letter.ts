import { BUREAUS } from './bureaus';
import { ENCLOSURES, type EnclosureId } from './enclosures';
import { ERROR_TYPES } from './error-types';
import { formatLongUsDate, toIsoDate } from './dates';
import {
  disputedItems,
  type DisputedItem,
  type LetterForm,
  type SenderDetails,
} from './letter-form';
import { FURNISHER_CITATIONS, STATUTES, type StatuteId } from './statutes';

export const SENDER_PLACEHOLDERS = {
  name: '[Your Full Name]',
  address: ['[Your Street Address]', '[City, State ZIP Code]'],
  phone: '[Your Phone Number]',
  email: '[Your Email Address]',
  signature: '[Your Signature]',
} as const;

export const FURNISHER_ADDRESS_PLACEHOLDER = [
  "[Creditor's Dispute Address]",
  '[City, State ZIP Code]',
] as const;

export const LEGAL_BASIS_HEADING = 'Legal basis:';
export const ENCLOSURES_HEADING = 'Enclosures:';
export const EVIDENCE_HEADING = 'Supporting evidence:';

const MAILING_ADVICE =
  'Before you mail this letter: sign it, send it by certified mail with return receipt requested, and keep copies of the letter, the enclosures and the receipt. Remove this note before sending.';

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function senderBlock(sender: Partial<SenderDetails> | undefined): string[] {
  const address = lines(sender?.address ?? '');
  return [
    sender?.name?.trim() || SENDER_PLACEHOLDERS.name,
    ...(address.length > 0 ? address : SENDER_PLACEHOLDERS.address),
    sender?.phone?.trim() || SENDER_PLACEHOLDERS.phone,
    sender?.email?.trim() || SENDER_PLACEHOLDERS.email,
  ];
}

function signatureBlock(sender: Partial<SenderDetails> | undefined): string[] {
  return [
    'Sincerely,',
    '',
    '',
    SENDER_PLACEHOLDERS.signature,
    sender?.name?.trim() || SENDER_PLACEHOLDERS.name,
  ];
}

function itemBlock(item: DisputedItem, number: number | null): string[] {
  const type = ERROR_TYPES[item.errorType];
  const indent = number === null ? '' : '   ';
  const fields = [
    `Account name: ${item.accountName.trim()}`,
    `Error type: ${type.label}`,
    `Why it is wrong: ${type.description}`,
    `Details: ${lines(item.details).join(' ')}`,
    `Requested action: ${type.request}`,
  ];
  return fields.map((field, index) =>
    number !== null && index === 0 ? `${number}. ${field}` : `${indent}${field}`,
  );
}

function itemsBlock(items: readonly DisputedItem[]): string[] {
  if (items.length === 1 && items[0]) return ['Disputed item:', ...itemBlock(items[0], null)];
  return ['Disputed items:', ...items.flatMap((item, index) => itemBlock(item, index + 1))];
}

function legalBasisBlock(citations: readonly StatuteId[]): string[] {
  return [
    LEGAL_BASIS_HEADING,
    ...citations.map((id) => `- ${STATUTES[id].citation} ${STATUTES[id].requirement}`),
  ];
}

/** The citations of every item's type, in order of first appearance, without repeats. */
export function letterCitations(form: LetterForm): StatuteId[] {
  return [...new Set(disputedItems(form).flatMap((item) => ERROR_TYPES[item.errorType].citations))];
}

function evidenceAndEnclosures(form: LetterForm): { evidence: string[]; enclosures: string[] } {
  const evidence = lines(form.evidence ?? '');
  const chosen = new Set<EnclosureId>(form.enclosures ?? []);
  if (evidence.length > 0) chosen.add('supporting-documents');
  const enclosureLines = Object.values(ENCLOSURES)
    .filter((enclosure) => chosen.has(enclosure.id))
    .map((enclosure) => `- ${enclosure.line}`);
  return {
    evidence: evidence.length > 0 ? [EVIDENCE_HEADING, ...evidence] : [],
    enclosures: enclosureLines.length > 0 ? [ENCLOSURES_HEADING, ...enclosureLines] : [],
  };
}

function paragraphs(blocks: readonly (readonly string[])[]): string {
  return `${blocks
    .filter((block) => block.length > 0)
    .map((block) => block.join('\n'))
    .join('\n\n')}\n`;
}

/** The dispute letter to the chosen bureau, as plain text. */
export function buildLetter(form: LetterForm, date: Date): string {
  const bureau = BUREAUS[form.bureau];
  const items = disputedItems(form);
  const plural = items.length > 1;
  const { evidence, enclosures } = evidenceAndEnclosures(form);
  return paragraphs([
    senderBlock(form.sender),
    [formatLongUsDate(date)],
    bureau.addressLines,
    ['Re: Request for reinvestigation of inaccurate information in my credit file'],
    ['To whom it may concern:'],
    [
      `I am writing to dispute the following information in my ${bureau.name} credit file. The ${plural ? 'items listed below are' : 'item listed below is'} inaccurate or incomplete, and I ask that you reinvestigate ${plural ? 'them' : 'it'} under the Fair Credit Reporting Act (FCRA).`,
    ],
    itemsBlock(items),
    [
      `Under 15 U.S.C. §1681i, please conduct a reasonable reinvestigation of the disputed information and record its current status, or delete it, within 30 days of receiving this dispute, and forward all relevant information I have provided to the company that furnished it. Please send me written notice of the results and a copy of my credit report as revised.`,
    ],
    legalBasisBlock(letterCitations(form)),
    [
      'Under 15 U.S.C. §1681i(d), please send notice of any deletion or correction to everyone who received my credit report in the past 6 months, or in the past 2 years for employment purposes.',
    ],
    [
      'Most negative information may not be reported for more than 7 years. Please also note that under 15 U.S.C. §1681n a consumer reporting agency that willfully fails to comply with the FCRA is liable for statutory damages of up to $1,000, as well as punitive damages and attorney’s fees.',
    ],
    evidence,
    [
      'Thank you for your prompt attention to this matter. Please send your response to the address above.',
    ],
    signatureBlock(form.sender),
    enclosures,
    ['---', MAILING_ADVICE],
  ]);
}

export interface FurnisherLetterOptions {
  /** Which disputed item (0 = the first) the creditor's letter covers. */
  itemIndex: number;
  /** The creditor's dispute address, one line each; placeholders when blank. */
  address?: string | undefined;
}

/** A direct dispute of one item to the creditor that furnished it (15 U.S.C. §1681s-2(a)(8), 12 CFR 1022.43). */
export function buildFurnisherLetter(
  form: LetterForm,
  date: Date,
  options: FurnisherLetterOptions,
): string {
  const item = disputedItems(form)[options.itemIndex];
  if (!item) throw new RangeError(`No disputed item ${options.itemIndex}`);
  const address = lines(options.address ?? '');
  const { evidence, enclosures } = evidenceAndEnclosures(form);
  return paragraphs([
    senderBlock(form.sender),
    [formatLongUsDate(date)],
    [item.accountName.trim(), ...(address.length > 0 ? address : FURNISHER_ADDRESS_PLACEHOLDER)],
    ['Re: Direct dispute of information you furnish to consumer reporting agencies'],
    ['To whom it may concern:'],
    [
      'I am disputing directly with you the accuracy of information you furnish to consumer reporting agencies about the account below, under 15 U.S.C. §1681s-2(a)(8) and 12 CFR 1022.43.',
    ],
    itemsBlock([item]),
    [
      'Please conduct a reasonable investigation of the disputed information, review all relevant information I have provided, and report the results to me within 30 days of receiving this notice. If the information is inaccurate or incomplete, please promptly notify every consumer reporting agency to which you furnished it and give them the correction needed to make it accurate.',
    ],
    legalBasisBlock(FURNISHER_CITATIONS),
    evidence,
    [
      'Thank you for your prompt attention to this matter. Please send your response to the address above.',
    ],
    signatureBlock(form.sender),
    enclosures,
    ['---', MAILING_ADVICE],
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
  return `furnisher-dispute-letter-${slug(item.accountName)}-${item.errorType}-${toIsoDate(date)}.${extension}`;
}
