import { LIMITS } from '@shared/disputes';
import { EMAIL_MAX_LENGTH } from '@shared/email-address';
import { REPORT_NUMBER_MAX } from '@shared/letters';

/**
 * The most a generator field takes: enough for any real value, few enough to keep the letter
 * on a page or two. Fields My Disputes also keeps use its limits, so a letter always fits there.
 */
export const FIELD_LIMITS = {
  name: 120,
  phone: 30,
  email: EMAIL_MAX_LENGTH,
  /** Every report number: Your details' and each further bureau's under "Also send to". */
  reportNumber: REPORT_NUMBER_MAX,
  address: 300,
  accountName: LIMITS.accountName,
  accountNumber: LIMITS.accountNumber,
  /** A fact an error type asks for: a balance, a status, which date, which months. */
  fact: 120,
  identityTheftReportNumber: 40,
  details: 1500,
  evidence: LIMITS.evidence,
  creditorName: LIMITS.creditorName,
  creditorAddress: LIMITS.creditorAddress,
} as const;
