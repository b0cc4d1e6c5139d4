import type { ErrorTypeId } from '@shared/letters';
import { useRef } from 'react';
import { situations } from '../lib/type-helper';

/**
 * "Not sure which type?": plain situations, each choosing the error type that disputes it. It
 * follows the Error Type field, which gets the focus back once a type is chosen.
 */
export function TypeHelper({ onChoose }: { onChoose: (type: ErrorTypeId) => void }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="mt-2 text-sm md:col-span-2">
      <summary className="cursor-pointer font-semibold text-blue-800 underline">
        Not sure which type?
      </summary>
      <ul className="mt-2 space-y-1">
        {situations().map(({ situation, type, label }) => (
          <li key={situation}>
            <button
              type="button"
              onClick={() => {
                onChoose(type);
                const helper = details.current;
                if (!helper) return;
                helper.open = false;
                helper.previousElementSibling?.querySelector<HTMLElement>('select')?.focus();
              }}
              className="w-full rounded-md border border-gray-200 px-3 py-2 text-left hover:border-blue-800"
            >
              {situation}: <span className="font-semibold">{label}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
