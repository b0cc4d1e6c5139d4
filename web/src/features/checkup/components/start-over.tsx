import { useState } from 'react';
import { buttonClasses } from '@/components/button-styles';

/** "Start over", asked twice: it clears the checkup on screen from this browser. */
export function StartOver({ practice, onConfirm }: { practice: boolean; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="border-t border-gray-200 pt-4 text-sm">
      {confirming ? (
        <div role="group" aria-label="Start over" className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-red-800">
            {practice
              ? 'This clears the practice run on the sample from this browser.'
              : 'This clears everything you entered in the checkup from this browser.'}
          </p>
          <button
            type="button"
            className={buttonClasses('primary', 'bg-red-700 px-4 py-2 text-sm hover:bg-red-800')}
            onClick={() => {
              setConfirming(false);
              onConfirm();
            }}
          >
            Yes, clear the checkup
          </button>
          <button
            type="button"
            className={buttonClasses('secondary', 'px-4 py-2 text-sm')}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={buttonClasses('tertiary', 'py-2 text-sm text-red-800')}
          onClick={() => setConfirming(true)}
        >
          Start over
        </button>
      )}
    </div>
  );
}
