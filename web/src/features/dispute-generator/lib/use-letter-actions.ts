import {
  disputedItems,
  furnisherLetterApplies,
  type BureauChoice,
  type LetterForm,
} from '@shared/letters';
import { useCallback, useState } from 'react';
import toast from '@/lib/toast';
import { LETTER_MESSAGES } from '../messages';
import { isSeveral } from './bureau-letters';
import type { GuardedAction, PanelAction } from './guarded-action';
import type { LetterCheck } from './letter-check';
import { bureauLetter, furnisherLetter } from './letter-assembly';
import { downloadBureauLetters, downloadLetter, exportLetterAs } from './letter-output';
import type { PreparedLetter } from './prepared-letter';
import { usePrintLetter } from './use-print-letter';

interface LetterActionsOptions {
  check: LetterCheck;
  /** The further bureaus ticked under "Also send to". */
  copies: BureauChoice;
  /** The report number of the letter's own bureau, for its copy in the .zip. */
  reportNumber: string;
  /** Marks every missing field and broken rule, and focuses the first. */
  showAllMissing: () => void;
}

/**
 * What the Review step does with the letter: Generate, Preview, the mailing packet, the creditor
 * letter and the export panel. Each builds the letter from the current form, or, when the form is
 * incomplete, shows a toast and marks every missing field.
 */
export function useLetterActions({
  check,
  copies,
  reportNumber,
  showAllMissing,
}: LetterActionsOptions) {
  const [preview, setPreview] = useState<{
    letter: PreparedLetter;
    pendingAction?: GuardedAction;
  } | null>(null);
  const [packetOpen, setPacketOpen] = useState(false);
  const [printed, print] = usePrintLetter();

  function completeForm(message: string): LetterForm | null {
    if (check.complete) return check.complete;
    toast.error(message);
    showAllMissing();
    return null;
  }

  /** Downloads the letter (one per chosen bureau, in a .zip) and shows it in the preview. */
  function generate() {
    const complete = completeForm(LETTER_MESSAGES.missingFields);
    if (!complete) return;
    const letter = bureauLetter(complete, new Date());
    setPreview({ letter });
    if (isSeveral(copies, complete.bureau))
      void downloadBureauLetters(complete, reportNumber, copies);
    else downloadLetter(letter);
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
    validationRequest = false,
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
          validationRequest,
        }),
      });
  }

  function openPacket() {
    if (completeForm(LETTER_MESSAGES.missingFields)) setPacketOpen(true);
  }

  /**
   * Export-panel actions work on the current form, like Generate. With placeholders left, print
   * and export go through the preview, which warns first.
   */
  function withCurrentLetter(action: PanelAction) {
    const complete = completeForm(LETTER_MESSAGES.missingFields);
    if (!complete) return;
    const letter = bureauLetter(complete, new Date());
    if (action === 'download') downloadLetter(letter);
    else if (letter.placeholders.length > 0) setPreview({ letter, pendingAction: action });
    else if (action.kind === 'export') void exportLetterAs(letter, action.format);
    else print(letter);
  }

  const closePreview = useCallback(() => setPreview(null), []);

  return {
    preview,
    /** The letter being printed: the page prints it instead of itself. */
    printed,
    // The packet's letter is built as the download builds it: same text, same date.
    packetLetter: packetOpen && check.form ? bureauLetter(check.form, new Date()) : null,
    generate,
    openPreview,
    openFurnisherPreview,
    openPacket,
    withCurrentLetter,
    showInPreview: (letter: PreparedLetter) => setPreview({ letter }),
    closePreview,
    print,
    /** Back to no preview and no packet, for the next letter. */
    reset() {
      setPreview(null);
      setPacketOpen(false);
    },
  };
}
