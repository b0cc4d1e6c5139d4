import {
  LETTER_KIND_LABELS,
  noResponseLetterFrom,
  recipientName,
  type Dispute,
  type DueDate,
} from '@shared/disputes';
import { addDays, formatIsoLong } from '@shared/letters';
import { createEvent, type DateArray } from 'ics';

function dateArray(iso: string): DateArray {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}

/**
 * What to do if no answer comes: a bureau has 5 business days after its deadline to mail its
 * results, so the no-response letter can be built only from the day My Disputes offers it.
 */
function whatNext(dispute: Dispute): string {
  const from =
    dispute.recipient.kind === 'bureau' && dispute.letterKind !== 'method-of-verification'
      ? noResponseLetterFrom(dispute)
      : null;
  return from
    ? `If no answer has arrived by ${formatIsoLong(from)}, open My Disputes to build the follow-up letter.`
    : 'If no answer has arrived, open My Disputes to record it.';
}

/**
 * A one-line calendar text: `ics` escapes LF but writes a bare CR as it is, which ends the line
 * for some readers, so a name typed with line breaks (CR, LF or both) becomes one line.
 */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** An all-day calendar event on the due date, as the text of an `.ics` file. */
export function dueDateCalendar(dispute: Dispute, due: DueDate): string {
  const who = oneLine(recipientName(dispute.recipient));
  const accounts = dispute.items.map((item) => oneLine(item.accountName)).join(', ');
  const { error, value } = createEvent({
    productId: 'credit-dispute-letters/my-disputes',
    uid: oneLine(`${dispute.id}-${due.dueOn}@credit-dispute-letters`),
    title: `Response due from ${who} (Round ${dispute.round})`,
    description: [
      `${LETTER_KIND_LABELS[dispute.letterKind]} to ${who}: ${accounts}.`,
      `Mailed ${formatIsoLong(dispute.mailedOn ?? due.deliveredOn)}; ${
        due.deliveryIsEstimate ? 'delivery estimated' : 'delivered'
      } ${formatIsoLong(due.deliveredOn)}; the answer is due by ${formatIsoLong(due.dueOn)}.`,
      whatNext(dispute),
    ].join('\n'),
    start: dateArray(due.dueOn),
    end: dateArray(addDays(due.dueOn, 1)),
    transp: 'TRANSPARENT',
    // A reminder the day before. In hours: ics writes a day as "-P1DT", which strict readers refuse.
    alarms: [
      {
        action: 'display',
        description: `Response due tomorrow from ${who} (Round ${dispute.round})`,
        trigger: { hours: 24, before: true },
      },
    ],
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}

export function calendarFileName(dispute: Dispute, due: DueDate): string {
  const who = recipientName(dispute.recipient)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `response-due-${who || 'creditor'}-${due.dueOn}.ics`;
}
