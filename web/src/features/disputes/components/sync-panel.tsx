import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { errorClasses, hintClasses, inputClasses, labelClasses } from '@/components/field-styles';
import toast from '@/lib/toast';
import { useConfirmStep } from '../hooks/use-confirm-step';
import { useSync } from '../hooks/use-sync';

const small = 'px-4 py-2 text-sm';
const MIN_LENGTH = 12;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Sync could not reach our server. Please try again.';
}

/**
 * "Sync across my devices": end-to-end-encrypted sync of this account's data. Turning it on
 * asks for a sync passphrase (not the account password) and shows a recovery code once.
 */
export function SyncPanel({ userId, onPulled }: { userId: string; onPulled: () => void }) {
  const id = useId();
  const { view, warning, sync, start, turnOn, openHere, turnOff } = useSync(userId, onPulled);
  const [asking, setAsking] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const off = useConfirmStep();

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setProblem('');
    try {
      await action();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  function submitTurnOn(event: FormEvent) {
    event.preventDefault();
    if (passphrase.length < MIN_LENGTH)
      return setProblem(`Use a sync passphrase of at least ${MIN_LENGTH} characters`);
    if (passphrase !== again) return setProblem('The two passphrases are not the same');
    void run(async () => {
      setRecoveryCode(await turnOn(passphrase));
      setPassphrase('');
      setAgain('');
      setAsking(false);
    });
  }

  function submitOpen(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await openHere(passphrase);
      setPassphrase('');
      toast.success('Your synced data is open on this device');
    });
  }

  return (
    <div
      className="mt-6 border-t border-gray-200 pt-4"
      aria-labelledby={`${id}-title`}
      role="group"
    >
      <h3 id={`${id}-title`} className="font-bold">
        Sync across my devices
      </h3>
      <p className="mt-1 text-sm text-gray-800">
        Keep the same disputes, files, checkup, details and unfinished letter on every device you
        sign in on. They are encrypted in this browser with your sync passphrase before they leave
        it: our server keeps only ciphertext it cannot read.
      </p>

      {recoveryCode && (
        <div role="status" className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-4">
          <p className="font-semibold">Your recovery code</p>
          <p className="mt-2 font-mono text-lg break-all" data-testid="recovery-code">
            {recoveryCode}
          </p>
          <p className="mt-2 text-sm">
            Print it or write it down now: it is shown only once. With it or your passphrase you can
            open your data on a new device. Without both, nobody, not even us, can.
          </p>
          <button
            type="button"
            onClick={() => setRecoveryCode('')}
            className={buttonClasses('secondary', `mt-3 ${small}`)}
          >
            I have kept it
          </button>
        </div>
      )}

      {view.status === 'checking' && <p className={hintClasses}>Checking sync…</p>}
      {view.status === 'unreachable' && (
        <p className={hintClasses}>Sync could not be checked. Your data here is not affected.</p>
      )}

      {view.status === 'off' &&
        (asking ? (
          <form onSubmit={submitTurnOn} className="mt-3 space-y-3" noValidate>
            <div>
              <label htmlFor={`${id}-pass`} className={labelClasses}>
                Sync passphrase
              </label>
              <input
                id={`${id}-pass`}
                type="password"
                autoComplete="new-password"
                value={passphrase}
                onChange={(event) => setPassphrase(event.target.value)}
                aria-describedby={`${id}-pass-hint`}
                className={inputClasses}
              />
              <p id={`${id}-pass-hint`} className={hintClasses}>
                At least {MIN_LENGTH} characters, and not your account password. We never see it.
              </p>
            </div>
            <div>
              <label htmlFor={`${id}-again`} className={labelClasses}>
                Sync passphrase again
              </label>
              <input
                id={`${id}-again`}
                type="password"
                autoComplete="new-password"
                value={again}
                onChange={(event) => setAgain(event.target.value)}
                className={inputClasses}
              />
            </div>
            <div className="flex gap-3">
              <button type="submit" disabled={busy} className={buttonClasses('primary', small)}>
                {busy ? 'Turning on sync…' : 'Turn on sync'}
              </button>
              <button
                type="button"
                onClick={() => setAsking(false)}
                className={buttonClasses('secondary', small)}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                if ((await start()) === 'setup') setAsking(true);
              })
            }
            className={buttonClasses('secondary', `mt-3 ${small}`)}
          >
            Sync across my devices
          </button>
        ))}

      {view.status === 'elsewhere' && (
        <form onSubmit={submitOpen} className="mt-3 space-y-3" noValidate>
          <p className="text-sm">
            Sync is on for this account. Enter your sync passphrase or recovery code to see your
            synced data on this device.
          </p>
          <div>
            <label htmlFor={`${id}-secret`} className={labelClasses}>
              Sync passphrase or recovery code
            </label>
            <input
              id={`${id}-secret`}
              type="password"
              autoComplete="current-password"
              value={passphrase}
              onChange={(event) => setPassphrase(event.target.value)}
              className={inputClasses}
            />
          </div>
          <button type="submit" disabled={busy} className={buttonClasses('primary', small)}>
            {busy ? 'Opening…' : 'Open my synced data'}
          </button>
        </form>
      )}

      {view.status === 'on' && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm" role="status">
            {view.syncing
              ? 'Sync is on. Syncing…'
              : `Sync is on.${view.lastSynced ? ' Up to date.' : ''}`}
          </p>
          <button
            type="button"
            disabled={view.syncing}
            onClick={() => void sync()}
            className={buttonClasses('secondary', small)}
          >
            Sync now
          </button>
          {off.confirming ? (
            <>
              <button
                ref={off.confirmRef}
                type="button"
                disabled={busy}
                aria-describedby={`${id}-off-warning`}
                onClick={() =>
                  void run(async () => {
                    await turnOff();
                    off.cancel();
                    toast.success('Sync is off. The copy on our server was deleted.');
                  })
                }
                className={buttonClasses('primary', `${small} bg-red-700 hover:bg-red-800`)}
              >
                Yes, turn off sync
              </button>
              <button
                type="button"
                onClick={off.cancel}
                className={buttonClasses('secondary', small)}
              >
                Cancel
              </button>
              <p id={`${id}-off-warning`} className="w-full text-sm font-semibold text-red-800">
                This deletes the encrypted copy on our server. This device keeps its data; other
                devices keep theirs but stop syncing.
              </p>
            </>
          ) : (
            <button
              ref={off.triggerRef}
              type="button"
              onClick={off.ask}
              className={buttonClasses('secondary', small)}
            >
              Turn off sync
            </button>
          )}
        </div>
      )}

      {(problem || warning) && (
        <p role="alert" className={errorClasses}>
          {problem || warning}
        </p>
      )}
    </div>
  );
}
