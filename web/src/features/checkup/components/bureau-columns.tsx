import { BUREAUS, type BureauId } from '@shared/letters';
import { useId, type ReactNode } from 'react';
import { errorClasses } from '@/components/field-styles';
import { Checkbox } from './checkbox';

/** The question heading each bureau's column: "What does Experian show?", "And Equifax?"… */
export function columnQuestion(bureau: BureauId, index: number): string {
  return index === 0 ? `What does ${BUREAUS[bureau].name} show?` : `And ${BUREAUS[bureau].name}?`;
}

interface BureauColumnsProps<T> {
  bureaus: readonly BureauId[];
  reports: Partial<Record<BureauId, T>>;
  empty: T;
  onChange: (reports: Partial<Record<BureauId, T>>) => void;
  /** Set when the entry is disputed but on no report (`shown` in validate.ts). */
  error?: string | undefined;
  /** The column's fields for a bureau that shows the item. */
  children: (bureau: BureauId, facts: T, set: (facts: T) => void) => ReactNode;
}

/** One column per bureau the user has a report from: shown or not, and what it shows. */
export function BureauColumns<T>({
  bureaus,
  reports,
  empty,
  onChange,
  error,
  children,
}: BureauColumnsProps<T>) {
  const errorId = useId();
  return (
    <>
      <p className="mt-4 text-sm text-gray-800">Tick each report that shows it.</p>
      {error && (
        // Said aloud as it appears: it follows a tick on "Not mine", below the columns.
        <p id={errorId} role="alert" className={`${errorClasses} break-words`}>
          {error}
        </p>
      )}
      <div className="mt-2 grid gap-4 md:grid-cols-3">
        {bureaus.map((bureau, index) => {
          const facts = reports[bureau];
          const set = (next: T | undefined) => {
            const copy = { ...reports };
            if (next === undefined) delete copy[bureau];
            else copy[bureau] = next;
            onChange(copy);
          };
          return (
            <fieldset
              key={bureau}
              aria-describedby={error ? errorId : undefined}
              className="min-w-0 rounded-lg border border-gray-300 p-3"
            >
              <legend className="px-1 font-semibold">{columnQuestion(bureau, index)}</legend>
              <Checkbox
                label={`Shown on my ${BUREAUS[bureau].name} report`}
                checked={facts !== undefined}
                onChange={(shown) => set(shown ? { ...empty } : undefined)}
              />
              {facts !== undefined && (
                <div className="mt-3 space-y-3">{children(bureau, facts, (next) => set(next))}</div>
              )}
            </fieldset>
          );
        })}
      </div>
    </>
  );
}
