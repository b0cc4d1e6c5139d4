import type { AccountEntry, InquiryEntry, PersonalEntry, PublicRecordEntry } from '@shared/checkup';
import { newId } from '@/lib/device-store';

/**
 * A new blank entry of each section, on no report yet: the user ticks the reports that show it, so
 * a column left blank never puts the entry in that bureau's letter.
 */
export function newPersonal(): PersonalEntry {
  return { id: newId(), kind: 'address', value: '', shownBy: [], neverMine: false };
}

export function newAccount(section: 'accounts' | 'collections'): AccountEntry {
  return {
    id: newId(),
    section,
    creditor: '',
    accountNumber: '',
    originalCreditor: '',
    negative: section === 'collections' ? 'collection' : '',
    reports: {},
    notMine: false,
  };
}

export function newPublicRecord(): PublicRecordEntry {
  return {
    id: newId(),
    kind: 'chapter-7',
    court: '',
    caseNumber: '',
    reports: {},
    notMine: false,
  };
}

export function newInquiry(): InquiryEntry {
  return {
    id: newId(),
    creditor: '',
    reports: {},
    applied: '',
  };
}
