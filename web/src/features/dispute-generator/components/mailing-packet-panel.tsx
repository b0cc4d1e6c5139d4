import type { LetterForm } from '@shared/letters';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import toast from '@/lib/toast';
import { buttonClasses } from '@/components/button-styles';
import type { PacketFile } from '@/lib/evidence-packet';
import { saveFile } from '@/lib/save-file';
import {
  buildMailingPacket,
  loadPacketBuilder,
  packetExhibits,
  packetFile,
  packetFileName,
} from '../lib/mailing-packet';
import type { PreparedLetter } from '../lib/prepared-letter';
import { GENERATOR_MESSAGES } from '../messages';
import { panelClasses } from './field-styles';

interface MailingPacketPanelProps {
  form: LetterForm;
  letter: PreparedLetter;
  /** Opens the preview of this same letter, where it is marked as mailed. */
  onMarkMailed: () => void;
}

const small = 'px-3 py-2 text-sm';

/**
 * "Build mailing packet": a file for each exhibit the letter lists, one PDF of the letter as
 * downloaded and its exhibits, then "Mark as mailed". Files stay in this browser.
 */
export function MailingPacketPanel({ form, letter, onMarkMailed }: MailingPacketPanelProps) {
  const id = useId();
  const [files, setFiles] = useState<ReadonlyMap<number, readonly PacketFile[]>>(new Map());
  const [busy, setBusy] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const exhibits = packetExhibits(letter);
  const heading = useRef<HTMLHeadingElement>(null);
  // It opens below the form: focus (and the view) go to it.
  useEffect(() => {
    heading.current?.focus();
    void loadPacketBuilder().catch(() => undefined);
  }, []);

  async function attach(number: number, event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = [...(input.files ?? [])];
    input.value = '';
    const accepted: PacketFile[] = [];
    for (const file of chosen) {
      const checked = await packetFile(file);
      if (checked.ok) accepted.push(checked.file);
      else
        toast.error(
          checked.reason === 'too-large'
            ? GENERATOR_MESSAGES.fileTooLarge(file.name)
            : GENERATOR_MESSAGES.fileWrongType(file.name),
        );
    }
    if (accepted.length > 0)
      setFiles((current) =>
        new Map(current).set(number, [...(current.get(number) ?? []), ...accepted]),
      );
  }

  async function download() {
    setBusy(true);
    try {
      const pdf = await buildMailingPacket(form, letter, files);
      saveFile(new Blob([pdf.slice().buffer], { type: 'application/pdf' }), packetFileName(letter));
      setDownloaded(true);
      toast.success(GENERATOR_MESSAGES.packetDownloaded, { position: 'bottom-center' });
    } catch (error) {
      toast.error(
        error instanceof Error && error.name === 'ExhibitError'
          ? error.message
          : GENERATOR_MESSAGES.packetFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={panelClasses}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold">
        Mailing packet
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        One PDF to print: your letter as downloaded, an exhibit list, then each exhibit, stamped
        with its number. Attach a PDF, JPEG or PNG to each exhibit; the files stay in this browser.
      </p>
      {exhibits.length === 0 ? (
        <p className="mt-3 text-sm text-gray-800">
          The letter lists no numbered exhibits: add documents under Supporting Evidence in step 2
          to attach them here.
        </p>
      ) : (
        <ol className="mt-3 space-y-3">
          {exhibits.map((exhibit) => {
            const attached = files.get(exhibit.number) ?? [];
            return (
              <li key={exhibit.number} className="rounded-lg border border-gray-200 p-3 text-sm">
                <p className="break-words">
                  <span className="font-semibold">Exhibit {exhibit.number}:</span>{' '}
                  {exhibit.description}
                </p>
                {attached.length > 0 ? (
                  <ul className="mt-1 list-disc pl-5 break-words text-gray-800">
                    {attached.map((file, at) => (
                      <li key={at}>{file.name}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 font-semibold text-amber-900">
                    No file attached yet: attach one, or enclose a paper copy marked &quot;Exhibit{' '}
                    {exhibit.number}&quot;.
                  </p>
                )}
                <label
                  htmlFor={`${id}-${exhibit.number}`}
                  className={`${buttonClasses('secondary', 'mt-2 cursor-pointer px-3 py-1 text-sm')} focus-within:ring-2 focus-within:ring-blue-700`}
                >
                  {attached.length > 0 ? 'Attach another file' : 'Attach a file'}
                  <span className="sr-only"> to Exhibit {exhibit.number}</span>
                  <input
                    id={`${id}-${exhibit.number}`}
                    type="file"
                    multiple
                    accept="application/pdf,image/jpeg,image/png"
                    className="sr-only"
                    onChange={(event) => void attach(exhibit.number, event)}
                  />
                </label>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={() => void download()}
          className={buttonClasses('primary', small)}
        >
          Download mailing packet
        </button>
        <button
          type="button"
          onClick={onMarkMailed}
          className={buttonClasses(downloaded ? 'primary' : 'secondary', small)}
        >
          Mark as mailed
        </button>
      </div>
    </section>
  );
}
