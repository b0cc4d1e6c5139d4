import type { ReactNode } from 'react';
import { useHydrating } from '@/hooks/use-hydrating';

/**
 * The fields and buttons of a form that is prerendered (its page paints before the app runs):
 * disabled until the app has hydrated them, so that nothing is typed into a field the app does
 * not see yet, and a submit never goes out as the browser's own GET (the password in the URL).
 */
export function FormControls({ className, children }: { className: string; children: ReactNode }) {
  const hydrating = useHydrating();
  return (
    <fieldset disabled={hydrating} className={`min-w-0 ${className}`}>
      {children}
    </fieldset>
  );
}

/**
 * A button outside a form on a prerendered page (a mode switch): disabled, like
 * `FormControls`, until the app has hydrated it and its click does something.
 */
export function PrerenderedButton({
  className,
  onClick,
  children,
}: {
  className: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const hydrating = useHydrating();
  return (
    <button type="button" disabled={hydrating} className={className} onClick={onClick}>
      {children}
    </button>
  );
}
