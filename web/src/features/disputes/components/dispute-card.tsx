import {
  cfpbComplaintNarrative,
  dueDate,
  escalation,
  exhibitSlots,
  followUpFileName,
  LETTER_KIND_LABELS,
  MAILING_ADVICE,
  nextSteps,
  noResponseLetterNote,
  recipientAddressLines,
  recipientName,
  needsUserToday,
  roundStatus,
  type Dispute,
  type DueDate,
} from '@shared/disputes';
import { formatIsoLong, placeholdersIn } from '@shared/letters';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import toast from '@/lib/toast';
import { buttonClasses } from '@/components/button-styles';
import { inputClasses } from '@/components/field-styles';
import { saveFile } from '@/lib/save-file';
import { useConfirmStep } from '../hooks/use-confirm-step';
import type { DisputesApi } from '../hooks/use-disputes';
import { loadCalendar, loadEvidencePacket } from '../lib/lazy-tools';
import { DISPUTE_MESSAGES } from '../messages';
import { ExhibitsPanel } from './exhibits-panel';
import { ItemOutcomes } from './item-outcomes';
import { MailingFields } from './mailing-fields';
import { NextStepForm } from './next-step-form';
import { StatusBadge } from './status-badge';

interface DisputeCardProps {
  dispute: Dispute;
  parent?: Dispute | undefined;
  /** The rounds that follow this one directly. */
  laterRounds: readonly Dispute[];
  /** Every dispute: a round's follow-up changes how its status reads. */
  all: readonly Dispute[];
  today: string;
  api: DisputesApi;
}

const small = 'px-4 py-2 text-sm';

/** How the law counts the period: from the day of delivery, or from the day after it. */
function period(due: DueDate): string {
  const delivery = `${due.deliveryIsEstimate ? 'estimated delivery' : 'delivery'} on ${formatIsoLong(due.deliveredOn)}`;
  const span =
    due.counting === 'beginning-on-receipt'
      ? `the ${due.days}-day period that began with ${delivery}`
      : `${due.days} days after ${delivery}`;
  return due.deliveryIsEstimate ? `${span}; enter Delivered On for the exact date` : span;
}

function DueLine({
  dispute,
  overdue,
  late,
}: {
  dispute: Dispute;
  overdue: boolean;
  /** Past the due date, though maybe nothing to do yet (waiting for the no-response letter). */
  late: boolean;
}) {
  const due = dueDate(dispute);
  if (!due) return null;
  return (
    <p className={`text-sm ${overdue ? 'font-semibold text-red-800' : 'text-gray-900'}`}>
      <span className="font-semibold" data-testid="due-date">
        {overdue ? 'Overdue: the answer was due ' : late ? 'The answer was due ' : 'Response due '}
        {formatIsoLong(due.dueOn)}
      </span>
      <span className="font-normal text-gray-700"> ({period(due)})</span>
    </p>
  );
}

function CfpbNarrative({ text }: { text: string }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block font-semibold">
        CFPB complaint
      </label>
      <p className="text-sm text-gray-800">
        Paste this into the complaint form of the Consumer Financial Protection Bureau (its website,
        consumerfinance.gov/complaint) if the bureau still does not answer.
      </p>
      <textarea id={id} readOnly rows={8} value={text} className={`${inputClasses} text-sm`} />
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => toast.success(DISPUTE_MESSAGES.copied),
            () => toast.error(DISPUTE_MESSAGES.copyFailed),
          )
        }
        className={buttonClasses('secondary', small)}
      >
        Copy complaint text
      </button>
    </div>
  );
}

/** One letter of a thread: its clock, outcomes, next steps, letter and exhibits. */
export function DisputeCard({ dispute, parent, laterRounds, all, today, api }: DisputeCardProps) {
  const titleId = useId();
  const remove = useConfirmStep();
  const status = roundStatus(dispute, all, today);
  const needsUser = needsUserToday(status);
  const due = dueDate(dispute);
  const steps = nextSteps(dispute, laterRounds, today);
  const escalated = escalation(dispute, today);
  const who = recipientName(dispute.recipient);
  // The kept letter never has the date of birth, SSN digits or report number a bureau may need.
  const identityNote =
    dispute.recipient.kind === 'bureau' ? DISPUTE_MESSAGES.identityLinesNotKept : null;

  async function addToCalendar() {
    if (!due) return;
    try {
      const { dueDateCalendar, calendarFileName } = await loadCalendar();
      saveFile(
        new Blob([dueDateCalendar(dispute, due)], { type: 'text/calendar;charset=utf-8' }),
        calendarFileName(dispute, due),
      );
    } catch {
      toast.error(DISPUTE_MESSAGES.calendarFailed);
    }
  }

  function downloadLetter() {
    saveFile(
      new Blob([dispute.letterText], { type: 'text/plain;charset=utf-8' }),
      followUpFileName(dispute, new Date(dispute.createdAt)),
    );
  }

  function downloadPacket() {
    void api.exclusive(async () => {
      const { buildEvidencePacket } = await loadEvidencePacket();
      const exhibits = await Promise.all(
        exhibitSlots(dispute).slots.map(async (slot) => ({
          number: slot.number,
          description: slot.description,
          files: await Promise.all(
            slot.files.map(async (file) => ({
              name: file.name,
              type: file.type,
              bytes: await api.exhibitBytes(file.id),
            })),
          ),
        })),
      );
      const pdf = await buildEvidencePacket({
        letterText: dispute.letterText,
        recipientLines: recipientAddressLines(dispute.recipient),
        exhibits,
        notes: identityNote ? [identityNote] : [],
      });
      saveFile(
        new Blob([pdf.slice().buffer], { type: 'application/pdf' }),
        `evidence-packet-${followUpFileName(dispute, new Date(dispute.createdAt), 'pdf')}`,
      );
      toast.success(DISPUTE_MESSAGES.packetDownloaded);
    }, DISPUTE_MESSAGES.packetFailed);
  }

  return (
    <article
      aria-labelledby={titleId}
      className={`space-y-5 rounded-xl border bg-white p-5 shadow-sm ${
        needsUser ? 'border-red-700 ring-2 ring-red-700' : 'border-gray-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} tabIndex={-1} className="text-lg font-bold break-words">
            Round {dispute.round}: {LETTER_KIND_LABELS[dispute.letterKind]} to {who}
          </h2>
          {parent && (
            <p className="text-sm text-gray-700">
              Follows Round {parent.round}, mailed{' '}
              {parent.mailedOn ? formatIsoLong(parent.mailedOn) : '(not yet)'}
            </p>
          )}
        </div>
        <StatusBadge status={status} />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <DueLine dispute={dispute} overdue={needsUser} late={status.status === 'overdue'} />
        {due && (
          <button
            type="button"
            onClick={() => void addToCalendar()}
            className={buttonClasses('secondary', small)}
          >
            Add to calendar
          </button>
        )}
      </div>

      <MailingFields dispute={dispute} today={today} onChange={api.save} />

      <div>
        <h3 className="font-semibold">Items and outcomes</h3>
        <ItemOutcomes dispute={dispute} today={today} onChange={api.save} />
      </div>

      {noResponseLetterNote(dispute, today) && (
        <p className="text-sm text-gray-800">{noResponseLetterNote(dispute, today)}</p>
      )}

      {steps.length > 0 && (
        <div className="space-y-3">
          <h3 className="font-semibold">Proposed next steps</h3>
          {steps.map((step) => (
            <NextStepForm
              key={`${step.kind}-${step.itemIds.join('-')}`}
              parent={dispute}
              step={step}
              busy={api.busy}
              onBuild={(next) =>
                void api.create(next).then((created) => {
                  if (created) toast.success(DISPUTE_MESSAGES.followUpCreated(created.round));
                })
              }
            />
          ))}
        </div>
      )}

      {escalated === 'complaint' && (
        <CfpbNarrative
          text={cfpbComplaintNarrative(
            dispute,
            dispute.items.map((item) => item.id),
            today,
          )}
        />
      )}

      {escalated === 'bureau-dispute' && (
        <p className="text-sm break-words text-gray-800">
          {who} did not answer within the 30 days it had (12 CFR 1022.43(e)). Dispute the item with
          the credit bureaus that report it, in the{' '}
          <Link to={paths.tools} className="font-semibold text-blue-800 underline">
            Dispute Generator
          </Link>
          . You may also file a complaint about {who} with the Consumer Financial Protection Bureau
          (consumerfinance.gov/complaint).
        </p>
      )}

      {dispute.letterKind === 'no-response' && parent && (
        <CfpbNarrative
          text={cfpbComplaintNarrative(
            parent,
            dispute.items.map((item) => item.id),
            today,
          )}
        />
      )}

      {dispute.letterText && (
        <details className="rounded-lg border border-gray-200">
          <summary className="cursor-pointer px-4 py-2 font-semibold">The letter</summary>
          <pre
            aria-label={`Letter text, round ${dispute.round}`}
            className="overflow-x-hidden px-4 pb-4 font-serif text-sm break-words whitespace-pre-wrap"
          >
            {dispute.letterText}
          </pre>
          <div className="space-y-2 px-4 pb-4">
            {identityNote && <p className="text-sm font-semibold text-amber-900">{identityNote}</p>}
            {!dispute.mailedOn && placeholdersIn(dispute.letterText).length > 0 && (
              <p className="text-sm font-semibold text-amber-900">
                Fill in by hand before mailing: {placeholdersIn(dispute.letterText).join(', ')}.
              </p>
            )}
            {!dispute.mailedOn && <p className="text-sm text-gray-800">{MAILING_ADVICE}</p>}
            <button
              type="button"
              onClick={downloadLetter}
              className={buttonClasses('secondary', small)}
            >
              Download letter
            </button>
          </div>
        </details>
      )}

      <ExhibitsPanel dispute={dispute} api={api} onDownloadPacket={downloadPacket} />

      <div className="flex flex-wrap gap-3 border-t border-gray-200 pt-4">
        {dispute.mailedOn && (
          <button
            type="button"
            onClick={() =>
              api.save({ ...dispute, resolvedOn: dispute.resolvedOn ? undefined : today })
            }
            className={buttonClasses('secondary', small)}
          >
            {dispute.resolvedOn ? 'Reopen' : 'Mark as resolved'}
          </button>
        )}
        {remove.confirming ? (
          <>
            <button
              ref={remove.confirmRef}
              type="button"
              disabled={api.busy}
              onClick={() => void api.remove(dispute.id)}
              className={buttonClasses('primary', `${small} bg-red-700 hover:bg-red-800`)}
            >
              Yes, remove it{laterRounds.length > 0 ? ' and its later rounds' : ''}
            </button>
            <button
              type="button"
              onClick={remove.cancel}
              className={buttonClasses('secondary', small)}
            >
              Keep it
            </button>
          </>
        ) : (
          <button
            ref={remove.triggerRef}
            type="button"
            onClick={remove.ask}
            className={buttonClasses('secondary', small)}
          >
            Remove
          </button>
        )}
      </div>
    </article>
  );
}
