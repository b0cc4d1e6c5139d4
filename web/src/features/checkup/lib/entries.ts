import {
  EMPTY_ACCOUNT_FACTS,
  type AccountEntry,
  type InquiryEntry,
  type PersonalEntry,
  type PublicRecordEntry,
} from '@shared/checkup';
import type { BureauId } from '@shared/letters';

const newId = () => crypto.randomUUID();

/** A new blank entry of each section, shown by every bureau the user has a report from. */
export function newPersonal(bureaus: readonly BureauId[]): PersonalEntry {
  return { id: newId(), kind: 'address', value: '', shownBy: [...bureaus], neverMine: false };
}

export function newAccount(
  section: 'accounts' | 'collections',
  bureaus: readonly BureauId[],
): AccountEntry {
  return {
    id: newId(),
    section,
    creditor: '',
    accountNumber: '',
    originalCreditor: '',
    negative: section === 'collections' ? 'collection' : '',
    reports: Object.fromEntries(bureaus.map((bureau) => [bureau, { ...EMPTY_ACCOUNT_FACTS }])),
    notMine: false,
    rightBureau: {},
  };
}

export function newPublicRecord(bureaus: readonly BureauId[]): PublicRecordEntry {
  return {
    id: newId(),
    kind: 'chapter-7',
    court: '',
    caseNumber: '',
    reports: Object.fromEntries(bureaus.map((bureau) => [bureau, { dateFiled: '' }])),
    notMine: false,
  };
}

export function newInquiry(bureaus: readonly BureauId[]): InquiryEntry {
  return {
    id: newId(),
    creditor: '',
    reports: Object.fromEntries(bureaus.map((bureau) => [bureau, { date: '' }])),
    applied: '',
  };
}
