import type { MailedLetter } from '../disputes/model';
import { BUREAU_IDS, BUREAUS, type BureauId } from '../letters/bureaus';
import {
  buildFurnisherLetter,
  buildLetter,
  furnisherLetterApplies,
  furnisherLetterFileName,
  type FurnisherLetterOptions,
} from '../letters/build-letter';
import { formatIsoLong, toIsoDate, type IsoDate } from '../letters/dates';
import { DEFAULT_BUREAU_ENCLOSURES } from '../letters/enclosures';
import { PERSONAL_INFO_KINDS } from '../letters/item-facts';
import {
  itemProblems,
  reportNumberProblem,
  senderProblems,
  type RuleItem,
} from '../letters/item-rules';
import type { DisputedItem, LetterForm, SenderDetails } from '../letters/letter-form';
import { ITEM_TYPES } from '../letters/reporting-period';
import { answerState, duplicateRemoveAt, removeLast4 } from './answers';
import { answerOf, entryTitle, shownPersonal, theftOf, trueValue, type Finding } from './findings';
import type { AccountEntry, AccountFacts, Checkup } from './model';

/** One bureau's letter: every finding that bureau reports, one item each. */
export interface CheckupBureauLetter {
  bureau: BureauId;
  /** Made from the sample: marked on every page and in its file name, never mailed. */
  sample: boolean;
  form: LetterForm;
  text: string;
  fileName: string;
  /** The finding of each item, in the letter's order. */
  findingIds: string[];
}

/** A direct dispute to the creditor that reports an account finding (12 CFR 1022.43). */
export interface CheckupCreditorLetter {
  findingId: string;
  creditor: string;
  sample: boolean;
  form: LetterForm;
  /** How its text is built (the item, the creditor, whether it collects debts). */
  options: FurnisherLetterOptions;
  text: string;
  fileName: string;
}

export interface CheckupLetters {
  bureauLetters: CheckupBureauLetter[];
  creditorLetters: CheckupCreditorLetter[];
  /** Findings shown with their reason and what to do, but not in a letter, and why not. */
  withoutLetter: { finding: Finding; why: string }[];
  /** Findings the consumer has not answered yet: "Not in a letter yet", with a link back. */
  notAnswered: Finding[];
  /** Bureaus whose letter waits for an answer to be finished, and what to enter. */
  waiting: { bureau: BureauId; problems: { finding: Finding; message: string }[] }[];
}

export const NO_LETTER_REASONS = {
  excluded: 'You left this finding out of the letters.',
  needsChoice: 'Answer its question, and the letters ask the bureaus to correct it.',
  fewerLateMarks:
    'The bureau you say is right shows more late months: asking the others to add late marks would only hurt you.',
  agedInquiry:
    'No law sets the 2 years: ask the bureau to remove it under its own policy, by phone or online.',
  whichEntry:
    'Both entries show the same date opened and balance, so a letter cannot say which one to delete. Ask the bureau by phone, or write your own letter naming the entry to delete.',
  deleted:
    'The letter asks the bureau to delete this account as outdated: asking it to correct the account too would muddle the request.',
} as const;

type Account = AccountEntry;

function account(checkup: Checkup, id: string | undefined): Account | undefined {
  return checkup.accounts.find((entry) => entry.id === id);
}

function reportPage(bureau: BureauId, what: string): string {
  return `My ${BUREAUS[bureau].name} credit report, the page showing ${what}`;
}

function monthsOf(text: string): string[] {
  return text
    .split(/\s*(?:,|;|\band\b)\s*/)
    .map((month) => month.trim())
    .filter(Boolean);
}

/** The exhibit for a fact the consumer took from one bureau's report. */
function fromReport(from: BureauId | undefined): string | undefined {
  return from && reportPage(from, 'this account');
}

/** A bureau's item where bureaus differ: the value the consumer says is true, in their words. */
function mismatchItem(
  finding: Finding,
  facts: AccountFacts | undefined,
  entry: AccountEntry | undefined,
  checkup: Checkup,
  named: Pick<DisputedItem, 'accountName' | 'accountNumber' | 'accountNumberNotShown'>,
): DisputedItem | string {
  const field = finding.field;
  const truth = entry && field && trueValue(entry, field, answerOf(checkup, finding.id));
  if (!facts || !truth || !field) return NO_LETTER_REASONS.needsChoice;
  const evidence = fromReport(truth.from);
  switch (field) {
    case 'balance':
      return {
        errorType: 'incorrect-balance',
        ...named,
        reportedBalance: facts.balance.trim(),
        correctBalance: truth.shown,
        details: `The correct balance is ${truth.shown}.`,
        evidence,
      };
    case 'status':
      return {
        errorType: 'incorrect-status',
        ...named,
        reportedStatus: facts.status.trim(),
        correctStatus: truth.shown,
        details: `The correct status is "${truth.shown}".`,
        evidence,
      };
    case 'dateOpened':
    case 'dateOfFirstDelinquency': {
      const which = field === 'dateOpened' ? 'Date opened' : 'Date of first delinquency';
      const correct = truth.from
        ? entry!.reports[truth.from]![field]
        : answerOf(checkup, finding.id).value!.trim();
      return {
        errorType: 'incorrect-dates',
        ...named,
        whichDate: which,
        reportedDate: facts[field],
        correctDate: correct,
        details: `The correct ${which.toLowerCase()} is ${formatIsoLong(correct)}.`,
        evidence,
      };
    }
    case 'lateMonths': {
      const late = new Set(
        (truth.compared === '' ? [] : truth.compared.split('|')).map((month) =>
          month.toLowerCase(),
        ),
      );
      const extra = monthsOf(facts.lateMonths).filter((month) => !late.has(month.toLowerCase()));
      if (extra.length === 0) return NO_LETTER_REASONS.fewerLateMarks;
      return {
        errorType: 'incorrect-payment-history',
        ...named,
        monthsReportedLate: extra.join(', '),
        details: `I paid on time in ${extra.join(', ')}.`,
        evidence,
      };
    }
  }
}

/** The dispute item of `finding` in `bureau`'s letter, from the consumer's answers; why not when none fits. */
export function disputedItemFor(
  finding: Finding,
  bureau: BureauId,
  checkup: Checkup,
): DisputedItem | string {
  const entry = account(checkup, finding.entryId);
  const facts = entry?.reports[bureau];
  const record = checkup.publicRecords.find((each) => each.id === finding.entryId);
  const number = entry?.accountNumber.trim() || record?.caseNumber.trim();
  const named = {
    accountName:
      entry?.creditor.trim() ??
      (record
        ? `${record.kind === 'chapter-7' ? 'Chapter 7' : 'Chapter 13'} bankruptcy${record.court.trim() ? `, ${record.court.trim()}` : ''}`
        : finding.title),
    accountNumber: number || undefined,
    accountNumberNotShown: !number || undefined,
  };
  // Identity theft is said of an item only when the consumer ticked it for that item, and a
  // report is enclosed for it only when they said the report lists it.
  const { theft: stolen, listed } = theftOf(checkup, finding.id);
  const reportNumber = checkup.identityTheftReportNumber.trim();
  const theft = {
    identityTheft: stolen || undefined,
    hasIdentityTheftReport: listed || undefined,
    identityTheftReportNumber: (listed && reportNumber) || undefined,
  };
  switch (finding.kind) {
    case 'not-mine':
      return {
        errorType: 'not-mine',
        ...named,
        details: record
          ? `I did not file this bankruptcy.`
          : `I never opened or authorized this account.`,
        ...theft,
      };
    case 'obsolete': {
      const itemType = finding.itemType!;
      const filing = ITEM_TYPES[itemType].startsWith === 'filing';
      const byPolicy =
        finding.asksPlanCompleted === true && answerOf(checkup, finding.id).planCompleted === 'yes';
      return {
        errorType: 'outdated-info',
        ...named,
        itemType,
        ...(filing
          ? { dateFiled: finding.startsOn }
          : { dateOfFirstDelinquency: finding.startsOn }),
        // A Chapter 13 within the law's 10 years: the consumer said the plan was completed.
        ...(itemType === 'chapter-13' ? { planCompleted: byPolicy } : {}),
        details: `You report this ${filing ? ITEM_TYPES[itemType].label : ITEM_TYPES[itemType].label.toLowerCase()} with a ${filing ? 'filing date' : 'date of first delinquency'} of ${formatIsoLong(finding.startsOn!)}. ${
          byPolicy
            ? 'The plan was completed, and it is past the 7 years after which your own policy removes it.'
            : 'It is past the period the law allows.'
        }`,
        evidence: reportPage(
          bureau,
          `this item and its ${filing ? 'filing date' : 'date of first delinquency'}`,
        ),
      };
    }
    case 'mismatch':
      return mismatchItem(finding, facts, entry, checkup, named);
    case 'duplicate': {
      const other = account(checkup, finding.otherEntryId);
      if (!entry || !facts || !other) return NO_LETTER_REASONS.needsChoice;
      const answer = answerOf(checkup, finding.id);
      const otherFacts = other.reports[bureau];
      const otherTitle = entryTitle(other.creditor, other.accountNumber);
      // The entry to delete by its last 4 digits: the report's, else the consumer's answer.
      const last4 = removeLast4(finding, checkup);
      if (finding.duplicate === 'sold-debt') {
        const sold = answer.sold === 'yes';
        return {
          errorType: 'duplicate-account',
          ...named,
          soldDebt: sold || undefined,
          // Not sure it was sold: the later entry, the collector's, is the one to go.
          duplicateRemove: sold ? undefined : 'later-opened',
          duplicateRemoveLast4: sold ? undefined : last4,
          duplicateOf: `${otherTitle}, which reports the same debt with a balance of ${otherFacts?.balance.trim() || 'its own'}`,
          details: sold
            ? `This debt was sold to ${other.creditor.trim()}. It is one debt, and it counts twice.`
            : `${other.creditor.trim()} reports this same debt. I do not know whether it was sold. It is one debt, and it counts twice.`,
          evidence: reportPage(
            bureau,
            `both ${entry.creditor.trim()} and ${other.creditor.trim()}`,
          ),
        };
      }
      // The entry to delete, as the report tells it: the later opened, else the higher balance.
      const remove = duplicateRemoveAt(entry, other, bureau);
      if (!remove) return NO_LETTER_REASONS.whichEntry;
      return {
        errorType: 'duplicate-account',
        ...named,
        duplicateRemove: remove,
        duplicateRemoveLast4: last4,
        duplicateOf: `${otherTitle}${otherFacts?.dateOpened ? ` (opened ${formatIsoLong(otherFacts.dateOpened)})` : ''}`,
        details: `This entry and ${otherTitle} are the same debt.`,
        evidence: reportPage(bureau, 'both entries'),
      };
    }
    case 'personal-not-mine': {
      const fact = checkup.personal.find((each) => each.id === finding.entryId);
      if (!fact) return NO_LETTER_REASONS.needsChoice;
      const kind = PERSONAL_INFO_KINDS[fact.kind];
      // Only ever the last 4 digits of an SSN in a letter.
      const shown =
        fact.kind === 'ssn' ? fact.value.replace(/\D/g, '').slice(-4) : shownPersonal(fact);
      if (fact.kind === 'date-of-birth') {
        const correct = formatIsoLong(answerOf(checkup, finding.id).value!.trim());
        return {
          errorType: 'incorrect-personal-info',
          accountName: `${kind.label}: ${shown}`,
          personalInfoKind: fact.kind,
          reportedInfo: shown,
          correctInfo: correct,
          details: `My date of birth is ${correct}.`,
        };
      }
      return {
        errorType: 'incorrect-personal-info',
        accountName: `${kind.label}: ${shown}`,
        personalInfoKind: fact.kind,
        reportedInfo: shown,
        personalInfoNotMine: true,
        details: stolen
          ? `It was put in my file through identity theft.`
          : `It is not mine. Please remove it so that my file is not mixed with another person’s.`,
        ...theft,
      };
    }
    case 'unauthorized-inquiry': {
      const inquiry = checkup.inquiries.find((each) => each.id === finding.entryId);
      const date = inquiry?.reports[bureau]?.date;
      if (!inquiry || !date) return NO_LETTER_REASONS.needsChoice;
      return {
        errorType: 'unauthorized-inquiry',
        accountName: inquiry.creditor.trim(),
        inquiryDate: date,
        details: `I did not apply for credit with ${inquiry.creditor.trim()}, and I did not allow it to get my report.`,
        ...theft,
      };
    }
    case 'aged-inquiry':
      return NO_LETTER_REASONS.agedInquiry;
  }
}

/** The engine's rules read every field as text (an item as the generator's form holds it). */
function ruleItem(item: DisputedItem): RuleItem {
  const text = (value: string | undefined) => value ?? '';
  return {
    errorType: item.errorType,
    accountNumber: text(item.accountNumber),
    accountNumberNotShown: item.accountNumberNotShown === true,
    correctBalance: text(item.correctBalance),
    duplicateOf: text(item.duplicateOf),
    duplicateRemove: text(item.duplicateRemove),
    soldDebt: item.soldDebt === true,
    itemType: text(item.itemType),
    dateOfFirstDelinquency: text(item.dateOfFirstDelinquency),
    dateFiled: text(item.dateFiled),
    planCompleted: item.planCompleted === true,
    duplicateRemoveLast4: item.duplicateRemoveLast4,
    correctStatus: text(item.correctStatus),
    whichDate: text(item.whichDate),
    reportedDate: text(item.reportedDate),
    correctDate: text(item.correctDate),
    monthsReportedLate: text(item.monthsReportedLate),
    personalInfoKind: text(item.personalInfoKind),
    reportedInfo: text(item.reportedInfo),
    correctInfo: text(item.correctInfo),
    personalInfoNotMine: item.personalInfoNotMine === true,
    inquiryDate: text(item.inquiryDate),
  };
}

/**
 * The item for `bureau`, or why there is none: the engine's own rules (item-rules.ts) must pass,
 * so the checkup never makes a letter the generator would refuse.
 */
function checkedItem(
  finding: Finding,
  bureau: BureauId,
  checkup: Checkup,
  today: IsoDate,
): DisputedItem | string {
  const item = disputedItemFor(finding, bureau, checkup);
  if (typeof item === 'string') return item;
  const [problem] = itemProblems(ruleItem(item), 0, today);
  return problem ? problem.message : item;
}

/**
 * The creditor a finding allows a direct dispute to: an account, never personal information, an
 * inquiry or a bankruptcy (12 CFR 1022.43(b)(1)).
 */
function creditorFor(finding: Finding, item: DisputedItem, checkup: Checkup): Account | undefined {
  return furnisherLetterApplies(item) ? account(checkup, finding.entryId) : undefined;
}

/**
 * Whether `bureau`'s letter already asks to delete the account of `finding` as outdated (a late
 * payment's period removes only the late marks, so it deletes nothing).
 */
function deletedIn(
  finding: Finding,
  bureau: BureauId,
  findings: readonly Finding[],
  checkup: Checkup,
): boolean {
  return (
    finding.kind !== 'obsolete' &&
    findings.some(
      (other) =>
        other.kind === 'obsolete' &&
        other.entryId === finding.entryId &&
        other.itemType !== 'late-payment' &&
        other.bureaus.includes(bureau) &&
        !checkup.excluded.includes(other.id),
    )
  );
}

/** Every page and every file name of a letter made from the sample says so. */
export const SAMPLE_MARK = 'SAMPLE: not for mailing';
const SAMPLE_FILE_PREFIX = 'SAMPLE-not-for-mailing-';
/** A printed page holds about 50 lines of 80 characters: the mark repeats well within one. */
const MARK_EVERY_LINES = 40;
const PRINTED_LINE = 80;

/** `text` with the sample mark first, last, and at least every 40 printed lines between. */
export function markSample(text: string): string {
  const out = [SAMPLE_MARK, ''];
  let since = 0;
  for (const line of text.replace(/\n+$/, '').split('\n')) {
    const printed = Math.max(1, Math.ceil(line.length / PRINTED_LINE));
    // Between paragraphs once a page is mostly used, within one only when it must.
    if (since + printed > MARK_EVERY_LINES || (line === '' && since >= MARK_EVERY_LINES - 12)) {
      out.push(SAMPLE_MARK);
      since = 0;
    }
    out.push(line);
    since += printed;
  }
  return `${out.join('\n')}\n\n${SAMPLE_MARK}\n`;
}

/** A bureau letter's file: the bureau and how many items it holds, never its first item's type. */
export function bureauLetterFileName(bureau: BureauId, items: number, date: Date, sample = false) {
  return `${sample ? SAMPLE_FILE_PREFIX : ''}dispute-letter-${bureau}-${items}-${items === 1 ? 'item' : 'items'}-${toIsoDate(date)}.txt`;
}

/**
 * The sender's details for the checkup's letters, the generator's fields: the report number is
 * per bureau. The date of birth, SSN digits and report numbers are for these letters only.
 */
export interface CheckupSender {
  details: Partial<Omit<SenderDetails, 'reportNumber'>>;
  reportNumbers: Partial<Record<BureauId, string>>;
}

function senderFor(
  sender: CheckupSender | undefined,
  bureau?: BureauId,
): Partial<SenderDetails> | undefined {
  if (!sender) return undefined;
  return { ...sender.details, reportNumber: bureau ? sender.reportNumbers[bureau] : undefined };
}

/** Bad identity details, marked on their field: the letters they belong to wait until fixed. */
export interface IdentityProblem {
  /** `dateOfBirth`, `ssnLast4` (every letter waits) or `reportNumber.<bureau>` (that bureau's). */
  field: string;
  message: string;
}

export function identityProblems(sender: CheckupSender, today: IsoDate): IdentityProblem[] {
  const shared = senderProblems(sender.details, today).map((problem) => ({
    field: problem.field.replace(/^sender\./, ''),
    message: problem.message,
  }));
  const perBureau = BUREAU_IDS.flatMap((bureau) => {
    const message = reportNumberProblem(sender.reportNumbers[bureau]);
    return message ? [{ field: `reportNumber.${bureau}`, message }] : [];
  });
  return [...shared, ...perBureau];
}

/** Whether `letter` waits for a fix of the identity details. */
export function waitsFor(
  letter: CheckupBureauLetter | CheckupCreditorLetter,
  problems: readonly IdentityProblem[],
): IdentityProblem[] {
  return problems.filter(
    (problem) =>
      !problem.field.startsWith('reportNumber.') ||
      ('bureau' in letter && problem.field === `reportNumber.${letter.bureau}`),
  );
}

/** The bureaus a finding's letters would go to once answered. */
function bureausOf(finding: Finding): BureauId[] {
  return finding.kind === 'mismatch'
    ? BUREAU_IDS.filter((bureau) => finding.values?.[bureau] !== undefined)
    : finding.bureaus;
}

/**
 * Every letter the answered findings allow, built at once: one per bureau holding that bureau's
 * items, and one direct dispute per account finding to the creditor that reports it. A finding
 * not answered yet is listed, not dropped; an answer begun but incomplete holds back its bureaus'
 * letters; findings no letter can carry are listed with the reason.
 */
export function checkupLetters(
  checkup: Checkup,
  findings: readonly Finding[],
  date: Date,
  sender?: CheckupSender,
): CheckupLetters {
  const today = toIsoDate(date);
  const withoutLetter: CheckupLetters['withoutLetter'] = [];
  const notAnswered: Finding[] = [];
  const waiting = new Map<BureauId, { finding: Finding; message: string }[]>();
  const perBureau = new Map<BureauId, { item: DisputedItem; findingId: string }[]>();
  const creditorLetters: CheckupCreditorLetter[] = [];
  const mark = (text: string) => (checkup.sample ? markSample(text) : text);
  for (const finding of findings) {
    if (checkup.excluded.includes(finding.id)) {
      withoutLetter.push({ finding, why: NO_LETTER_REASONS.excluded });
      continue;
    }
    const answer = answerState(finding, checkup, today);
    if (answer.state === 'unanswered') {
      notAnswered.push(finding);
      continue;
    }
    if (answer.state === 'no-letter') {
      withoutLetter.push({ finding, why: answer.why });
      continue;
    }
    if (answer.state === 'incomplete') {
      for (const bureau of bureausOf(finding))
        waiting.set(bureau, [...(waiting.get(bureau) ?? []), { finding, message: answer.message }]);
      continue;
    }
    let firstItem: DisputedItem | undefined;
    let why: string | undefined;
    for (const bureau of finding.bureaus) {
      if (deletedIn(finding, bureau, findings, checkup)) {
        why ??= NO_LETTER_REASONS.deleted;
        continue;
      }
      const item = checkedItem(finding, bureau, checkup, today);
      if (typeof item === 'string') {
        why ??= item;
        continue;
      }
      firstItem ??= item;
      perBureau.set(bureau, [...(perBureau.get(bureau) ?? []), { item, findingId: finding.id }]);
    }
    if (!firstItem) {
      withoutLetter.push({ finding, why: why ?? NO_LETTER_REASONS.needsChoice });
      continue;
    }
    const creditor = creditorFor(finding, firstItem, checkup);
    if (creditor) {
      const form: LetterForm = {
        bureau: finding.bureaus[0]!,
        ...firstItem,
        sender: senderFor(sender),
      };
      const options = {
        itemIndex: 0,
        creditorName: creditor.creditor.trim(),
        // A collection agency or debt buyer is a debt collector (the letter adds §1692e(8)).
        debtCollector: creditor.section === 'collections' || undefined,
      };
      const fileName = furnisherLetterFileName(form, date, options);
      creditorLetters.push({
        findingId: finding.id,
        creditor: creditor.creditor.trim(),
        form,
        options,
        sample: checkup.sample,
        text: mark(buildFurnisherLetter(form, date, options)),
        fileName: checkup.sample ? `${SAMPLE_FILE_PREFIX}${fileName}` : fileName,
      });
    }
  }
  const bureauLetters = BUREAU_IDS.flatMap((bureau): CheckupBureauLetter[] => {
    const items = perBureau.get(bureau);
    if (!items || waiting.has(bureau)) return [];
    const [first, ...rest] = items.map((each) => each.item);
    const form: LetterForm = {
      bureau,
      ...first!,
      additionalItems: rest,
      sender: senderFor(sender, bureau),
      enclosures: DEFAULT_BUREAU_ENCLOSURES,
    };
    return [
      {
        bureau,
        form,
        sample: checkup.sample,
        text: mark(buildLetter(form, date)),
        fileName: bureauLetterFileName(bureau, items.length, date, checkup.sample),
        findingIds: items.map((each) => each.findingId),
      },
    ];
  });
  return {
    bureauLetters,
    creditorLetters,
    withoutLetter,
    notAnswered,
    waiting: BUREAU_IDS.flatMap((bureau) => {
      const problems = waiting.get(bureau);
      return problems ? [{ bureau, problems }] : [];
    }),
  };
}

/**
 * `letter` signed by `sender`: the page builds every letter once, unsigned, and signs one when
 * it is read, downloaded or mailed (so typing a name rebuilds one letter, not all of them).
 */
export function withSender<Letter extends CheckupBureauLetter | CheckupCreditorLetter>(
  letter: Letter,
  date: Date,
  sender: CheckupSender,
): Letter {
  const form = {
    ...letter.form,
    sender: senderFor(sender, 'bureau' in letter ? letter.bureau : undefined),
  };
  const text =
    'options' in letter
      ? buildFurnisherLetter(form, date, letter.options)
      : buildLetter(form, date);
  return { ...letter, form, text: letter.sample ? markSample(text) : text };
}

/**
 * The letters as My Disputes records them: one Round 1 dispute each, mailed on `mailedOn`. The
 * kept copy leaves out the date of birth, the SSN digits and the report number, as the
 * generator's does. A sample's letters are practice: they are never recorded.
 */
export function mailedLetters(
  letters: readonly (CheckupBureauLetter | CheckupCreditorLetter)[],
  mailedOn: IsoDate,
  sender: CheckupSender,
  date: Date,
): MailedLetter[] {
  if (letters.some((letter) => letter.sample))
    throw new RangeError('A sample’s letters are practice: they cannot be marked as mailed');
  const { name = '', address = '', phone = '', email = '', previousAddress } = sender.details;
  const kept: CheckupSender = {
    details: { name, address, phone, email, previousAddress },
    reportNumbers: {},
  };
  return letters.map((letter) => {
    const items = [letter.form, ...('bureau' in letter ? (letter.form.additionalItems ?? []) : [])];
    return {
      recipient:
        'bureau' in letter
          ? { kind: 'bureau', bureau: letter.bureau }
          : {
              kind: 'furnisher',
              name: letter.creditor,
              address: letter.options.address?.trim() ?? '',
            },
      items: items.map((item) => ({
        accountName: item.accountName,
        accountNumber: item.accountNumber,
        details: item.details,
      })),
      letterText: withSender(letter, date, kept).text,
      sender: { name, address, phone, email },
      mailedOn,
      followsFreeAnnualReport: false,
    };
  });
}
