import { BUREAUS, isBureauId, requiredEnclosures, type EnclosureId } from '@shared/letters';
import type { GeneratorDraft } from '../lib/generator-draft';
import { LETTER_NOTES, REVIEW_NOTES } from '../messages';
import { EnclosureChecklist } from './enclosure-checklist';

interface ReviewSummaryProps {
  draft: GeneratorDraft;
  senderName: string;
  onEnclosures: (enclosures: EnclosureId[]) => void;
}

/** Step 3's summary of the letter and its enclosures. */
export function ReviewSummary({ draft, senderName, onEnclosures }: ReviewSummaryProps) {
  return (
    <>
      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold text-gray-900">To</dt>
        <dd className="break-words text-gray-800">
          {isBureauId(draft.bureau) ? BUREAUS[draft.bureau].name : REVIEW_NOTES.noBureau}
        </dd>
        <dt className="font-semibold text-gray-900">Disputed items</dt>
        <dd className="break-words text-gray-800">
          {draft.items.map((item) => item.accountName.trim() || REVIEW_NOTES.unnamed).join('; ')}
        </dd>
        <dt className="font-semibold text-gray-900">From</dt>
        <dd className="break-words text-gray-800">{senderName.trim() || REVIEW_NOTES.noName}</dd>
      </dl>
      <div className="mt-6">
        <EnclosureChecklist
          selected={draft.enclosures}
          onChange={onEnclosures}
          required={requiredEnclosures(draft.items)}
          requiredReason={LETTER_NOTES.idNeededForIdentityTheft}
        />
      </div>
    </>
  );
}
