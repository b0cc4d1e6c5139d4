// The generator's words; each feature keeps its own words in its messages.ts, features never share.
import { ERROR_TYPE_IDS } from '@shared/letters';

/** The product's words for letter work, verbatim from the spec. */
export const LETTER_MESSAGES = {
  missingFields: 'Please fill in all required fields',
  missingFieldsBeforePreview: 'Please fill in all required fields before previewing',
  downloaded: 'Letter downloaded successfully!',
  openedInWindow: 'Letter opened in new window. Right-click to save.',
  downloadFailed: 'Download failed. Please try copying the text from the preview.',
} as const;

/** Our own words for what the spec does not cover. */
export const GENERATOR_MESSAGES = {
  docx: 'Word document downloaded',
  html: 'Google Docs file downloaded',
  failed: 'Export failed. Please download the text letter instead.',
  detailsForgotten: 'Your details were removed from this browser',
  mailed: 'Added to My Disputes',
  mailedFailed: 'It could not be added to My Disputes. Please try again.',
  mailedInFuture: 'The mailing date cannot be in the future.',
  lettersZipped: (bureaus: readonly string[]) =>
    `${bureaus.length} letters downloaded in one .zip file, one for each bureau: ${bureaus.join(', ')}.`,
  packetDownloaded: 'Mailing packet downloaded',
  packetFailed: 'The mailing packet could not be built. Please try again.',
  fileTooLarge: (name: string) => `${name} is larger than 20 MB. Attach a smaller copy.`,
  fileWrongType: (name: string) =>
    `${name} is not a PDF, JPEG or PNG file. Save it as one of those and attach it again.`,
} as const;

/** Beside an optional contact detail of Your details that cannot be one, once Next checks it. */
export const CONTACT_ERRORS = {
  phone: 'Enter a phone number like (555) 123-4567.',
} as const;

/** Beside a required field left empty. */
export const FIELD_ERRORS = {
  bureau: 'Choose the credit bureau.',
  errorType: 'Choose the error type.',
  accountName: 'Enter the account name shown on your report.',
  details: 'Describe what is wrong and what is correct.',
} as const;

export const ITEM_HINTS = {
  errorTypes: `${ERROR_TYPE_IDS.length} dispute types: choose the one that fits; each asks for the facts its letter needs.`,
  accountNumber: 'The last 4 digits are enough.',
  evidence:
    'Optional. One document a line: each becomes a numbered exhibit. Send copies, never originals.',
  detailsTooShort:
    'A few more words would help: say what is wrong and what is correct, with dates and amounts. A bureau may refuse a dispute too vague to act on.',
  dateOfFirstDelinquency:
    'When you first fell behind and never caught up; your report may call it "date of first delinquency".',
  dateOfLatePayment:
    'The date this payment first became late; your report may call it "date of first delinquency".',
  itemTypeMissing:
    'Choose the item type: how long an item may be reported depends on it. Without it, the letter cannot say when the item must come off.',
  identityTheftReport:
    'From your FTC Identity Theft Report (IdentityTheft.gov) or a police report. Optional: the letter lists the report with your enclosures either way.',
  identityTheftSteps:
    'Also place a free fraud alert with one bureau (it tells the other two), and think about a free security freeze at Experian, Equifax and TransUnion.',
  identityTheftBlock:
    'With your report enclosed, the letter asks the bureau to block this account within 4 business days.',
  identityTheftNoReport:
    'Without an identity theft report the bureau handles this as an ordinary dispute. With one (free at IdentityTheft.gov), it must block the account within 4 business days.',
  inquiryCompany: 'For an inquiry: the company your report shows.',
  inquiryLawful:
    'Before you dispute an inquiry: some pulls are lawful without an application. A car dealer may check your credit to shop your loan to lenders. A debt collector may check it to collect a debt. A company you already have an account with may check it to review your account. If one of these fits, the bureau may keep the inquiry.',
  reportingExceptions:
    'These time limits do not apply to a report for credit or life insurance of $150,000 or more, or for a job paying $75,000 or more a year (15 U.S.C. §1681c(b)).',
  planCompleted:
    'The bureaus remove a Chapter 13 bankruptcy 7 years after filing when the plan was completed. That is their policy, not the law. Otherwise the law allows 10 years.',
  notifyRecipients:
    'Optional. If the bureau deletes an item or notes your dispute, it must tell the people you name here who got your report in the past 6 months (2 years for a job). One name a line, at most 5. Leave it blank to name no one.',
  validationRequest:
    'A debt collector must pause collection until it answers, if your request arrives within 30 days of its first notice to you.',
  personalInfoName: 'Optional for personal information: the letter names the information itself.',
  mixedFile:
    'Not identity theft? Then the letter treats it as someone else’s account mixed into your file.',
} as const;

/** Why the form offers no creditor letter for an item, and why an enclosure is locked. */
export const LETTER_NOTES = {
  noCreditorLetterForBankruptcy:
    'Credit bureaus take a bankruptcy from court records, not from a creditor, so dispute it with the credit bureau only.',
  noCreditorLetterForPersonalInfo:
    'Names, addresses, employers, dates of birth and SSN variations are disputed with the credit bureau only: 12 CFR 1022.43(b)(1)(i) and (ii) leave them out of disputes sent to a creditor.',
  noCreditorLetterForInquiry:
    'Inquiries are disputed with the credit bureau only: 12 CFR 1022.43(b)(1)(iii) leaves them out of disputes sent to a creditor.',
  idNeededForIdentityTheft: 'Needed as proof of identity for identity theft.',
} as const;

/** Before print, export or "Mark as mailed" while the letter still has placeholders. */
export const PLACEHOLDER_WARNING = {
  title: 'Your letter still has blanks',
  remaining: 'Still to fill in (Your details, or by hand):',
  text: 'A printed or exported letter keeps them. Fill in your details (or the creditor’s name and address) first, or write them in by hand.',
  proceed: 'Continue anyway',
  cancel: 'Go back',
} as const;

/** The Review step's summary where something is not given yet. */
export const REVIEW_NOTES = {
  noBureau: 'No bureau chosen yet (step 2)',
  unnamed: 'Unnamed account',
  noName: 'Your name is not filled in: the letter keeps a blank for it (step 1)',
} as const;
