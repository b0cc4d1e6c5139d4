import type { MailedLetter } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { useEffect, useRef, useState } from 'react';
import toast from '@/lib/toast';
import { buttonClasses } from '@/components/button-styles';
import { preloadLetterExports } from '../lib/export-letter';
import { problemsUnder } from '../lib/field-problems';
import { furnisherLetterItems } from '../lib/furnisher-items';
import { hasItemInput, hasPageOnlyDetails, letterDraft } from '../lib/generator-draft';
import { LAST_STEP, STEPS } from '../lib/guided-steps';
import { checkLetter } from '../lib/letter-check';
import { downloadLetter, exportLetterAs } from '../lib/letter-output';
import { liveLetterText } from '../lib/live-letter';
import { useYourDetails } from '../lib/stored-records';
import { useGuidedStep } from '../lib/use-guided-step';
import { useLeaveWarning } from '../lib/use-leave-warning';
import { useLetterActions } from '../lib/use-letter-actions';
import { useLetterDraft } from '../lib/use-letter-draft';
import { useMarkMailed } from '../lib/use-mark-mailed';
import { useStepChecks } from '../lib/use-step-checks';
import { GENERATOR_MESSAGES } from '../messages';
import { ExportOptionsPanel } from './export-options-panel';
import { panelClasses } from './field-styles';
import { FurnisherLetterPanel } from './furnisher-letter-panel';
import { GuidedStep } from './guided-step';
import { ItemsStep } from './items-step';
import { LiveLetterPanel, LiveLetterSheet } from './live-letter';
import { MailingPacketPanel } from './mailing-packet-panel';
import { MyDisputesPanel } from './my-disputes-panel';
import { PreviewModal } from './preview-modal';
import { PrintLetter } from './print-letter';
import { PrivacyPanel } from './privacy-panel';
import { ReviewSummary } from './review-summary';
import { StepIndicator } from './step-indicator';
import { YourDetailsFields } from './your-details-fields';

const ALL_STEPS: ReadonlySet<number> = new Set(STEPS.keys());

interface DisputeGeneratorProps {
  /** The signed-in account: "Your details" and the draft are kept per account. */
  userId: string;
  /** The name given at sign-up (never the e-mail's handle), the starting value of "Your Name". */
  accountName?: string;
  /** Records a letter marked as mailed in My Disputes. */
  onMailed: (letter: MailedLetter) => Promise<unknown>;
}

/**
 * The dispute letter generator: a guided flow (Your details → Disputed items → Review) beside the
 * letter as typed, then the preview, downloads and exports, all in the browser. The letter's
 * logic lives in `lib/` (checks, actions, draft); this component wires it to the page.
 */
export function DisputeGenerator({ userId, accountName = '', onMailed }: DisputeGeneratorProps) {
  const form = useRef<HTMLFormElement>(null);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const { draft, update, clear, copies, setCopies } = useLetterDraft(userId);
  const [details, setDetails, forgetDetails] = useYourDetails(userId, accountName);
  const [step, goTo] = useGuidedStep(headings);
  const [sheetOpen, setSheetOpen] = useState(false);
  const today = toIsoDate(new Date());
  const check = checkLetter(draft, details, copies, today);
  const checks = useStepChecks(form, [step, goTo], check, draft.items);
  const letters = useLetterActions({
    check,
    copies,
    reportNumber: details.reportNumber,
    showAllMissing: () => checks.showMissing(ALL_STEPS),
  });
  const mailed = useMarkMailed(onMailed);
  const liveText = liveLetterText(letterDraft(draft, details), new Date());

  useEffect(preloadLetterExports, []);
  useLeaveWarning(!mailed.recorded && (hasItemInput(draft) || hasPageOnlyDetails(details)));

  /** After a letter is mailed: an empty draft on step 2 (the user's details stay). */
  function startNewLetter() {
    clear();
    mailed.reset();
    letters.reset();
    checks.reset();
    goTo(1);
  }

  const backButton = (to: number) => (
    <button type="button" onClick={() => goTo(to)} className={buttonClasses('secondary')}>
      Back
    </button>
  );

  const steps = [
    <>
      <YourDetailsFields
        details={details}
        onChange={setDetails}
        onForget={() => {
          forgetDetails();
          toast.success(GENERATOR_MESSAGES.detailsForgotten);
        }}
        problems={problemsUnder(checks.problems, 'sender.')}
      />
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={buttonClasses('primary')}>
          Next: {STEPS[1]}
        </button>
      </div>
    </>,
    <>
      <ItemsStep
        draft={draft}
        onChange={update}
        missing={checks.missing}
        problems={checks.problems}
        copies={copies}
        onCopies={setCopies}
        today={today}
      />
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={buttonClasses('primary')}>
          Next: {STEPS[2]}
        </button>
        {backButton(0)}
      </div>
    </>,
    <>
      <ReviewSummary
        draft={draft}
        senderName={details.name}
        onEnclosures={(enclosures) => update((current) => ({ ...current, enclosures }))}
      />
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={buttonClasses('primary')}>
          Generate &amp; Download Letter
        </button>
        <button type="button" onClick={letters.openPreview} className={buttonClasses('secondary')}>
          Preview Letter
        </button>
        <button type="button" onClick={letters.openPacket} className={buttonClasses('secondary')}>
          Build mailing packet
        </button>
        {backButton(1)}
      </div>
    </>,
  ];

  const { preview, packetLetter } = letters;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
      <div className="min-w-0 space-y-6">
        <div className="space-y-3">
          <StepIndicator steps={STEPS} current={step} onSelect={goTo} />
          <button
            type="button"
            onClick={() => setSheetOpen(true)}
            className={buttonClasses('secondary', 'w-full px-3 py-2 text-sm lg:hidden')}
          >
            Show the letter
          </button>
        </div>
        <form
          ref={form}
          aria-label="Dispute letter"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < LAST_STEP) checks.next();
            else letters.generate();
          }}
          className={panelClasses}
        >
          {steps.map((content, index) => (
            <GuidedStep
              key={STEPS[index]}
              index={index}
              count={STEPS.length}
              title={STEPS[index]!}
              current={step === index}
              headingRef={(heading) => {
                headings.current[index] = heading;
              }}
            >
              {content}
            </GuidedStep>
          ))}
        </form>
        <div hidden={step !== LAST_STEP} className="space-y-6">
          {packetLetter && check.form && (
            <MailingPacketPanel
              form={check.form}
              letter={packetLetter}
              onMarkMailed={() => letters.showInPreview(packetLetter)}
            />
          )}
          <FurnisherLetterPanel
            items={furnisherLetterItems(draft.items)}
            onPreview={letters.openFurnisherPreview}
          />
          <ExportOptionsPanel
            onDownloadText={() => letters.withCurrentLetter('download')}
            onExport={(format) => letters.withCurrentLetter({ kind: 'export', format })}
            onPrint={() => letters.withCurrentLetter({ kind: 'print' })}
          />
        </div>
        <PrivacyPanel />
        <MyDisputesPanel />
      </div>
      <aside aria-label="Letter" className="hidden lg:sticky lg:top-4 lg:block">
        <LiveLetterPanel text={liveText} />
      </aside>
      {sheetOpen && <LiveLetterSheet text={liveText} onClose={() => setSheetOpen(false)} />}
      {preview && (
        <PreviewModal
          letter={preview.letter}
          pendingAction={preview.pendingAction}
          onClose={letters.closePreview}
          onDownload={() => downloadLetter(preview.letter)}
          onExport={(format) => void exportLetterAs(preview.letter, format)}
          onPrint={() => letters.print(preview.letter)}
          mailed={mailed.statusOf(preview.letter)}
          onMarkMailed={(input) => mailed.markMailed(preview.letter, input)}
          onStartNew={startNewLetter}
        />
      )}
      {letters.printed !== null && (
        <PrintLetter text={letters.printed.text} advice={letters.printed.advice} />
      )}
    </div>
  );
}
