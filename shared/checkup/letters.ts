import type { MailedLetter } from '../disputes/model';
import { BUREAU_IDS, BUREAUS, type BureauId } from '../letters/bureaus';
import {
  buildFurnisherLetter,
  buildLetter,
  furnisherLetterFileName,
  letterFileName,
  type FurnisherLetterOptions,
} from '../letters/build-letter';
import { formatIsoLong, toIsoDate, type IsoDate } from '../letters/dates';
import { furnisherLetterApplies } from '../letters/build-letter';
import { PERSONAL_INFO_KINDS } from '../letters/item-facts';
import { itemProblems, type RuleItem } from '../letters/item-rules';
import type { DisputedItem, LetterForm, SenderDetails } from '../letters/letter-form';
import { ITEM_TYPES } from '../letters/reporting-period';
import { entryTitle, type Finding } from './findings';
import type { AccountEntry, Checkup } from './model';

/** One bureau's letter: every finding that bureau reports, one item each. */
export interface CheckupBureauLetter {
  bureau: BureauId;
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
}

export const NO_LETTER_REASONS = {
  excluded: 'You left this finding out of the letters.',
  needsChoice: 'Say which bureau is right, and the letters ask the others to correct it.',
  fewerLateMarks:
    'The bureau you say is right shows more late months: asking the others to add late marks would only hurt you.',
  agedInquiry:
    'No law sets the 2 years: ask the bureau to remove it under its own policy, by phone or online.',
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

/** The dispute item of `finding` in `bureau`'s letter, from the checkup's facts; null when none fits. */
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
  const reportNumber = checkup.identityTheftReportNumber.trim();
  const theft = {
    identityTheft: checkup.identityTheft || undefined,
    hasIdentityTheftReport: (checkup.identityTheft && reportNumber !== '') || undefined,
    identityTheftReportNumber: (checkup.identityTheft && reportNumber) || undefined,
  };
  switch (finding.kind) {
    case 'not-mine':
      return {
        errorType: 'not-mine',
        ...named,
        details: record
          ? `I did not file this bankruptcy. ${BUREAUS[bureau].name} reports it in my file.`
          : `I never opened or authorized this account${facts?.dateOpened ? `, which you report as opened on ${formatIsoLong(facts.dateOpened)}` : ''}${facts?.balance.trim() ? ` with a balance of ${facts.balance.trim()}` : ''}.`,
        ...theft,
      };
    case 'obsolete': {
      const itemType = finding.itemType!;
      const filing = ITEM_TYPES[itemType].startsWith === 'filing';
      return {
        errorType: 'outdated-info',
        ...named,
        itemType,
        ...(filing
          ? { dateFiled: finding.startsOn }
          : { dateOfFirstDelinquency: finding.startsOn }),
        details: `You report this ${filing ? ITEM_TYPES[itemType].label : ITEM_TYPES[itemType].label.toLowerCase()} with a ${filing ? 'filing date' : 'date of first delinquency'} of ${formatIsoLong(finding.startsOn!)}. ${
          // A Chapter 13 may be reported for 10 years: only the bureaus' policy takes it off at 7.
          itemType === 'chapter-13'
            ? 'It is past the 7 years after which your own policy removes it.'
            : 'It is past the period the law allows.'
        }`,
        evidence: reportPage(
          bureau,
          `this item and its ${filing ? 'filing date' : 'date of first delinquency'}`,
        ),
      };
    }
    case 'mismatch': {
      const right = finding.rightBureau!;
      const truth = entry?.reports[right];
      if (!facts || !truth || !finding.field) return NO_LETTER_REASONS.needsChoice;
      const evidence = reportPage(right, 'this account');
      const rightName = BUREAUS[right].name;
      switch (finding.field) {
        case 'balance':
          return {
            errorType: 'incorrect-balance',
            ...named,
            reportedBalance: facts.balance.trim(),
            correctBalance: truth.balance.trim(),
            details: `${rightName} reports the correct balance of ${truth.balance.trim()} for this same account.`,
            evidence,
          };
        case 'status':
          return {
            errorType: 'incorrect-status',
            ...named,
            reportedStatus: facts.status.trim(),
            correctStatus: truth.status.trim(),
            details: `${rightName} reports the correct status, "${truth.status.trim()}", for this same account.`,
            evidence,
          };
        case 'dateOpened':
        case 'dateOfFirstDelinquency': {
          const which =
            finding.field === 'dateOpened' ? 'Date opened' : 'Date of first delinquency';
          return {
            errorType: 'incorrect-dates',
            ...named,
            whichDate: which,
            reportedDate: facts[finding.field],
            correctDate: truth[finding.field],
            details: `${rightName} reports the correct ${which.toLowerCase()}, ${formatIsoLong(truth[finding.field])}, for this same account.`,
            evidence,
          };
        }
        case 'lateMonths': {
          const onTime = new Set(monthsOf(truth.lateMonths).map((month) => month.toLowerCase()));
          const extra = monthsOf(facts.lateMonths).filter(
            (month) => !onTime.has(month.toLowerCase()),
          );
          if (extra.length === 0) return NO_LETTER_REASONS.fewerLateMarks;
          return {
            errorType: 'incorrect-payment-history',
            ...named,
            monthsReportedLate: extra.join(', '),
            details: `I paid on time in ${extra.join(', ')}. ${rightName} shows no late payment ${extra.length > 1 ? 'in those months' : 'that month'} for this same account.`,
            evidence,
          };
        }
      }
      return NO_LETTER_REASONS.needsChoice;
    }
    case 'duplicate': {
      const other = account(checkup, finding.otherEntryId);
      if (!entry || !facts || !other) return NO_LETTER_REASONS.needsChoice;
      const otherFacts = other.reports[bureau];
      const otherTitle = entryTitle(other.creditor, other.accountNumber);
      if (finding.duplicate === 'sold-debt')
        return {
          errorType: 'duplicate-account',
          ...named,
          soldDebt: true,
          duplicateOf: `${otherTitle}, which reports the same debt with a balance of ${otherFacts?.balance.trim() || 'its own'}`,
          details: `This debt was sold or transferred to ${other.creditor.trim()}, yet you show a balance of ${facts.balance.trim()} on this entry too, so one debt counts twice.`,
          evidence: reportPage(
            bureau,
            `both ${entry.creditor.trim()} and ${other.creditor.trim()}`,
          ),
        };
      return {
        errorType: 'duplicate-account',
        ...named,
        duplicateRemove: 'later-opened',
        duplicateOf: `${otherTitle}${otherFacts?.dateOpened ? ` (opened ${formatIsoLong(otherFacts.dateOpened)})` : ''}`,
        details: `This entry repeats ${otherTitle}, with the same balance of ${facts.balance.trim()}. It is one debt.`,
        evidence: reportPage(bureau, 'both entries'),
      };
    }
    case 'personal-not-mine': {
      const fact = checkup.personal.find((each) => each.id === finding.entryId);
      if (!fact) return NO_LETTER_REASONS.needsChoice;
      const kind = PERSONAL_INFO_KINDS[fact.kind];
      // Only ever the last 4 digits of an SSN in a letter.
      const shown =
        fact.kind === 'ssn' ? fact.value.replace(/\D/g, '').slice(-4) : fact.value.trim();
      return {
        errorType: 'incorrect-personal-info',
        accountName: `${kind.label}: ${shown}`,
        personalInfoKind: fact.kind,
        reportedInfo: shown,
        personalInfoNotMine: true,
        details: checkup.identityTheft
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

/**
 * Every letter the findings allow, built at once: one per bureau holding that bureau's items
 * (facts from the checkup, exhibits listed), and one direct dispute per account finding to the
 * creditor that reports it. Findings no letter can carry are listed with the reason.
 */
export function checkupLetters(
  checkup: Checkup,
  findings: readonly Finding[],
  date: Date,
  sender?: Partial<SenderDetails>,
): CheckupLetters {
  const today = toIsoDate(date);
  const withoutLetter: CheckupLetters['withoutLetter'] = [];
  const perBureau = new Map<BureauId, { item: DisputedItem; findingId: string }[]>();
  const creditorLetters: CheckupCreditorLetter[] = [];
  for (const finding of findings) {
    if (checkup.excluded.includes(finding.id)) {
      withoutLetter.push({ finding, why: NO_LETTER_REASONS.excluded });
      continue;
    }
    if (finding.kind === 'mismatch' && !finding.rightBureau) {
      withoutLetter.push({ finding, why: NO_LETTER_REASONS.needsChoice });
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
      const form: LetterForm = { bureau: finding.bureaus[0]!, ...firstItem, sender };
      const options = {
        itemIndex: 0,
        creditorName: creditor.creditor.trim(),
        // A collection agency or debt buyer is a debt collector (the letter adds §1692e(8)).
        debtCollector: creditor.section === 'collections' || undefined,
      };
      creditorLetters.push({
        findingId: finding.id,
        creditor: creditor.creditor.trim(),
        form,
        options,
        text: buildFurnisherLetter(form, date, options),
        fileName: furnisherLetterFileName(form, date, options),
      });
    }
  }
  const bureauLetters = BUREAU_IDS.flatMap((bureau): CheckupBureauLetter[] => {
    const items = perBureau.get(bureau);
    if (!items) return [];
    const [first, ...rest] = items.map((each) => each.item);
    const form: LetterForm = {
      bureau,
      ...first!,
      additionalItems: rest,
      sender,
    };
    return [
      {
        bureau,
        form,
        text: buildLetter(form, date),
        fileName: letterFileName(form, date),
        findingIds: items.map((each) => each.findingId),
      },
    ];
  });
  return { bureauLetters, creditorLetters, withoutLetter };
}

/**
 * `letter` signed by `sender`: the page builds every letter once, unsigned, and signs one when
 * it is read, downloaded or mailed (so typing a name rebuilds one letter, not all of them).
 */
export function withSender<Letter extends CheckupBureauLetter | CheckupCreditorLetter>(
  letter: Letter,
  date: Date,
  sender: Partial<SenderDetails>,
): Letter {
  const form = { ...letter.form, sender };
  const text =
    'options' in letter
      ? buildFurnisherLetter(form, date, letter.options)
      : buildLetter(form, date);
  return { ...letter, form, text };
}

/** The letters as My Disputes records them: one Round 1 dispute each, mailed on `mailedOn`. */
export function mailedLetters(
  letters: readonly (CheckupBureauLetter | CheckupCreditorLetter)[],
  mailedOn: IsoDate,
  sender?: Partial<SenderDetails>,
): MailedLetter[] {
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
      letterText: letter.text,
      sender: sender && {
        name: sender.name ?? '',
        address: sender.address ?? '',
        phone: sender.phone ?? '',
        email: sender.email ?? '',
      },
      mailedOn,
      followsFreeAnnualReport: false,
    };
  });
}
