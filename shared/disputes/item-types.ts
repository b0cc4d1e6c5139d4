import { furnisherLetterApplies } from '../letters/build-letter';
import { ERROR_TYPE_IDS, ERROR_TYPES, type ErrorTypeId } from '../letters/error-types';
import { PERSONAL_INFO_KINDS } from '../letters/item-facts';
import type { DisputedItem } from '../letters/letter-form';
import type { Dispute, DisputeItem, StoredFacts } from './model';

/** The line after an item's heading that names it: the account, an inquiry's company, personal information's kind. */
function namesItem(line: string | undefined, item: DisputeItem): boolean {
  const name = item.accountName.trim();
  if (line === `Account name: ${name}` || line === `Company: ${name}`) return true;
  // Personal information is named "Address: 99 Pine Road" and its letter says "Information: Address".
  const kind = /^Information: (.+)$/.exec(line ?? '')?.[1];
  return (
    kind !== undefined &&
    Object.values(PERSONAL_INFO_KINDS).some(
      (each) => each.label === kind && name.startsWith(`${kind}:`),
    )
  );
}

/** The error type the letter `text` gave the item (its "Disputed item:" or "Item N:" heading), if any. */
export function errorTypeInLetter(text: string, item: DisputeItem): ErrorTypeId | undefined {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  for (const [at, line] of lines.entries()) {
    const heading = /^(?:Disputed item|Item \d+): (.+)$/.exec(line);
    if (!heading || !namesItem(lines[at + 1], item)) continue;
    const found = ERROR_TYPE_IDS.find((id) => ERROR_TYPES[id].label === heading[1]);
    if (found) return found;
  }
  return undefined;
}

/** The item's error type as stored, else as its letter gave it (records made before it was stored). */
export function itemErrorType(dispute: Dispute, item: DisputeItem): ErrorTypeId | undefined {
  return item.errorType ?? errorTypeInLetter(dispute.letterText, item);
}

/**
 * Whether a direct dispute to the creditor may be offered for the item: not for personal
 * information, inquiries or bankruptcies (12 CFR 1022.43(b)(1)). An item of unknown type is
 * offered, and its form lists only the types a creditor letter fits.
 */
export function directDisputeAllowed(dispute: Dispute, item: DisputeItem): boolean {
  const errorType = itemErrorType(dispute, item);
  return (
    errorType === undefined || furnisherLetterApplies({ errorType, itemType: item.facts?.itemType })
  );
}

/**
 * What My Disputes keeps of a disputed item: its type and the facts its letter gave, so a later
 * letter can say the same. Never the details (kept apart) or an identity theft report number.
 */
export function keptItem(
  item: DisputedItem,
): Pick<DisputeItem, 'accountName' | 'accountNumber' | 'details' | 'errorType' | 'facts'> {
  const {
    errorType,
    accountName,
    accountNumber,
    details,
    evidence: _evidence,
    identityTheftReportNumber: _reportNumber,
    ...facts
  } = item;
  const kept = Object.fromEntries(
    Object.entries(facts).filter(([, value]) => value !== undefined && value !== ''),
  ) as StoredFacts;
  return { accountName, accountNumber, details, errorType, facts: kept };
}
