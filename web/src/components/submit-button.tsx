import type { ReactNode } from 'react';
import { buttonClasses } from './button-styles';

/** The one primary action of a form: full width, disabled with "Please wait..." while busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className={buttonClasses('primary', 'w-full')}>
      {busy ? 'Please wait...' : children}
    </button>
  );
}
