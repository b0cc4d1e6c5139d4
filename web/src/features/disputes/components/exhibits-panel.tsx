import {
  exhibitSlots,
  LIMITS,
  type Dispute,
  type ExhibitInfo,
  type ExhibitSlot,
} from '@shared/disputes';
import { useId, type ChangeEvent } from 'react';
import toast from '@/lib/toast';
import { buttonClasses } from '@/components/button-styles';
import type { DisputesApi } from '../hooks/use-disputes';
import { readExhibitFile } from '@/lib/exhibit-file';
import { newId } from '@/lib/device-store';
import { DISPUTE_MESSAGES } from '../messages';

interface ExhibitsPanelProps {
  dispute: Dispute;
  api: DisputesApi;
  onDownloadPacket: () => void;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

function FileRow({
  file,
  label,
  dispute,
  api,
}: {
  file: ExhibitInfo;
  label: string;
  dispute: Dispute;
  api: DisputesApi;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="min-w-0 text-sm break-all">
        {file.name} ({size(file.size)})
      </span>
      <button
        type="button"
        disabled={api.busy}
        onClick={() => void api.removeExhibit(dispute.id, file.id)}
        className={buttonClasses('secondary', 'px-3 py-1 text-sm')}
        aria-label={`Remove ${file.name} from ${label}`}
      >
        Remove
      </button>
    </li>
  );
}

/** One of the letter's exhibits: its description, its files, and a file input for more. */
function SlotRow({
  slot,
  dispute,
  api,
  hintId,
}: {
  slot: ExhibitSlot;
  dispute: Dispute;
  api: DisputesApi;
  hintId: string;
}) {
  const id = useId();
  const label = `Exhibit ${slot.number}`;

  async function attach(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (dispute.exhibits.length + files.length > LIMITS.exhibitsPerDispute) {
      toast.error(DISPUTE_MESSAGES.tooManyFiles);
      return;
    }
    const accepted: { info: ExhibitInfo; bytes: ArrayBuffer }[] = [];
    for (const file of files) {
      const checked = await readExhibitFile(file);
      if (!checked.ok) {
        toast.error(
          checked.reason === 'too-large'
            ? DISPUTE_MESSAGES.fileTooLarge(file.name)
            : DISPUTE_MESSAGES.fileWrongType(file.name),
        );
        continue;
      }
      accepted.push({
        info: {
          id: newId(),
          exhibit: slot.number,
          name: file.name.slice(0, LIMITS.exhibitName),
          type: checked.type,
          size: file.size,
        },
        bytes: checked.bytes,
      });
    }
    if (accepted.length === 0) return;
    const added = await api.addExhibits(dispute.id, accepted);
    if (added)
      for (const file of accepted)
        toast.success(DISPUTE_MESSAGES.fileAttached(file.info.name, slot.number));
  }

  return (
    <li className="space-y-2 rounded-lg border border-gray-200 p-3">
      <p className="text-sm break-words">
        <span className="font-semibold">{label}:</span> {slot.description}
      </p>
      {slot.files.length > 0 ? (
        <ul className="space-y-2">
          {slot.files.map((file) => (
            <FileRow key={file.id} file={file} label={label} dispute={dispute} api={api} />
          ))}
        </ul>
      ) : (
        <p className="text-sm font-semibold text-amber-900">
          {DISPUTE_MESSAGES.exhibitMissing(slot.number)}
        </p>
      )}
      <label
        htmlFor={`${id}-file`}
        className={`${buttonClasses('secondary', 'cursor-pointer px-3 py-1 text-sm')} focus-within:ring-2 focus-within:ring-blue-700`}
      >
        {slot.files.length > 0 ? 'Attach another file' : 'Attach a file'}
        <span className="sr-only"> to {label}</span>
        <input
          id={`${id}-file`}
          type="file"
          multiple
          accept={ACCEPT}
          disabled={api.busy}
          onChange={(event) => void attach(event)}
          className="sr-only"
          aria-describedby={hintId}
        />
      </label>
    </li>
  );
}

/** The letter's numbered exhibits with the files attached to each, and the evidence packet. */
export function ExhibitsPanel({ dispute, api, onDownloadPacket }: ExhibitsPanelProps) {
  const id = useId();
  const { slots, unlisted } = exhibitSlots(dispute);

  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Evidence packet</h3>
      <p className="text-sm text-gray-800">
        One PDF to print and mail: the letter (its first page fits a #10 window envelope), its
        exhibit list, then the files you attach to each exhibit, every page stamped with its exhibit
        number. Your files stay in this browser.
      </p>
      {slots.length > 0 ? (
        <ol className="space-y-3">
          {slots.map((slot) => (
            <SlotRow
              key={slot.number}
              slot={slot}
              dispute={dispute}
              api={api}
              hintId={`${id}-hint`}
            />
          ))}
        </ol>
      ) : (
        dispute.letterText && (
          <p className="text-sm text-gray-800">
            This letter lists no exhibits, so the packet holds the letter and an empty exhibit list.
            To enclose documents, list them as Supporting Evidence when you make the letter.
          </p>
        )
      )}
      {unlisted.length > 0 && (
        <div className="space-y-2">
          <p className="text-sm font-semibold text-amber-900">
            These files are not attached to any exhibit of this letter, so the packet leaves them
            out:
          </p>
          <ul className="space-y-2">
            {unlisted.map((file) => (
              <FileRow key={file.id} file={file} label="this dispute" dispute={dispute} api={api} />
            ))}
          </ul>
        </div>
      )}
      <button
        type="button"
        disabled={api.busy || !dispute.letterText}
        onClick={onDownloadPacket}
        className={buttonClasses('primary', 'px-4 py-2 text-sm')}
      >
        Download evidence packet
      </button>
      <p id={`${id}-hint`} className="text-xs text-gray-700">
        PDF, JPEG or PNG, up to {LIMITS.exhibitBytes / (1024 * 1024)} MB each.
        {!dispute.letterText &&
          ' The packet needs the letter itself, which was not kept for letters recorded before My Disputes.'}
      </p>
    </div>
  );
}
