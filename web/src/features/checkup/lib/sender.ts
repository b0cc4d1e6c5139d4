import {
  identityProblems,
  SAMPLE_SENDER,
  type CheckupSender,
  type IdentityProblem,
} from '@shared/checkup';
import type { BureauId } from '@shared/letters';
import type { StoredDetails } from '@/lib/device-store';

/** The sender fields of the letters step: kept ones (name, addresses, phone, e-mail) and the rest. */
export interface SenderFields {
  name: string;
  address: string;
  previousAddress: string;
  phone: string;
  email: string;
  /** For these letters only, in memory while the page is open: never stored. */
  dateOfBirth: string;
  ssnLast4: string;
  reportNumbers: Partial<Record<BureauId, string>>;
}

/** The fields as the page opens: "Your details", the name given at sign-up, nothing else kept. */
export function initialFields(stored: StoredDetails, signUpName: string): SenderFields {
  return {
    name: stored.name ?? signUpName,
    address: stored.address,
    previousAddress: stored.previousAddress,
    phone: stored.phone,
    email: stored.email,
    dateOfBirth: '',
    ssnLast4: '',
    reportNumbers: {},
  };
}

/** The sender of the letters; a sample's are signed by its fictional holder, never the user. */
export function senderOf(fields: SenderFields, practice: boolean): CheckupSender {
  if (practice) return SAMPLE_SENDER;
  const { reportNumbers, ...details } = fields;
  // Only digits reach a letter; more than 4 is refused (marked inline) before any letter is made.
  return {
    details: { ...details, ssnLast4: details.ssnLast4.replace(/\s|-/g, '') },
    reportNumbers,
  };
}

/** Each bad identity field's message, by field (`ssnLast4`, `reportNumber.equifax`…). */
export function fieldErrors(problems: readonly IdentityProblem[]): ReadonlyMap<string, string> {
  return new Map(problems.map((problem) => [problem.field, problem.message]));
}

export function senderProblems(fields: SenderFields, practice: boolean, today: string) {
  return identityProblems(senderOf(fields, practice), today);
}
