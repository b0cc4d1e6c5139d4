import { formatIsoLong, type IsoDate } from '../letters/dates';
import { dueDate, type DueDate } from './due-date';
import { accountEnding, recipientName, textLines, type Dispute } from './model';

/** What the bureau had to do by when, citing the provision that sets the period. */
function deadline(company: string, due: DueDate | null): string {
  if (!due) return `${company} did not finish its reinvestigation within the time the law allows.`;
  const by = `${due.deliveryIsEstimate ? 'about ' : ''}${formatIsoLong(due.dueOn)}`;
  switch (due.basis) {
    case '1681i(a)(1)(B)':
      return `${company} had 30 days from receiving my dispute, extended by at most 15 days because I sent more information during that period, to finish its reinvestigation (15 U.S.C. §1681i(a)(1)(A) and (B)), that is by ${by} at the latest.`;
    case '1681j(a)(3)':
      return `${company} had 45 days after receiving my dispute, which I made after receiving my free annual credit report, to finish its reinvestigation (15 U.S.C. §1681j(a)(3)), that is by ${by}.`;
    case '1681i(a)(7)':
      return `${company} had 15 days after receiving my request to describe how it verified the information (15 U.S.C. §1681i(a)(7)), that is by ${by}.`;
    default:
      return `${company} had 30 days from receiving my dispute to finish its reinvestigation (15 U.S.C. §1681i(a)(1)(A)), that is by ${by}.`;
  }
}

/**
 * Plain text to paste into the CFPB's complaint form when a bureau has not answered a dispute (or
 * a method-of-verification request):
 * who, what was disputed, when it was delivered, what happened, what the consumer wants.
 */
export function cfpbComplaintNarrative(
  dispute: Dispute,
  itemIds: readonly string[],
  today: IsoDate,
): string {
  const company = recipientName(dispute.recipient);
  const items = dispute.items.filter((item) => itemIds.includes(item.id));
  const due = dueDate(dispute);
  const tracking = dispute.trackingNumber
    ? ` by certified mail (tracking number ${dispute.trackingNumber})`
    : '';
  const delivered = dispute.deliveredOn
    ? `The return receipt shows ${company} received it on ${formatIsoLong(dispute.deliveredOn)}.`
    : `I do not have the return-receipt date; mail usually arrives within 5 days.`;
  const what = items.map((item) => {
    // Only the last 4 digits, as in the letters: the text is pasted into a government website.
    const number = item.accountNumber?.trim()
      ? ` (account number ${accountEnding(item.accountNumber)})`
      : '';
    const details = textLines(item.details).join(' ');
    return `- ${item.accountName.trim()}${number}${details ? `: ${details}` : ''}`;
  });
  const mailed = formatIsoLong(dispute.mailedOn ?? today);
  // A method-of-verification request left unanswered: the complaint is about §1681i(a)(7).
  const verification = dispute.letterKind === 'method-of-verification';
  return [
    `Company: ${company}`,
    '',
    verification
      ? `What I asked: On ${mailed} I mailed ${company} a written request${tracking} to describe how it verified this information in my credit file:`
      : `What I disputed: On ${mailed} I mailed ${company} a written dispute${tracking} of this information in my credit file:`,
    ...what,
    '',
    `When it was delivered: ${delivered}`,
    '',
    `What happened: ${deadline(company, due)} As of ${formatIsoLong(today)} I have not received ${verification ? 'its description' : 'any results'}.`,
    '',
    verification
      ? `What I want: ${company} should describe how it verified the information (15 U.S.C. §1681i(a)(7)), or delete what it cannot verify (15 U.S.C. §1681i(a)(5)(A)).`
      : `What I want: ${company} should delete the information it has not verified (15 U.S.C. §1681i(a)(5)(A)), send me the results of its reinvestigation in writing, and send me a copy of my corrected credit report.`,
    '',
  ].join('\n');
}
