import { MAX_BACKUP_BYTES, BACKUP_MESSAGES, parseBackup } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { buttonClasses } from '@/components/button-styles';
import { panelClasses } from '@/components/field-styles';
import { saveFile } from '@/lib/save-file';
import type { DisputesApi } from '../hooks/use-disputes';
import { DISPUTE_MESSAGES } from '../messages';

const small = 'px-4 py-2 text-sm';

/** Where the data lives, and Export backup / Import backup / Delete all my data. */
export function BackupPanel({ userId, api }: { userId: string; api: DisputesApi }) {
  const id = useId();
  const [problem, setProblem] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);

  async function exportBackup() {
    const backup = await api.exportBackup();
    if (!backup) return;
    saveFile(
      new Blob([JSON.stringify(backup)], { type: 'application/json' }),
      `my-disputes-backup-${toIsoDate(new Date())}.json`,
    );
    toast.success(DISPUTE_MESSAGES.backupExported);
  }

  async function importBackup(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setProblem('');
    const parsed =
      file.size > MAX_BACKUP_BYTES
        ? { ok: false as const, message: BACKUP_MESSAGES.tooLarge }
        : parseBackup(await file.text(), userId);
    if (!parsed.ok) {
      setProblem(parsed.message);
      toast.error(parsed.message);
      return;
    }
    const count = await api.importBackup(parsed.backup);
    if (count !== undefined) toast.success(DISPUTE_MESSAGES.backupImported(count));
  }

  async function deleteAll() {
    const done = await api.deleteAll();
    setConfirmDelete(false);
    if (done) toast.success(DISPUTE_MESSAGES.deletedAll);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={panelClasses}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-gray-800">
        Your disputes, their letters and the files you attach are kept only in this browser, on this
        device, for this account. Nothing is sent to our servers, so we cannot restore them if this
        browser&apos;s data is cleared. To move them to another browser or device, use{' '}
        <strong>Export backup</strong> here, then sign in there with the same account and use{' '}
        <strong>Import backup</strong>. The backup file holds your personal details: keep it
        private.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={api.busy}
          onClick={() => void exportBackup()}
          className={buttonClasses('secondary', small)}
        >
          Export backup
        </button>
        <label
          htmlFor={`${id}-import`}
          className={`${buttonClasses('secondary', `cursor-pointer ${small}`)} focus-within:ring-2 focus-within:ring-blue-700`}
        >
          Import backup
          <input
            id={`${id}-import`}
            type="file"
            accept="application/json,.json"
            disabled={api.busy}
            onChange={(event) => void importBackup(event)}
            className="sr-only"
          />
        </label>
        {confirmDelete ? (
          <>
            <button
              type="button"
              disabled={api.busy}
              onClick={() => void deleteAll()}
              className={buttonClasses('primary', `${small} bg-red-700 hover:bg-red-800`)}
            >
              Yes, delete everything
            </button>
            <button
              type="button"
              onClick={() => setConfirmDelete(false)}
              className={buttonClasses('secondary', small)}
            >
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={() => setConfirmDelete(true)}
            className={buttonClasses('secondary', `${small} border-red-700 text-red-800`)}
          >
            Delete all my data
          </button>
        )}
      </div>
      {confirmDelete && (
        <p className="mt-3 text-sm font-semibold text-red-800">
          This removes every dispute and attached file of this account from this browser. Export a
          backup first if you want to keep them.
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
    </section>
  );
}
