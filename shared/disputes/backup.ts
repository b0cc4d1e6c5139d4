import { parseCheckup } from '../checkup/parse';
import type { Checkup } from '../checkup/model';
import { isBureauId } from '../letters/bureaus';
import { isIsoDate } from '../letters/dates';
import { isErrorTypeId } from '../letters/error-types';
import { EMPTY_ITEM_DRAFT } from '../letters/letter-form';
import {
  EXHIBIT_TYPES,
  ITEM_OUTCOMES,
  LETTER_KINDS,
  LIMITS,
  type Dispute,
  type DisputeItem,
  type DisputeSender,
  type ExhibitInfo,
  type Recipient,
  type StoredFacts,
} from './model';

export const BACKUP_FORMAT = 'credit-dispute-letters/my-disputes-backup';
export const BACKUP_VERSION = 1;
/** Far beyond any real backup; refuses to read a huge unrelated file into memory. */
export const MAX_BACKUP_BYTES = 512 * 1024 * 1024;

/** An exhibit's bytes in a backup file. */
export interface BackupExhibit {
  id: string;
  base64: string;
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** The account the data belongs to; a backup is only read back into the same account. */
  userId: string;
  exportedAt: string;
  disputes: Dispute[];
  exhibits: BackupExhibit[];
  /** The report checkup in progress, if any (kept beside the disputes, in the browser only). */
  checkup?: Checkup | undefined;
}

export const BACKUP_MESSAGES = {
  notJson: 'This file is not a My Disputes backup: it is not JSON. Nothing was changed.',
  notBackup: 'This file is not a My Disputes backup. Nothing was changed.',
  newerVersion:
    'This backup was made by a newer version of the app. Reload the page and try again. Nothing was changed.',
  otherAccount:
    'This backup belongs to another account. Sign in with that account to import it. Nothing was changed.',
  damaged: (what: string) => `This backup is damaged (${what}). Nothing was changed.`,
  tooLarge: 'This file is too large to be a My Disputes backup. Nothing was changed.',
} as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, max: number, required = false): string | undefined | null {
  if (value === undefined || value === null || value === '') return required ? null : undefined;
  return typeof value === 'string' && value.length <= max ? value : null;
}

function date(value: unknown): string | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && isIsoDate(value) ? value : null;
}

/** Throws a short description of the first thing wrong. */
class Invalid extends Error {}

function need<T>(value: T | null, what: string): T {
  if (value === null) throw new Invalid(what);
  return value;
}

const ID_MAX = 100;

function parseRecipient(raw: unknown): Recipient {
  if (!isObject(raw)) throw new Invalid('recipient');
  if (raw.kind === 'bureau' && typeof raw.bureau === 'string' && isBureauId(raw.bureau))
    return { kind: 'bureau', bureau: raw.bureau };
  if (raw.kind === 'furnisher')
    return {
      kind: 'furnisher',
      name: need(text(raw.name, LIMITS.accountName, true), 'creditor name') ?? '',
      address: need(text(raw.address, LIMITS.creditorAddress), 'creditor address') ?? '',
    };
  throw new Invalid('recipient');
}

/** The most one kept fact may hold (the generator's fact fields take 120). */
const FACT_MAX = 300;

/** An item's kept facts: known fields only, each text short, each tick a boolean. */
function parseFacts(raw: unknown): StoredFacts | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) throw new Invalid('item facts');
  const facts: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(raw)) {
    const empty = (EMPTY_ITEM_DRAFT as Record<string, unknown>)[key];
    if (empty === undefined || value === undefined) continue;
    if (typeof empty === 'boolean' && typeof value === 'boolean') facts[key] = value;
    else if (typeof empty === 'string' && typeof value === 'string' && value.length <= FACT_MAX)
      facts[key] = value;
    else throw new Invalid('item facts');
  }
  return facts as StoredFacts;
}

function parseErrorType(raw: unknown): DisputeItem['errorType'] {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && isErrorTypeId(raw)) return raw;
  throw new Invalid('item error type');
}

function parseItem(raw: unknown): DisputeItem {
  if (!isObject(raw)) throw new Invalid('item');
  const outcome = raw.outcome;
  if (outcome !== undefined && !(ITEM_OUTCOMES as readonly unknown[]).includes(outcome))
    throw new Invalid('item outcome');
  return {
    id: need(text(raw.id, ID_MAX, true), 'item id') ?? '',
    accountName: need(text(raw.accountName, LIMITS.accountName, true), 'account name') ?? '',
    accountNumber: need(text(raw.accountNumber, LIMITS.accountNumber), 'account number'),
    details: need(text(raw.details, LIMITS.details), 'details') ?? '',
    errorType: parseErrorType(raw.errorType),
    facts: parseFacts(raw.facts),
    outcome: outcome as DisputeItem['outcome'],
    statedReason: need(text(raw.statedReason, LIMITS.statedReason), 'stated reason'),
    noReasonGiven: raw.noReasonGiven === true || undefined,
    reappearedOn: need(date(raw.reappearedOn), 'date back on the report'),
  };
}

function parseSender(raw: unknown): DisputeSender | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) throw new Invalid('sender');
  const field = (name: string) => need(text(raw[name], 500), 'sender') ?? '';
  return {
    name: field('name'),
    address: field('address'),
    phone: field('phone'),
    email: field('email'),
  };
}

/** Files kept before they were attached to the letter's exhibits were numbered in attach order. */
function parseExhibitInfo(raw: unknown, index: number): ExhibitInfo {
  if (!isObject(raw)) throw new Invalid('exhibit');
  const exhibit = raw.exhibit ?? index + 1;
  if (typeof exhibit !== 'number' || !Number.isInteger(exhibit) || exhibit < 1 || exhibit > 999)
    throw new Invalid('exhibit number');
  if (!(EXHIBIT_TYPES as readonly unknown[]).includes(raw.type)) throw new Invalid('exhibit type');
  if (typeof raw.size !== 'number' || !(raw.size >= 0 && raw.size <= LIMITS.exhibitBytes))
    throw new Invalid('exhibit size');
  return {
    id: need(text(raw.id, ID_MAX, true), 'exhibit id') ?? '',
    exhibit,
    name: need(text(raw.name, LIMITS.exhibitName, true), 'exhibit name') ?? '',
    type: raw.type as ExhibitInfo['type'],
    size: raw.size,
  };
}

/** A stored or imported dispute, checked field by field; throws `Invalid`. */
function parseDisputeOrThrow(raw: unknown): Dispute {
  if (!isObject(raw)) throw new Invalid('dispute');
  if (!(LETTER_KINDS as readonly unknown[]).includes(raw.letterKind))
    throw new Invalid('letter kind');
  if (typeof raw.round !== 'number' || !Number.isInteger(raw.round) || raw.round < 1)
    throw new Invalid('round');
  if (!Array.isArray(raw.items) || raw.items.length === 0) throw new Invalid('items');
  if (!Array.isArray(raw.exhibits) || raw.exhibits.length > LIMITS.exhibitsPerDispute)
    throw new Invalid('exhibits');
  if (typeof raw.createdAt !== 'string' || Number.isNaN(Date.parse(raw.createdAt)))
    throw new Invalid('created date');
  return {
    id: need(text(raw.id, ID_MAX, true), 'id') ?? '',
    parentId: need(text(raw.parentId, ID_MAX), 'parent'),
    round: raw.round,
    letterKind: raw.letterKind as Dispute['letterKind'],
    recipient: parseRecipient(raw.recipient),
    items: raw.items.map(parseItem),
    letterText: need(text(raw.letterText, 100_000), 'letter') ?? '',
    sender: parseSender(raw.sender),
    createdAt: raw.createdAt,
    mailedOn: need(date(raw.mailedOn), 'mailing date'),
    trackingNumber: need(text(raw.trackingNumber, LIMITS.trackingNumber), 'tracking number'),
    deliveredOn: need(date(raw.deliveredOn), 'delivery date'),
    responseOn: need(date(raw.responseOn), 'response date'),
    followsFreeAnnualReport: raw.followsFreeAnnualReport === true,
    sentMoreInformation: raw.sentMoreInformation === true,
    resolvedOn: need(date(raw.resolvedOn), 'resolved date'),
    exhibits: raw.exhibits.map(parseExhibitInfo),
  };
}

/** A dispute read from storage or a file, or null when it is not one. */
export function parseDispute(raw: unknown): Dispute | null {
  try {
    return parseDisputeOrThrow(raw);
  } catch (error) {
    if (error instanceof Invalid) return null;
    throw error;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type BackupParse = { ok: true; backup: Backup } | { ok: false; message: string };

/**
 * Reads a backup file's text for `userId`: the whole file is checked before anything is
 * written, so a bad or foreign file is refused with a message and changes nothing.
 */
export function parseBackup(fileText: string, userId: string): BackupParse {
  let raw: unknown;
  try {
    raw = JSON.parse(fileText);
  } catch {
    return { ok: false, message: BACKUP_MESSAGES.notJson };
  }
  if (!isObject(raw) || raw.format !== BACKUP_FORMAT)
    return { ok: false, message: BACKUP_MESSAGES.notBackup };
  if (typeof raw.version !== 'number' || raw.version > BACKUP_VERSION)
    return { ok: false, message: BACKUP_MESSAGES.newerVersion };
  if (raw.userId !== userId) return { ok: false, message: BACKUP_MESSAGES.otherAccount };
  try {
    if (!Array.isArray(raw.disputes)) throw new Invalid('no dispute list');
    if (!Array.isArray(raw.exhibits)) throw new Invalid('no exhibit list');
    const disputes = raw.disputes.map((entry, index) => {
      try {
        return parseDisputeOrThrow(entry);
      } catch (error) {
        if (error instanceof Invalid) throw new Invalid(`dispute ${index + 1}: ${error.message}`);
        throw error;
      }
    });
    const exhibits = raw.exhibits.map((entry): BackupExhibit => {
      if (!isObject(entry) || typeof entry.id !== 'string' || typeof entry.base64 !== 'string')
        throw new Invalid('exhibit file');
      if (!BASE64.test(entry.base64) || entry.base64.length % 4 !== 0)
        throw new Invalid('exhibit file');
      return { id: entry.id, base64: entry.base64 };
    });
    const ids = new Set(disputes.map((dispute) => dispute.id));
    if (ids.size !== disputes.length) throw new Invalid('a dispute appears twice');
    const files = new Set(exhibits.map((exhibit) => exhibit.id));
    for (const dispute of disputes) {
      if (dispute.parentId && !ids.has(dispute.parentId))
        throw new Invalid('a round without its parent');
      for (const exhibit of dispute.exhibits)
        if (!files.has(exhibit.id)) throw new Invalid(`the file of ${exhibit.name} is missing`);
    }
    const checkup = raw.checkup === undefined ? undefined : parseCheckup(raw.checkup);
    if (checkup === null) throw new Invalid('the report checkup');
    return {
      ok: true,
      backup: {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        userId,
        exportedAt: typeof raw.exportedAt === 'string' ? raw.exportedAt : '',
        disputes,
        exhibits,
        ...(checkup ? { checkup } : {}),
      },
    };
  } catch (error) {
    if (error instanceof Invalid)
      return { ok: false, message: BACKUP_MESSAGES.damaged(error.message) };
    throw error;
  }
}
