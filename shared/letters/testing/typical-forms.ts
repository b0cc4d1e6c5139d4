import type { DisputedItem, ErrorTypeId, ItemFacts, LetterForm } from '../index';

/**
 * Typical input for letter tests and the letter bench: a consumer's details, each error type's
 * facts (and the words each must put in the letter), and details in the consumer's own words.
 */
export const SENDER = {
  name: 'Jane Q. Public',
  address: '12 Elm Street\nSpringfield, IL 62701',
  phone: '(217) 555-0100',
  email: 'jane@example.com',
  dateOfBirth: '1985-03-04',
  ssnLast4: '6789',
  previousAddress: '1 Oak Street\nPeoria, IL 61602',
  reportNumber: '3318-2207-51',
};

/** Typical facts for each type, and the words each must put in the letter. */
export const FACTS: Record<ErrorTypeId, { facts: ItemFacts; shows: string[] }> = {
  'incorrect-balance': {
    facts: { reportedBalance: '$2,400', correctBalance: '$150' },
    shows: ['What you report: a balance of $2,400.', 'What is true: the balance is $150.'],
  },
  'duplicate-account': {
    facts: {
      duplicateOf: 'Capital One Bank account ending 1234',
      duplicateRemove: 'later-opened',
      duplicateRemoveLast4: '4321',
    },
    shows: [
      'Duplicate of: Capital One Bank account ending 1234',
      'Entry to delete: account number ending in 4321',
      'delete the duplicate entry, the one opened later (account number ending in 4321), and keep the other',
    ],
  },
  'not-mine': {
    facts: { identityTheftReportNumber: 'FTC-123456789' },
    shows: ['What is true: this account is not mine.'],
  },
  'outdated-info': {
    facts: { itemType: 'collection', dateOfFirstDelinquency: '2016-03-01' },
    shows: [
      'Type of item: Collection',
      'Date of first delinquency: March 1, 2016',
      'it may not be reported after August 28, 2023',
    ],
  },
  'incorrect-status': {
    facts: { reportedStatus: 'Charged off', correctStatus: 'Paid in full' },
    shows: ['the status "Charged off"', 'the status is "Paid in full"'],
  },
  'incorrect-dates': {
    facts: { whichDate: 'Date opened', reportedDate: '2019-03-01', correctDate: '2018-03-01' },
    shows: ['the date opened as March 1, 2019', 'the date opened is March 1, 2018'],
  },
  'incorrect-payment-history': {
    facts: { monthsReportedLate: 'June and July 2026' },
    shows: [
      'late payments in June and July 2026',
      'remove the late marks for June and July 2026 only, and keep the rest of the account as it is',
    ],
  },
  'incorrect-personal-info': {
    facts: {
      personalInfoKind: 'address',
      reportedInfo: '99 Pine Road, Dayton, OH 45402',
      correctInfo: '12 Elm Street, Springfield, IL 62701',
    },
    shows: [
      'Information: Address',
      'What you report: my address as "99 Pine Road, Dayton, OH 45402".',
      'What is true: my address is "12 Elm Street, Springfield, IL 62701".',
    ],
  },
  'unauthorized-inquiry': {
    facts: { inquiryDate: '2026-08-14' },
    shows: [
      'Inquiry date: August 14, 2026',
      'What is true: I did not apply for credit with this company.',
      'please delete this inquiry',
    ],
  },
};

/** Typical details a consumer writes (one or two sentences in their own words). */
export const DETAILS: Record<ErrorTypeId, string> = {
  'incorrect-balance':
    'I paid the card down to $150 in March 2026. My bank statement shows the payment.',
  'duplicate-account':
    'The same card shows up twice, once under each bank name, with the same balance.',
  'not-mine':
    'I never opened this account or used it. I have never done business with this company.',
  'outdated-info': 'This old medical bill went to collections years ago and should be gone now.',
  'incorrect-status': 'I paid this account in full in January 2026. It is not charged off.',
  'incorrect-dates': 'I opened this card in March 2018, not 2019. My first statement shows it.',
  'incorrect-payment-history':
    'I paid on time in June and July 2026. My bank statements show both payments.',
  'incorrect-personal-info': 'I have never lived in Dayton. I have lived on Elm Street since 2019.',
  'unauthorized-inquiry':
    'I did not ask this company for a loan or a card, and I gave no one leave to.',
};

export function item(
  errorType: ErrorTypeId,
  factsGiven: boolean,
  identityTheft: boolean,
): DisputedItem {
  return {
    errorType,
    accountName: 'Capital One Visa',
    accountNumber: '4321',
    details: DETAILS[errorType],
    evidence: 'March 2026 bank statement\nPayoff letter',
    ...(factsGiven ? FACTS[errorType].facts : {}),
    identityTheft,
  };
}

export function form(overrides: Partial<LetterForm> = {}): LetterForm {
  return {
    bureau: 'experian',
    ...item('incorrect-balance', true, false),
    sender: SENDER,
    enclosures: ['id-copy', 'proof-of-address'],
    ...overrides,
  };
}
