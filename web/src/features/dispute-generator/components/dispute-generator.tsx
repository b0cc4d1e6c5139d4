import {
  BUREAUS,
  BUREAU_IDS,
  buildFurnisherLetter,
  buildLetter,
  furnisherLetterFileName,
  letterFileName,
  validateLetterDraft,
  type EnclosureId,
  type LetterDraft,
  type LetterForm,
} from '@shared/letters';
import { useCallback, useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { buttonClasses } from '@/components/button-styles';
import '../dispute-generator.css';
import { exportLetter, preloadLetterExports, type ExportFormat } from '../lib/export-letter';
import type { PreparedLetter } from '../lib/prepared-letter';
import { downloadTextLetter } from '../lib/save-file';
import { useSentLetters, useYourDetails } from '../lib/stored-records';
import { GENERATOR_MESSAGES, LETTER_MESSAGES } from '../messages';
import { DisputedItemFields, type ItemDraft } from './disputed-item-fields';
import { EnclosureChecklist } from './enclosure-checklist';
import { ExportOptionsPanel } from './export-options-panel';
import { inputClasses, labelClasses, panelClasses } from './field-styles';
import { FurnisherLetterPanel } from './furnisher-letter-panel';
import { PreviewModal, type MailedInput } from './preview-modal';
import { PrintLetter } from './print-letter';
import { PrivacyPanel } from './privacy-panel';
import { SentLettersPanel } from './sent-letters-panel';
import { YourDetailsPanel } from './your-details-panel';

const EMPTY_ITEM: ItemDraft = { errorType: '', accountName: '', details: '' };

function bureauLetter(form: LetterForm, date: Date): PreparedLetter {
  return {
    kind: 'bureau',
    recipient: BUREAUS[form.bureau].name,
    accountNames: [
      form.accountName,
      ...(form.additionalItems ?? []).map((item) => item.accountName),
    ],
    text: buildLetter(form, date),
    fileNames: {
      txt: letterFileName(form, date, 'txt'),
      docx: letterFileName(form, date, 'docx'),
      html: letterFileName(form, date, 'html'),
    },
  };
}

function furnisherLetter(
  form: LetterForm,
  date: Date,
  itemIndex: number,
  address: string,
): PreparedLetter {
  const options = { itemIndex, address };
  const item = [form, ...(form.additionalItems ?? [])][itemIndex] ?? form;
  return {
    kind: 'furnisher',
    recipient: item.accountName,
    accountNames: [item.accountName],
    text: buildFurnisherLetter(form, date, options),
    fileNames: {
      txt: furnisherLetterFileName(form, date, options, 'txt'),
      docx: furnisherLetterFileName(form, date, options, 'docx'),
      html: furnisherLetterFileName(form, date, options, 'html'),
    },
  };
}

/** The dispute letter generator: form, preview, downloads and exports, all in the browser. */
export function DisputeGenerator() {
  const id = useId();
  const [bureau, setBureau] = useState('');
  const [firstItem, setFirstItem] = useState<ItemDraft>(EMPTY_ITEM);
  const [moreItems, setMoreItems] = useState<ItemDraft[]>([]);
  const [evidence, setEvidence] = useState('');
  const [enclosures, setEnclosures] = useState<EnclosureId[]>([]);
  const [details, setDetails, forgetDetails] = useYourDetails();
  const [sentLetters, setSentLetters] = useSentLetters();
  const [preview, setPreview] = useState<PreparedLetter | null>(null);
  const [printed, setPrinted] = useState<string | null>(null);

  useEffect(preloadLetterExports, []);

  const draft: LetterDraft = {
    bureau,
    ...firstItem,
    evidence,
    additionalItems: moreItems,
    sender: details,
    enclosures,
  };

  /** The current form as a letter form, or a toast with `message` when incomplete. */
  function completeForm(message: string): LetterForm | null {
    const result = validateLetterDraft(draft);
    if (!result.ok) {
      toast.error(message);
      return null;
    }
    return result.form;
  }

  function download(letter: PreparedLetter) {
    const outcome = downloadTextLetter(letter.text, letter.fileNames.txt);
    if (outcome === 'downloaded') toast.success(LETTER_MESSAGES.downloaded);
    else if (outcome === 'opened-in-window') toast(LETTER_MESSAGES.openedInWindow);
    else toast.error(LETTER_MESSAGES.downloadFailed);
  }

  async function exportAs(letter: PreparedLetter, format: ExportFormat) {
    try {
      await exportLetter(format, letter.text, letter.fileNames[format]);
      toast.success(GENERATOR_MESSAGES[format]);
    } catch {
      toast.error(GENERATOR_MESSAGES.failed);
    }
  }

  function print(letter: PreparedLetter) {
    flushSync(() => setPrinted(letter.text));
    // Afterwards the page prints as itself again (e.g. with the browser's own Print).
    window.addEventListener('afterprint', () => setPrinted(null), { once: true });
    window.print();
  }

  function generate() {
    const form = completeForm(LETTER_MESSAGES.missingFields);
    if (!form) return;
    const letter = bureauLetter(form, new Date());
    setPreview(letter);
    download(letter);
  }

  function openPreview() {
    const form = completeForm(LETTER_MESSAGES.missingFieldsBeforePreview);
    if (form) setPreview(bureauLetter(form, new Date()));
  }

  function openFurnisherPreview(itemIndex: number, address: string) {
    const form = completeForm(LETTER_MESSAGES.missingFieldsBeforePreview);
    if (form) setPreview(furnisherLetter(form, new Date(), itemIndex, address));
  }

  /** Export-panel actions work on the current form, like Generate. */
  function withCurrentLetter(action: (letter: PreparedLetter) => void) {
    return () => {
      const form = completeForm(LETTER_MESSAGES.missingFields);
      if (form) action(bureauLetter(form, new Date()));
    };
  }

  function markMailed(letter: PreparedLetter, input: MailedInput) {
    setSentLetters([
      ...sentLetters,
      {
        // Not crypto.randomUUID(): it is missing outside secure contexts (plain-HTTP LAN dev).
        id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
        recipient: letter.recipient,
        kind: letter.kind,
        accountNames: letter.accountNames,
        mailedOn: input.mailedOn,
        followsFreeAnnualReport: letter.kind === 'bureau' && input.followsFreeAnnualReport,
      },
    ]);
    toast.success(GENERATOR_MESSAGES.mailed);
  }

  const closePreview = useCallback(() => setPreview(null), []);

  function forget() {
    forgetDetails();
    toast.success(GENERATOR_MESSAGES.detailsForgotten);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <form
          aria-label="Dispute letter"
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
            </div>
            <DisputedItemFields item={firstItem} onChange={setFirstItem} />
            {moreItems.map((item, index) => (
              <fieldset
                key={index}
                className="grid gap-4 rounded-lg border border-gray-200 p-4 md:col-span-2 md:grid-cols-2"
              >
                <legend className="px-1 text-sm font-semibold">Disputed item {index + 2}</legend>
                <DisputedItemFields
                  item={item}
                  labelSuffix={` (item ${index + 2})`}
                  onChange={(next) =>
                    setMoreItems(moreItems.map((each, at) => (at === index ? next : each)))
                  }
                />
                <button
                  type="button"
                  onClick={() => setMoreItems(moreItems.filter((_, at) => at !== index))}
                  className={buttonClasses(
                    'secondary',
                    'px-3 py-2 text-sm md:col-span-2 md:justify-self-start',
                  )}
                >
                  Remove item {index + 2}
                </button>
              </fieldset>
            ))}
            <div className="md:col-span-2">
              <button
                type="button"
                onClick={() => setMoreItems([...moreItems, EMPTY_ITEM])}
                className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
              >
                Add another disputed item
              </button>
            </div>
            <div className="md:col-span-2">
              <label htmlFor={`${id}-evidence`} className={labelClasses}>
                Supporting Evidence (optional)
              </label>
              <textarea
                id={`${id}-evidence`}
                rows={3}
                value={evidence}
                onChange={(event) => setEvidence(event.target.value)}
                placeholder="e.g. Bank statement showing the payment, payoff letter"
                className={inputClasses}
              />
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
          accountNames={[firstItem, ...moreItems].map((item) => item.accountName.trim())}
          onPreview={openFurnisherPreview}
        />
        <SentLettersPanel letters={sentLetters} onChange={setSentLetters} />
      </div>
      <aside className="space-y-6">
        <PrivacyPanel />
        <ExportOptionsPanel
          onDownloadText={withCurrentLetter(download)}
          onExport={(format) => withCurrentLetter((letter) => void exportAs(letter, format))()}
          onPrint={withCurrentLetter(print)}
        />
      </aside>
      {preview && (
        <PreviewModal
          letter={preview}
          onClose={closePreview}
          onDownload={() => download(preview)}
          onExport={(format) => void exportAs(preview, format)}
          onPrint={() => print(preview)}
          onMarkMailed={(input) => markMailed(preview, input)}
        />
      )}
      {printed !== null && <PrintLetter text={printed} />}
    </div>
  );
}
