import type { MailedLetter } from '@shared/disputes';
import {
  BUREAUS,
  BUREAU_IDS,
  buildFurnisherLetter,
  buildLetter,
  DEFAULT_BUREAU_ENCLOSURES,
  disputedItems,
  EMPTY_ITEM_DRAFT,
  furnisherLetterFileName,
  letterFileName,
  letterTextFile,
  mailingAdvice,
  placeholdersIn,
  toIsoDate,
  validateLetterDraft,
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
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { buttonClasses } from '@/components/button-styles';
import '../dispute-generator.css';
import { exportLetter, preloadLetterExports, type ExportFormat } from '../lib/export-letter';
import type { PreparedLetter } from '../lib/prepared-letter';
import { downloadTextLetter } from '../lib/save-file';
import { useYourDetails } from '../lib/stored-records';
import { FIELD_ERRORS, GENERATOR_MESSAGES, LETTER_MESSAGES } from '../messages';
import { DisputedItemFields } from './disputed-item-fields';
import { EnclosureChecklist } from './enclosure-checklist';
import { ExportOptionsPanel } from './export-options-panel';
import { errorClasses, inputClasses, labelClasses, panelClasses } from './field-styles';
import { FurnisherLetterPanel } from './furnisher-letter-panel';
import { PreviewModal, type GuardedAction, type MailedInput } from './preview-modal';
import { PrintLetter } from './print-letter';
import { PrivacyPanel } from './privacy-panel';
import { MyDisputesPanel } from './my-disputes-panel';
import { YourDetailsPanel } from './your-details-panel';

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

/** The dispute letter generator: form, preview, downloads and exports, all in the browser. */
export function DisputeGenerator({ userId, accountName = '', onMailed }: DisputeGeneratorProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [bureau, setBureau] = useState('');
  const [items, setItems] = useState<ItemDraft[]>([EMPTY_ITEM_DRAFT]);
  const [enclosures, setEnclosures] = useState<EnclosureId[]>([...DEFAULT_BUREAU_ENCLOSURES]);
  const [details, setDetails, forgetDetails] = useYourDetails(userId, accountName);
  /** The letter being recorded, then recorded: one record however often the button is pressed. */
  const [mailed, setMailed] = useState<{ letter: PreparedLetter; done: boolean } | null>(null);
  const [preview, setPreview] = useState<{
    letter: PreparedLetter;
    pendingAction?: GuardedAction;
  } | null>(null);
  const [printed, setPrinted] = useState<PreparedLetter | null>(null);
  /** Set by the first attempt to build an incomplete letter; the marks then follow the form. */
  const [showMissing, setShowMissing] = useState(false);

  useEffect(preloadLetterExports, []);

  const [firstItem = EMPTY_ITEM_DRAFT, ...moreItems] = items;
  const draft: LetterDraft = {
    bureau,
    ...firstItem,
    additionalItems: moreItems,
    sender: details,
    enclosures,
  };
  const validation = validateLetterDraft(draft);
  const missing = showMissing && !validation.ok ? new Set(validation.missing) : NOTHING_MISSING;
  const today = toIsoDate(new Date());

  /** The current form as a letter form; when incomplete, a toast, each missing field marked and the first focused. */
  function completeForm(message: string): LetterForm | null {
    if (validation.ok) return validation.form;
    toast.error(message);
    flushSync(() => setShowMissing(true));
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    return null;
  }

  function download(letter: PreparedLetter) {
    const outcome = downloadTextLetter(
      letterTextFile(letter.text, letter.advice),
      letter.fileNames.txt,
    );
    if (outcome === 'downloaded') toast.success(LETTER_MESSAGES.downloaded);
    else if (outcome === 'opened-in-window') toast(LETTER_MESSAGES.openedInWindow);
    else toast.error(LETTER_MESSAGES.downloadFailed);
  }

  async function exportAs(letter: PreparedLetter, format: ExportFormat) {
    try {
      await exportLetter(format, letter);
      toast.success(GENERATOR_MESSAGES[format]);
    } catch {
      toast.error(GENERATOR_MESSAGES.failed);
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
    download(letter);
  }

  function openPreview() {
    const complete = completeForm(LETTER_MESSAGES.missingFieldsBeforePreview);
    if (complete) setPreview({ letter: bureauLetter(complete, new Date()) });
  }

  function openFurnisherPreview(itemIndex: number, creditorName: string, address: string) {
    const complete = completeForm(LETTER_MESSAGES.missingFieldsBeforePreview);
    if (complete)
      setPreview({
        letter: furnisherLetter(complete, new Date(), { itemIndex, creditorName, address }),
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
    if (mailed?.letter === letter) return;
    setMailed({ letter, done: false });
    onMailed({
      ...letter.record,
      mailedOn: input.mailedOn,
      trackingNumber: input.trackingNumber,
      followsFreeAnnualReport: letter.kind === 'bureau' && input.followsFreeAnnualReport,
    }).then(
      () => {
        setMailed({ letter, done: true });
        toast.success(GENERATOR_MESSAGES.mailed);
      },
      () => {
        setMailed(null);
        toast.error(GENERATOR_MESSAGES.mailedFailed);
      },
    );
  }

  const closePreview = useCallback(() => setPreview(null), []);

  function forget() {
    forgetDetails();
    toast.success(GENERATOR_MESSAGES.detailsForgotten);
  }

  const bureauError = missing.has('bureau') ? FIELD_ERRORS.bureau : null;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <form
          ref={form}
          aria-label="Dispute letter"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            generate();
          }}
          className={panelClasses}
        >
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <label htmlFor={`${id}-bureau`} className={labelClasses}>
                Credit Bureau
              </label>
              <select
                id={`${id}-bureau`}
                aria-required="true"
                aria-invalid={bureauError ? true : undefined}
                aria-describedby={bureauError ? `${id}-bureau-error` : undefined}
                value={bureau}
                onChange={(event) => setBureau(event.target.value)}
                className={inputClasses}
              >
                <option value="">Select credit bureau</option>
                {BUREAU_IDS.map((each) => (
                  <option key={each} value={each}>
                    {BUREAUS[each].name}
                  </option>
                ))}
              </select>
              {bureauError && (
                <p id={`${id}-bureau-error`} className={errorClasses}>
                  {bureauError}
                </p>
              )}
            </div>
            {items.map((item, index) => {
              const fields = (
                <DisputedItemFields
                  item={item}
                  labelSuffix={index === 0 ? '' : ` (item ${index + 1})`}
                  errors={itemErrors(missing, index)}
                  today={today}
                  onChange={(next) =>
                    setItems(items.map((each, at) => (at === index ? next : each)))
                  }
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
            <EnclosureChecklist selected={enclosures} onChange={setEnclosures} />
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <button type="submit" className={buttonClasses('primary')}>
              Generate &amp; Download Letter
            </button>
            <button type="button" onClick={openPreview} className={buttonClasses('secondary')}>
              Preview Letter
            </button>
          </div>
        </form>
        <YourDetailsPanel details={details} onChange={setDetails} onForget={forget} />
        <FurnisherLetterPanel
          accountNames={items.map((item) => item.accountName.trim())}
          onPreview={openFurnisherPreview}
        />
        <MyDisputesPanel />
      </div>
      <aside className="space-y-6">
        <PrivacyPanel />
        <ExportOptionsPanel
          onDownloadText={() => withCurrentLetter('download')}
          onExport={(format) => withCurrentLetter({ kind: 'export', format })}
          onPrint={() => withCurrentLetter({ kind: 'print' })}
        />
      </aside>
      {preview && (
        <PreviewModal
          letter={preview.letter}
          pendingAction={preview.pendingAction}
          onClose={closePreview}
          onDownload={() => download(preview.letter)}
          onExport={(format) => void exportAs(preview.letter, format)}
          onPrint={() => print(preview.letter)}
          mailed={mailed?.letter === preview.letter ? (mailed.done ? 'done' : 'saving') : null}
          onMarkMailed={(input) => markMailed(preview.letter, input)}
        />
      )}
      {printed !== null && <PrintLetter text={printed.text} advice={printed.advice} />}
    </div>
  );
}
