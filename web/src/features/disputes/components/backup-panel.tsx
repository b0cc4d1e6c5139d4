import { MAX_BACKUP_BYTES, BACKUP_MESSAGES, parseBackup } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { useId, useState, type ChangeEvent } from 'react';
import toast from '@/lib/toast';
import { buttonClasses } from '@/components/button-styles';
import { panelClasses } from '@/components/field-styles';
import { saveFile } from '@/lib/save-file';
import { useConfirmStep } from '../hooks/use-confirm-step';
import type { DisputesApi } from '../hooks/use-disputes';
import { DISPUTE_MESSAGES } from '../messages';
import { SyncPanel } from './sync-panel';

const small = 'px-4 py-2 text-sm';

/** Where the data lives, and Export backup / Import backup / Delete all my data. */
export function BackupPanel({ userId, api }: { userId: string; api: DisputesApi }) {
  const id = useId();
  const [problem, setProblem] = useState('');
  const remove = useConfirmStep();

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
    setProblem('');
    const done = await api.deleteAll();
    remove.cancel();
    if (done === true) toast.success(DISPUTE_MESSAGES.deletedAll);
    if (done === 'server-kept') {
      setProblem(DISPUTE_MESSAGES.deleteAllFailed);
      toast.error(DISPUTE_MESSAGES.deleteAllFailed);
    }
  }

  return (
    <section id="backup" aria-labelledby={`${id}-title`} className={panelClasses}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-gray-800">
        Your disputes, their letters and the files you attach are kept in this browser, on this
        device, for this account, like the details the generator remembers for you. Unless you turn
        on sync below, nothing is sent to our servers, so we cannot restore them if this
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
        {remove.confirming ? (
          <>
            <button
              ref={remove.confirmRef}
              type="button"
              aria-describedby={`${id}-delete-warning`}
              disabled={api.busy}
              onClick={() => void deleteAll()}
              className={buttonClasses('primary', `${small} bg-red-700 hover:bg-red-800`)}
            >
              Yes, delete everything
            </button>
            <button
              type="button"
              onClick={remove.cancel}
              className={buttonClasses('secondary', small)}
            >
              Cancel
            </button>
          </>
        ) : (
          <button
            ref={remove.triggerRef}
            type="button"
            onClick={remove.ask}
            className={buttonClasses('secondary', `${small} border-red-700 text-red-800`)}
          >
            Delete all my data
          </button>
        )}
      </div>
      {remove.confirming && (
        <p id={`${id}-delete-warning`} className="mt-3 text-sm font-semibold text-red-800">
          This removes from this browser every dispute and attached file of this account, your
          report checkup, and your saved details (name, address, phone and e-mail). It also deletes
          the encrypted synced copy on our server (your other devices stop syncing) and turns off
          e-mail reminders. Export a backup first if you want to keep your disputes.
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
      <SyncPanel userId={userId} onPulled={() => void api.reload()} />
    </section>
  );
}
