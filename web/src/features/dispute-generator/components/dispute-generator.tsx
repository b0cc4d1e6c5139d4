import type { MailedLetter } from '@shared/disputes';
import {
  BUREAUS,
  BUREAU_IDS,
  bureauChoiceProblems,
  buildFurnisherLetter,
  buildLetter,
  DEFAULT_BUREAU_ENCLOSURES,
  disputedItems,
  isBureauId,
  EMPTY_ITEM_DRAFT,
  furnisherLetterApplies,
  furnisherLetterFileName,
  letterFileName,
  letterTextFile,
  mailingAdvice,
  placeholdersIn,
  requiredEnclosures,
  toIsoDate,
  validateLetterDraft,
  type BureauChoice,
  type DisputedItem,
  type EnclosureId,
  type FurnisherLetterOptions,
  type ItemDraft,
  type LetterDraft,
  type LetterForm,
  type MissingField,
  type RequiredItemField,
  type SenderDetails,
} from '@shared/letters';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { buttonClasses } from '@/components/button-styles';
import '../dispute-generator.css';
import { exportLetter, preloadLetterExports, type ExportFormat } from '../lib/export-letter';
import { mailedKey, type PreparedLetter } from '../lib/prepared-letter';
import { downloadTextLetter } from '../lib/save-file';
import { saveFile } from '@/lib/save-file';
import { bureauLettersZip, chosenBureaus, isSeveral, withoutBureau } from '../lib/bureau-letters';
import { problemsUnder, visibleProblems } from '../lib/field-problems';
import { useYourDetails } from '../lib/stored-records';
import { liveLetterText } from '../lib/live-letter';
import {
  FIELD_ERRORS,
  GENERATOR_MESSAGES,
  LETTER_MESSAGES,
  LETTER_NOTES,
  REVIEW_NOTES,
} from '../messages';
import { BureauCopiesFields } from './bureau-copies-fields';
import { DisputedItemFields } from './disputed-item-fields';
import { EnclosureChecklist } from './enclosure-checklist';
import { ExportOptionsPanel } from './export-options-panel';
import { panelClasses } from './field-styles';
import { FormField } from './form-field';
import { FurnisherLetterPanel } from './furnisher-letter-panel';
import { GuidedStep } from './guided-step';
import { LiveLetterPanel, LiveLetterSheet } from './live-letter';
import { PreviewModal, type GuardedAction, type MailedInput } from './preview-modal';
import { PrintLetter } from './print-letter';
import { PrivacyPanel } from './privacy-panel';
import { MyDisputesPanel } from './my-disputes-panel';
import { StepIndicator } from './step-indicator';
import { YourDetailsFields } from './your-details-fields';

function prepared(
  kind: PreparedLetter['kind'],
  text: string,
  recipient: string,
  accountNames: string[],
  fileName: (extension: 'txt' | 'docx' | 'html') => string,
  record: PreparedLetter['record'],
): PreparedLetter {
  return {
    kind,
    recipient,
    accountNames,
    text,
    advice: mailingAdvice(kind),
    placeholders: placeholdersIn(text),
    fileNames: { txt: fileName('txt'), docx: fileName('docx'), html: fileName('html') },
    record,
  };
}

/**
 * The form as My Disputes keeps it: the date of birth, SSN digits and report number are never
 * stored, so the kept copy of the letter is built without them.
 */
function storable(form: LetterForm): { form: LetterForm; sender: MailedLetter['sender'] } {
  const sender: Partial<SenderDetails> = form.sender ?? {};
  const kept = {
    name: sender.name ?? '',
    address: sender.address ?? '',
    phone: sender.phone ?? '',
    email: sender.email ?? '',
  };
  return {
    form: { ...form, sender: { ...sender, dateOfBirth: '', ssnLast4: '', reportNumber: '' } },
    sender: kept,
  };
}

const recordItem = ({ accountName, accountNumber, details }: DisputedItem) => ({
  accountName,
  accountNumber,
  details,
});

function bureauLetter(form: LetterForm, date: Date): PreparedLetter {
  const kept = storable(form);
  return prepared(
    'bureau',
    buildLetter(form, date),
    BUREAUS[form.bureau].name,
    disputedItems(form).map((item) => item.accountName),
    (extension) => letterFileName(form, date, extension),
    {
      recipient: { kind: 'bureau', bureau: form.bureau },
      items: disputedItems(form).map(recordItem),
      letterText: buildLetter(kept.form, date),
      sender: kept.sender,
    },
  );
}

function furnisherLetter(
  form: LetterForm,
  date: Date,
  options: FurnisherLetterOptions,
): PreparedLetter {
  const item = disputedItems(form)[options.itemIndex] ?? form;
  const name = options.creditorName?.trim() || item.accountName;
  const kept = storable(form);
  return prepared(
    'furnisher',
    buildFurnisherLetter(form, date, options),
    name,
    [item.accountName],
    (extension) => furnisherLetterFileName(form, date, options, extension),
    {
      recipient: { kind: 'furnisher', name, address: options.address ?? '' },
      items: [recordItem(item)],
      letterText: buildFurnisherLetter(kept.form, date, options),
      sender: kept.sender,
    },
  );
}

/** The required item fields shown as missing for item `index`. */
function itemErrors(missing: ReadonlySet<MissingField>, index: number): Set<RequiredItemField> {
  return new Set(
    (['errorType', 'accountName', 'details'] as const).filter((field) =>
      missing.has(`${index}.${field}`),
    ),
  );
}

const NOTHING_MISSING: ReadonlySet<MissingField> = new Set();

/** The guided flow. */
const STEPS = ['Your details', 'Disputed items', 'Review'] as const;

/**
 * Toasts about a letter (download, export, mailed) appear at the bottom: the preview is often
 * open then, and its title and close cross are at the top (on a phone, under the toasts' corner).
 */
const LETTER_TOAST = { position: 'bottom-center' } as const;

/** What the export-options panel asks for. */
type PanelAction = 'download' | Exclude<GuardedAction, { kind: 'mailed' }>;

interface DisputeGeneratorProps {
  /** The signed-in account: "Your details" are kept per account. */
  userId: string;
  /** The signed-in account's name, the starting value of "Your Name". */
  accountName?: string;
  /** Records a letter marked as mailed in My Disputes. */
  onMailed: (letter: MailedLetter) => Promise<unknown>;
}

/**
 * The dispute letter generator: a guided flow (Your details → Disputed items → Review) beside the
 * letter as typed, then the preview, downloads and exports, all in the browser.
 */
const BUREAU_OPTIONS = BUREAU_IDS.map((each) => ({ value: each, label: BUREAUS[each].name }));

export function DisputeGenerator({ userId, accountName = '', onMailed }: DisputeGeneratorProps) {
  const form = useRef<HTMLFormElement>(null);
  const [bureau, setBureau] = useState('');
  const [items, setItems] = useState<ItemDraft[]>([EMPTY_ITEM_DRAFT]);
  const [enclosures, setEnclosures] = useState<EnclosureId[]>([...DEFAULT_BUREAU_ENCLOSURES]);
  /** The further bureaus ticked under "Also send to", each with its report number. */
  const [copies, setCopies] = useState<BureauChoice>({});
  const [details, setDetails, forgetDetails] = useYourDetails(userId, accountName);
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
  /** Set by the first attempt to build an incomplete letter; the marks then follow the form. */
  const [showMissing, setShowMissing] = useState(false);
  const [step, setStep] = useState(0);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const [sheetOpen, setSheetOpen] = useState(false);

  useEffect(preloadLetterExports, []);

  const [firstItem = EMPTY_ITEM_DRAFT, ...moreItems] = items;
  const draft: LetterDraft = {
    bureau,
    ...firstItem,
    additionalItems: moreItems,
    sender: details,
    enclosures,
  };
  const today = toIsoDate(new Date());
  const validation = validateLetterDraft(draft, today);
  const missing = showMissing && !validation.ok ? new Set(validation.missing) : NOTHING_MISSING;
  const problems = visibleProblems(
    [...(validation.ok ? [] : validation.problems), ...bureauChoiceProblems(copies)],
    items,
    showMissing,
  );
  const copiesOk = bureauChoiceProblems(copies).length === 0;
  const liveText = liveLetterText(draft, new Date());

  /** Shows step `index` and moves focus to its heading. */
  function goTo(index: number) {
    flushSync(() => setStep(index));
    headings.current[index]?.focus();
  }

  /** The current form as a letter form; when incomplete, a toast, each missing field marked and the first focused. */
  function completeForm(message: string): LetterForm | null {
    if (validation.ok && copiesOk) return validation.form;
    toast.error(message);
    flushSync(() => setShowMissing(true));
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const itsStep = Number(first?.closest('[data-step]')?.getAttribute('data-step') ?? step);
    if (itsStep !== step) flushSync(() => setStep(itsStep));
    first?.focus();
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

  const closePreview = useCallback(() => setPreview(null), []);
  const closeSheet = useCallback(() => setSheetOpen(false), []);

  function forget() {
    forgetDetails();
    toast.success(GENERATOR_MESSAGES.detailsForgotten);
  }

  const bureauError = missing.has('bureau') ? FIELD_ERRORS.bureau : null;

  const itemsStep = (
    <>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <FormField
          type="select"
          label="Credit Bureau"
          value={bureau}
          onChange={(value) => {
            setBureau(value);
            setCopies(withoutBureau(copies, value));
          }}
          placeholder="Select credit bureau"
          options={BUREAU_OPTIONS}
          required
          error={bureauError}
        />
        {isBureauId(bureau) && (
          <BureauCopiesFields
            primary={bureau}
            copies={copies}
            onChange={setCopies}
            problems={problemsUnder(problems, '')}
          />
        )}
        {items.map((item, index) => {
          const fields = (
            <DisputedItemFields
              item={item}
              labelSuffix={index === 0 ? '' : ` (item ${index + 1})`}
              errors={itemErrors(missing, index)}
              problems={problemsUnder(problems, `${index}.`)}
              today={today}
              onChange={(next) => setItems(items.map((each, at) => (at === index ? next : each)))}
            />
          );
          return index === 0 ? (
            <div key={index} className="contents">
              {fields}
            </div>
          ) : (
            <fieldset
              key={index}
              className="grid gap-4 rounded-lg border border-gray-200 p-4 md:col-span-2 md:grid-cols-2"
            >
              <legend className="px-1 text-sm font-semibold">Disputed item {index + 1}</legend>
              {fields}
              <button
                type="button"
                onClick={() => setItems(items.filter((_, at) => at !== index))}
                className={buttonClasses(
                  'secondary',
                  'px-3 py-2 text-sm md:col-span-2 md:justify-self-start',
                )}
              >
                Remove item {index + 1}
              </button>
            </fieldset>
          );
        })}
        <div className="md:col-span-2">
          <button
            type="button"
            onClick={() => setItems([...items, EMPTY_ITEM_DRAFT])}
            className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
          >
            Add another disputed item
          </button>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={buttonClasses('primary')}>
          Next: {STEPS[2]}
        </button>
        <button type="button" onClick={() => goTo(0)} className={buttonClasses('secondary')}>
          Back
        </button>
      </div>
    </>
  );

  const reviewStep = (
    <>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-gray-900">To</dt>
        <dd className="break-words text-gray-800">
          {isBureauId(bureau) ? BUREAUS[bureau].name : REVIEW_NOTES.noBureau}
        </dd>
        <dt className="font-semibold text-gray-900">Disputed items</dt>
        <dd className="break-words text-gray-800">
          {items.map((item) => item.accountName.trim() || REVIEW_NOTES.unnamed).join('; ')}
        </dd>
        <dt className="font-semibold text-gray-900">From</dt>
        <dd className="break-words text-gray-800">{details.name.trim() || REVIEW_NOTES.noName}</dd>
      </dl>
      <div className="mt-6">
        <EnclosureChecklist
          selected={enclosures}
          onChange={setEnclosures}
          required={requiredEnclosures(items)}
          requiredReason={LETTER_NOTES.idNeededForIdentityTheft}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={buttonClasses('primary')}>
          Generate &amp; Download Letter
        </button>
        <button type="button" onClick={openPreview} className={buttonClasses('secondary')}>
          Preview Letter
        </button>
        <button type="button" onClick={() => goTo(1)} className={buttonClasses('secondary')}>
          Back
        </button>
      </div>
    </>
  );

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
            if (step < STEPS.length - 1) goTo(step + 1);
            else generate();
          }}
          className={panelClasses}
        >
          {[
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
            itemsStep,
            reviewStep,
          ].map((content, index) => (
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
        <div hidden={step !== STEPS.length - 1} className="space-y-6">
          <FurnisherLetterPanel
            items={items.map((item) => ({
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
        />
      )}
      {printed !== null && <PrintLetter text={printed.text} advice={printed.advice} />}
    </div>
  );
}
