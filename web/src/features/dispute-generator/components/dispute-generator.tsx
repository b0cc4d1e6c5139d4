import type { MailedLetter } from '@shared/disputes';
import {
  bureauChoiceProblems,
  disputedItems,
  furnisherLetterApplies,
  letterTextFile,
  toIsoDate,
  validateLetterDraft,
  type BureauChoice,
  type LetterForm,
  type MissingField,
} from '@shared/letters';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { buttonClasses } from '@/components/button-styles';
import { saveFile } from '@/lib/save-file';
import '../dispute-generator.css';
import { bureauLettersZip, chosenBureaus, isSeveral, withoutBureau } from '../lib/bureau-letters';
import { exportLetter, preloadLetterExports, type ExportFormat } from '../lib/export-letter';
import { problemsUnder, shownProblems } from '../lib/field-problems';
import { hasItemInput, hasPageOnlyDetails, letterDraft } from '../lib/generator-draft';
import { LAST_STEP, shownMissing, stepOfField, stepOfProblem, STEPS } from '../lib/guided-steps';
import { bureauLetter, furnisherLetter } from '../lib/letter-assembly';
import { liveLetterText } from '../lib/live-letter';
import { mailedKey, type PreparedLetter } from '../lib/prepared-letter';
import { downloadTextLetter } from '../lib/save-file';
import { useYourDetails } from '../lib/stored-records';
import { useGuidedStep } from '../lib/use-guided-step';
import { useLeaveWarning } from '../lib/use-leave-warning';
import { useSessionDraft } from '../lib/use-session-draft';
import { GENERATOR_MESSAGES, LETTER_MESSAGES } from '../messages';
import { ExportOptionsPanel } from './export-options-panel';
import { panelClasses } from './field-styles';
import { FurnisherLetterPanel } from './furnisher-letter-panel';
import { GuidedStep } from './guided-step';
import { ItemsStep } from './items-step';
import { LiveLetterPanel, LiveLetterSheet } from './live-letter';
import { MailingPacketPanel } from './mailing-packet-panel';
import { MyDisputesPanel } from './my-disputes-panel';
import { PreviewModal, type GuardedAction, type MailedInput } from './preview-modal';
import { PrintLetter } from './print-letter';
import { PrivacyPanel } from './privacy-panel';
import { ReviewSummary } from './review-summary';
import { StepIndicator } from './step-indicator';
import { YourDetailsFields } from './your-details-fields';

/**
 * Toasts about a letter (download, export, mailed) appear at the bottom: the preview is often
 * open then, and its title and close cross are at the top (on a phone, under the toasts' corner).
 */
const LETTER_TOAST = { position: 'bottom-center' } as const;

/** What the export-options panel asks for. */
type PanelAction = 'download' | Exclude<GuardedAction, { kind: 'mailed' }>;

const ALL_STEPS: ReadonlySet<number> = new Set(STEPS.keys());

interface DisputeGeneratorProps {
  /** The signed-in account: "Your details" and the draft are kept per account. */
  userId: string;
  /** The signed-in account's name, the starting value of "Your Name". */
  accountName?: string;
  /** Records a letter marked as mailed in My Disputes. */
  onMailed: (letter: MailedLetter) => Promise<unknown>;
}

/**
 * The dispute letter generator: a guided flow (Your details → Disputed items → Review) beside the
 * letter as typed, then the preview, downloads and exports, all in the browser. The letter's
 * logic lives in `lib/`; this component wires it to the page.
 */
export function DisputeGenerator({ userId, accountName = '', onMailed }: DisputeGeneratorProps) {
  const form = useRef<HTMLFormElement>(null);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const [draft, updateDraft, clearDraft] = useSessionDraft(userId);
  const [details, setDetails, forgetDetails] = useYourDetails(userId, accountName);
  const [step, goTo] = useGuidedStep(headings);
  /**
   * The letter being recorded, then recorded (by `mailedKey`): one record however often the button
   * is pressed or the same letter is built again.
   */
  const [mailed, setMailed] = useState<{ key: string; done: boolean } | null>(null);
  const [preview, setPreview] = useState<{
    letter: PreparedLetter;
    pendingAction?: GuardedAction;
  } | null>(null);
  const [printed, setPrinted] = useState<PreparedLetter | null>(null);
  /** The steps whose missing fields are marked: left by Next, or all once a letter was asked for. */
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<number>>(new Set());
  const [sheetOpen, setSheetOpen] = useState(false);
  const [packetOpen, setPacketOpen] = useState(false);
  /** The further bureaus ticked under "Also send to", each with its report number (never kept). */
  const [copies, setCopies] = useState<BureauChoice>({});

  useEffect(preloadLetterExports, []);
  useLeaveWarning(mailed?.done !== true && (hasItemInput(draft) || hasPageOnlyDetails(details)));

  const fullDraft = letterDraft(draft, details);
  const today = toIsoDate(new Date());
  const validation = validateLetterDraft(fullDraft, today);
  const missingFields: readonly MissingField[] = validation.ok ? [] : validation.missing;
  const missing = shownMissing(missingFields, checkedSteps);
  const allProblems = [
    ...(validation.ok ? [] : validation.problems),
    ...bureauChoiceProblems(copies),
  ];
  const problems = shownProblems(allProblems, draft.items, checkedSteps);
  const copiesOk = bureauChoiceProblems(copies).length === 0;
  const liveText = liveLetterText(fullDraft, new Date());
  // The packet's letter is built as the download builds it: same text, same date.
  const packetLetter =
    packetOpen && validation.ok ? bureauLetter(validation.form, new Date()) : null;

  /** The steps (of `steps`) with a missing field or a broken rule, first step first. */
  function stepsToFix(steps: ReadonlySet<number>): number[] {
    const marked = [
      ...missingFields.map(stepOfField),
      ...allProblems.map((problem) => stepOfProblem(problem.field)),
    ];
    return [...new Set(marked)].filter((each) => steps.has(each)).sort((a, b) => a - b);
  }

  /** Marks the missing fields and broken rules of `steps` and focuses the first, on its step. */
  function showMissing(steps: ReadonlySet<number>) {
    flushSync(() => setCheckedSteps(new Set([...checkedSteps, ...steps])));
    const [itsStep] = stepsToFix(steps);
    if (itsStep === undefined) return;
    if (itsStep === step) focusFirstInvalid(itsStep);
    else {
      // The step shows once the address changes; its first marked field takes focus then.
      focusOnArrival.current = itsStep;
      goTo(itsStep);
    }
  }

  const focusOnArrival = useRef<number | null>(null);
  useEffect(() => {
    if (focusOnArrival.current !== step) return;
    focusOnArrival.current = null;
    focusFirstInvalid(step);
  }, [step]);

  function focusFirstInvalid(index: number) {
    form.current
      ?.querySelector<HTMLElement>(`[data-step="${index}"] [aria-invalid="true"]`)
      ?.focus();
  }

  /** "Next" checks the step it leaves: its missing fields are marked beside them, and it stays. */
  function next() {
    const leaving = new Set([step]);
    if (stepsToFix(leaving).length > 0) showMissing(leaving);
    else goTo(step + 1);
  }

  /** The current form as a letter form; when incomplete, a toast and every missing field marked. */
  function completeForm(message: string): LetterForm | null {
    if (validation.ok && copiesOk) return validation.form;
    toast.error(message);
    showMissing(ALL_STEPS);
    return null;
  }

  function download(letter: PreparedLetter) {
    const outcome = downloadTextLetter(
      letterTextFile(letter.text, letter.advice),
      letter.fileNames.txt,
    );
    if (outcome === 'downloaded') toast.success(LETTER_MESSAGES.downloaded, LETTER_TOAST);
    else if (outcome === 'opened-in-window') toast(LETTER_MESSAGES.openedInWindow, LETTER_TOAST);
    else toast.error(LETTER_MESSAGES.downloadFailed, LETTER_TOAST);
  }

  async function exportAs(letter: PreparedLetter, format: ExportFormat) {
    try {
      await exportLetter(format, letter);
      toast.success(GENERATOR_MESSAGES[format], LETTER_TOAST);
    } catch {
      toast.error(GENERATOR_MESSAGES.failed, LETTER_TOAST);
    }
  }

  function print(letter: PreparedLetter) {
    flushSync(() => setPrinted(letter));
    // Afterwards the page prints as itself again (e.g. with the browser's own Print).
    window.addEventListener('afterprint', () => setPrinted(null), { once: true });
    window.print();
  }

  function generate() {
    const complete = completeForm(LETTER_MESSAGES.missingFields);
    if (!complete) return;
    const letter = bureauLetter(complete, new Date());
    setPreview({ letter });
    if (isSeveral(copies, complete.bureau)) void downloadAll(complete);
    else download(letter);
  }

  /** One letter per chosen bureau, in one .zip; the message lists them. */
  async function downloadAll(complete: LetterForm) {
    try {
      const zip = await bureauLettersZip(
        complete,
        chosenBureaus(complete, details.reportNumber, copies),
        new Date(),
      );
      saveFile(zip.blob, zip.fileName);
      toast.success(GENERATOR_MESSAGES.lettersZipped(zip.names), LETTER_TOAST);
    } catch {
      toast.error(LETTER_MESSAGES.downloadFailed, LETTER_TOAST);
    }
  }

  function openPacket() {
    if (completeForm(LETTER_MESSAGES.missingFields)) setPacketOpen(true);
  }

  function openPreview() {
    const complete = completeForm(LETTER_MESSAGES.missingFieldsBeforePreview);
    if (complete) setPreview({ letter: bureauLetter(complete, new Date()) });
  }

  function openFurnisherPreview(
    itemIndex: number,
    creditorName: string,
    address: string,
    debtCollector = false,
  ) {
    const complete = completeForm(LETTER_MESSAGES.missingFieldsBeforePreview);
    const item = complete && disputedItems(complete)[itemIndex];
    if (complete && item && furnisherLetterApplies(item))
      setPreview({
        letter: furnisherLetter(complete, new Date(), {
          itemIndex,
          creditorName,
          address,
          debtCollector,
        }),
      });
  }

  /**
   * Export-panel actions work on the current form, like Generate. With placeholders left, print
   * and export go through the preview, which warns first.
   */
  function withCurrentLetter(action: PanelAction) {
    const complete = completeForm(LETTER_MESSAGES.missingFields);
    if (!complete) return;
    const letter = bureauLetter(complete, new Date());
    if (action === 'download') download(letter);
    else if (letter.placeholders.length > 0) setPreview({ letter, pendingAction: action });
    else if (action.kind === 'export') void exportAs(letter, action.format);
    else print(letter);
  }

  function markMailed(letter: PreparedLetter, input: MailedInput) {
    const key = mailedKey(letter);
    if (mailed?.key === key) return;
    setMailed({ key, done: false });
    onMailed({
      ...letter.record,
      mailedOn: input.mailedOn,
      trackingNumber: input.trackingNumber,
      followsFreeAnnualReport: letter.kind === 'bureau' && input.followsFreeAnnualReport,
    }).then(
      () => {
        setMailed({ key, done: true });
        toast.success(GENERATOR_MESSAGES.mailed, LETTER_TOAST);
      },
      () => {
        setMailed(null);
        toast.error(GENERATOR_MESSAGES.mailedFailed, LETTER_TOAST);
      },
    );
  }

  /** After a letter is mailed: an empty draft on step 2 (the user's details stay). */
  function startNewLetter() {
    clearDraft();
    setMailed(null);
    setPreview(null);
    setCheckedSteps(new Set());
    setPacketOpen(false);
    setCopies({});
    goTo(1);
  }

  const closePreview = useCallback(() => setPreview(null), []);
  const closeSheet = useCallback(() => setSheetOpen(false), []);

  function forget() {
    forgetDetails();
    toast.success(GENERATOR_MESSAGES.detailsForgotten);
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
        onForget={forget}
        problems={problemsUnder(problems, 'sender.')}
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
        onChange={(change) =>
          updateDraft((current) => {
            const next = change(current);
            if (next.bureau !== current.bureau) setCopies(withoutBureau(copies, next.bureau));
            return next;
          })
        }
        missing={missing}
        problems={problems}
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
        onEnclosures={(enclosures) => updateDraft((current) => ({ ...current, enclosures }))}
      />
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={buttonClasses('primary')}>
          Generate &amp; Download Letter
        </button>
        <button type="button" onClick={openPreview} className={buttonClasses('secondary')}>
          Preview Letter
        </button>
        <button type="button" onClick={openPacket} className={buttonClasses('secondary')}>
          Build mailing packet
        </button>
        {backButton(1)}
      </div>
    </>,
  ];

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
            if (step < LAST_STEP) next();
            else generate();
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
          {packetLetter && validation.ok && (
            <MailingPacketPanel
              form={validation.form}
              letter={packetLetter}
              onMarkMailed={() => setPreview({ letter: packetLetter })}
            />
          )}
          <FurnisherLetterPanel
            items={draft.items.map((item) => ({
              accountName: item.accountName.trim(),
              applies: furnisherLetterApplies(item),
              errorType: item.errorType,
            }))}
            onPreview={openFurnisherPreview}
          />
          <ExportOptionsPanel
            onDownloadText={() => withCurrentLetter('download')}
            onExport={(format) => withCurrentLetter({ kind: 'export', format })}
            onPrint={() => withCurrentLetter({ kind: 'print' })}
          />
        </div>
        <PrivacyPanel />
        <MyDisputesPanel />
      </div>
      <aside aria-label="Letter" className="hidden lg:sticky lg:top-4 lg:block">
        <LiveLetterPanel text={liveText} />
      </aside>
      {sheetOpen && <LiveLetterSheet text={liveText} onClose={closeSheet} />}
      {preview && (
        <PreviewModal
          letter={preview.letter}
          pendingAction={preview.pendingAction}
          onClose={closePreview}
          onDownload={() => download(preview.letter)}
          onExport={(format) => void exportAs(preview.letter, format)}
          onPrint={() => print(preview.letter)}
          mailed={
            mailed?.key === mailedKey(preview.letter) ? (mailed.done ? 'done' : 'saving') : null
          }
          onMarkMailed={(input) => markMailed(preview.letter, input)}
          onStartNew={startNewLetter}
        />
      )}
      {printed !== null && <PrintLetter text={printed.text} advice={printed.advice} />}
    </div>
  );
}
