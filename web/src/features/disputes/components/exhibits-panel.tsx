import { LIMITS, type Dispute, type ExhibitInfo } from '@shared/disputes';
import { useId, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { buttonClasses } from '@/components/button-styles';
import type { DisputesApi } from '../hooks/use-disputes';
import { readExhibitFile } from '../lib/exhibit-file';
import { newId } from '../lib/ids';
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

/** Files attached as numbered exhibits, and the evidence packet built from them. */
export function ExhibitsPanel({ dispute, api, onDownloadPacket }: ExhibitsPanelProps) {
  const id = useId();

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
      accepted.forEach((file, index) =>
        toast.success(
          DISPUTE_MESSAGES.fileAttached(file.info.name, dispute.exhibits.length + index + 1),
        ),
      );
  }

  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Evidence packet</h3>
      <p className="text-sm text-gray-800">
        One PDF to print and mail: the letter (its first page fits a #10 window envelope), an
        exhibit list, then each file you attach, stamped &quot;Exhibit 1&quot;, &quot;Exhibit
        2&quot;… Your files stay in this browser.
      </p>
      {dispute.exhibits.length > 0 && (
        <ol className="space-y-2">
          {dispute.exhibits.map((exhibit, index) => (
            <li key={exhibit.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 text-sm break-all">
                <span className="font-semibold">Exhibit {index + 1}:</span> {exhibit.name} (
                {size(exhibit.size)})
              </span>
              <button
                type="button"
                disabled={api.busy}
                onClick={() => void api.removeExhibit(dispute.id, exhibit.id)}
                className={buttonClasses('secondary', 'px-3 py-1 text-sm')}
                aria-label={`Remove Exhibit ${index + 1} (${exhibit.name})`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={`${id}-files`}
          className={`${buttonClasses('secondary', 'cursor-pointer px-4 py-2 text-sm')} focus-within:ring-2 focus-within:ring-blue-700`}
        >
          Attach files
          <input
            id={`${id}-files`}
            type="file"
            multiple
            accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
            disabled={api.busy}
            onChange={(event) => void attach(event)}
            className="sr-only"
            aria-describedby={`${id}-hint`}
          />
        </label>
        <button
          type="button"
          disabled={api.busy || !dispute.letterText}
          onClick={onDownloadPacket}
          className={buttonClasses('primary', 'px-4 py-2 text-sm')}
        >
          Download evidence packet
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-700">
        PDF, JPEG or PNG, up to {LIMITS.exhibitBytes / (1024 * 1024)} MB each.
        {!dispute.letterText &&
          ' The packet needs the letter itself, which was not kept for letters recorded before My Disputes.'}
      </p>
    </div>
  );
}
