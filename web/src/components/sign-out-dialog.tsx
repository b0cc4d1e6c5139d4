import { useEffect, useId, useRef } from 'react';
import { buttonClasses } from './button-styles';

interface SignOutDialogProps {
  onKeep: () => void;
  onClear: () => void;
  onCancel: () => void;
}

/**
 * Asked at sign-out when this browser holds the user's data: keep it here for next time, or
 * clear it from this device. A native modal dialog (focus kept inside, Escape cancels).
 */
export default function SignOutDialog({ onKeep, onClear, onCancel }: SignOutDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-full max-w-md rounded-xl bg-white p-6 text-gray-900 shadow-xl backdrop:bg-gray-900/60"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Sign out
      </h2>
      <p className="mt-3 text-gray-800">
        Your disputes and details are saved in this browser for your account only. Keep them here
        for next time, or clear them from this device (for example on a shared computer)?
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" onClick={onKeep} className={buttonClasses('primary')}>
          Keep on this device
        </button>
        <button type="button" onClick={onClear} className={buttonClasses('secondary')}>
          Clear from this device
        </button>
        <button type="button" onClick={onCancel} className={buttonClasses('tertiary')}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
