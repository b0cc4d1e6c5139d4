import { formatIsoLong, type IsoDate } from '../letters/dates';
import { dueDate } from './due-date';
import { recipientName, textLines, type Dispute } from './model';

/**
 * Plain text to paste into the CFPB's complaint form when a bureau has not answered a dispute:
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
  const deadline = due
    ? `${company} had ${due.days} days from receiving my dispute to finish its reinvestigation and send me the results (15 U.S.C. §1681i(a)(1)(A)), that is by ${due.deliveryIsEstimate ? 'about ' : ''}${formatIsoLong(due.dueOn)}.`
    : `${company} had 30 days from receiving my dispute to finish its reinvestigation (15 U.S.C. §1681i(a)(1)(A)).`;
  const what = items.map((item) => {
    const number = item.accountNumber?.trim()
      ? ` (account number ${item.accountNumber.trim()})`
      : '';
    const details = textLines(item.details).join(' ');
    return `- ${item.accountName.trim()}${number}${details ? `: ${details}` : ''}`;
  });
  return [
    `Company: ${company}`,
    '',
    `What I disputed: On ${formatIsoLong(dispute.mailedOn ?? today)} I mailed ${company} a written dispute${tracking} of this information in my credit file:`,
    ...what,
    '',
    `When it was delivered: ${delivered}`,
    '',
    `What happened: ${deadline} As of ${formatIsoLong(today)} I have not received any results.`,
    '',
    `What I want: ${company} should delete the information it has not verified (15 U.S.C. §1681i(a)(5)(A)), send me the results of its reinvestigation in writing, and send me a copy of my corrected credit report.`,
    '',
  ].join('\n');
}
