// The tracker's types and constants; each shared folder keeps its own model.ts behind its index.
import { BUREAUS, type BureauId } from '../letters/bureaus';
import type { IsoDate } from '../letters/dates';
import type { ErrorTypeId } from '../letters/error-types';
import type { ItemFacts } from '../letters/letter-form';

/** What the bureau (or creditor) answered for one disputed item. */
export const ITEM_OUTCOMES = [
  'deleted',
  'corrected',
  'verified',
  'frivolous',
  'no-response',
] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];

export const OUTCOME_LABELS: Readonly<Record<ItemOutcome, string>> = {
  deleted: 'Deleted',
  corrected: 'Corrected',
  verified: 'Verified as accurate',
  frivolous: 'Rejected as frivolous or irrelevant',
  'no-response': 'No response',
};

export const DISPUTE_STATUSES = [
  'draft',
  'mailed',
  'delivered',
  'response-received',
  'overdue',
  'resolved',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<DisputeStatus, string>> = {
  draft: 'Draft',
  mailed: 'Mailed',
  delivered: 'Delivered',
  'response-received': 'Response received',
  overdue: 'Overdue',
  resolved: 'Resolved',
};

/** Which letter a dispute is: the first dispute, or one of the follow-ups. */
export const LETTER_KINDS = [
  'dispute',
  'direct-dispute',
  'method-of-verification',
  'resubmission',
  'no-response',
  'reinsertion',
  'statement-of-dispute',
] as const;
export type DisputeLetterKind = (typeof LETTER_KINDS)[number];

export const LETTER_KIND_LABELS: Readonly<Record<DisputeLetterKind, string>> = {
  dispute: 'Dispute letter',
  'direct-dispute': 'Direct dispute to the creditor',
  'method-of-verification': 'Method-of-verification request',
  resubmission: 'Resubmission with the information requested',
  'no-response': 'Follow-up: no response by the due date',
  reinsertion: 'Reinsertion letter',
  'statement-of-dispute': 'Statement of dispute',
};

export type Recipient =
  | { kind: 'bureau'; bureau: BureauId }
  /** A creditor (furnisher); its dispute address one line each, possibly blank. */
  | { kind: 'furnisher'; name: string; address: string };

export interface DisputeItem {
  id: string;
  accountName: string;
  /** As the consumer wrote it (often the last digits only). */
  accountNumber?: string | undefined;
  /** What is wrong with it, in the consumer's words. */
  details: string;
  /** The generator's Error Type: says which follow-ups the law allows (absent on older records). */
  errorType?: ErrorTypeId | undefined;
  /** The facts the first letter gave (what is true, the amounts): a direct dispute repeats them. */
  facts?: StoredFacts | undefined;
  outcome?: ItemOutcome | undefined;
  /** For "Rejected as frivolous or irrelevant": the reason the bureau gave, in its words. */
  statedReason?: string | undefined;
  /** For "Rejected as frivolous or irrelevant": the consumer ticked "The bureau gave no reason". */
  noReasonGiven?: boolean | undefined;
  /** For "Deleted": the day the consumer saw it back on the report. */
  reappearedOn?: IsoDate | undefined;
}

/** An item's facts as kept with a dispute; identity-theft report numbers are not among them. */
export type StoredFacts = Omit<ItemFacts, 'identityTheftReportNumber'> & {
  accountNumberNotShown?: boolean | undefined;
};

/** The consumer's details as they were when the letter was made. */
export interface DisputeSender {
  name: string;
  /** Street address and city/state/ZIP, one line each. */
  address: string;
  phone: string;
  email: string;
}

/** One letter to one bureau or creditor with its items, and what became of it. */
export interface Dispute {
  id: string;
  /** The dispute this one follows up (Round 2 follows Round 1...). */
  parentId?: string | undefined;
  round: number;
  letterKind: DisputeLetterKind;
  recipient: Recipient;
  items: DisputeItem[];
  /** The letter as the consumer mailed it (plain text); blank for letters recorded before it was kept. */
  letterText: string;
  sender?: DisputeSender | undefined;
  /** When the record was made (ISO timestamp). */
  createdAt: string;
  mailedOn?: IsoDate | undefined;
  trackingNumber?: string | undefined;
  /** The return-receipt date. */
  deliveredOn?: IsoDate | undefined;
  /** The day the answer arrived. */
  responseOn?: IsoDate | undefined;
  /** The dispute followed the consumer's free annual report (15 U.S.C. §1681j(a)(3)). */
  followsFreeAnnualReport: boolean;
  /** The consumer sent more information during the investigation (15 U.S.C. §1681i(a)(1)(B)). */
  sentMoreInformation: boolean;
  /** Closed by the consumer (e.g. they accept the result). */
  resolvedOn?: IsoDate | undefined;
  /** Files kept with the dispute, each attached to one of the letter's numbered exhibits. */
  exhibits: ExhibitInfo[];
}

export const EXHIBIT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ExhibitType = (typeof EXHIBIT_TYPES)[number];

/** An attached file's description; its bytes are kept beside the dispute. */
export interface ExhibitInfo {
  id: string;
  /** The letter's exhibit this file is (its "Exhibit N" number); several files may make one. */
  exhibit: number;
  name: string;
  type: ExhibitType;
  size: number;
}

/** Field limits: enough for any real value, small enough to keep the page and the letters sane. */
export const LIMITS = {
  trackingNumber: 40,
  accountName: 120,
  accountNumber: 40,
  details: 2000,
  statedReason: 1000,
  enclosedInformation: 1000,
  creditorName: 120,
  creditorAddress: 300,
  evidence: 1000,
  statementWords: 100,
  statementChars: 1000,
  exhibitBytes: 20 * 1024 * 1024,
  exhibitName: 200,
  exhibitsPerDispute: 20,
} as const;

/** The recipient's name as the page and the letters show it. */
export function recipientName(recipient: Recipient): string {
  return recipient.kind === 'bureau' ? BUREAUS[recipient.bureau].name : recipient.name;
}

export const CREDITOR_ADDRESS_PLACEHOLDER = [
  "[Creditor's Dispute Address]",
  '[City, State ZIP Code]',
] as const;

/** "ending in 4321" from whatever the consumer wrote ("****4321", "4321"); as written when it has fewer digits. */
export function accountEnding(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '');
  return digits.length >= 4 ? `ending in ${digits.slice(-4)}` : accountNumber.trim();
}

export function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The inside address (and envelope window) lines. */
export function recipientAddressLines(recipient: Recipient): string[] {
  if (recipient.kind === 'bureau') return [...BUREAUS[recipient.bureau].addressLines];
  const address = textLines(recipient.address);
  return [recipient.name, ...(address.length > 0 ? address : CREDITOR_ADDRESS_PLACEHOLDER)];
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** A letter the generator marked as mailed: what a Round 1 dispute is made from. */
export interface MailedLetter {
  recipient: Recipient;
  items: readonly Pick<
    DisputeItem,
    'accountName' | 'accountNumber' | 'details' | 'errorType' | 'facts'
  >[];
  /** The letter as built, without the details never stored (date of birth, SSN digits, report number). */
  letterText: string;
  sender?: DisputeSender | undefined;
  mailedOn: IsoDate;
  trackingNumber?: string | undefined;
  followsFreeAnnualReport: boolean;
}
