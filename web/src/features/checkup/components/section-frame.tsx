import { SECTION_LABELS, type SectionId } from '@shared/checkup';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/button-styles';

const QUESTIONS: Readonly<Record<SectionId, ReactNode>> = {
  personal: (
    <>
      Look at the names, addresses, employers, dates of birth and Social Security number variations
      each report lists. Enter each one once, tick the reports that show it, and mark anything that
      was <strong>never yours</strong>.
    </>
  ),
  accounts: (
    <>
      For each credit card, loan or other account, what does each report show? Enter it once with a
      column per bureau. Tick <strong>Not mine</strong> for an account you never opened.
    </>
  ),
  collections: (
    <>
      Collection accounts: a collection agency or debt buyer reporting a debt. Enter each one once,
      with the original creditor the debt came from.
    </>
  ),
  'public-records': (
    <>
      Today reports show only bankruptcies here. Enter each one with the date filed each report
      shows.
    </>
  ),
  inquiries: (
    <>
      Hard inquiries: companies that got your report when someone applied for credit. For each, did{' '}
      <strong>you</strong> apply for credit with this company?
    </>
  ),
};

interface SectionFrameProps {
  section: SectionId;
  skipped: boolean;
  onSkip: (skipped: boolean) => void;
  children: ReactNode;
}

/** A section of the report: its plain question, its entries, and the way to skip it. */
export function SectionFrame({ section, skipped, onSkip, children }: SectionFrameProps) {
  return (
    <section aria-labelledby="checkup-step-title" className="space-y-4">
      <h2 id="checkup-step-title" tabIndex={-1} className="text-2xl font-bold">
        {SECTION_LABELS[section]}
      </h2>
      <p className="text-gray-800">{QUESTIONS[section]}</p>
      {skipped ? (
        <div className="rounded-lg border border-gray-300 bg-gray-50 p-4">
          <p>You skipped this section: it counts for nothing in the findings.</p>
          <button
            type="button"
            className={buttonClasses('secondary', 'mt-3 px-4 py-2 text-sm')}
            onClick={() => onSkip(false)}
          >
            Check this section after all
          </button>
        </div>
      ) : (
        <>
          {children}
          <button
            type="button"
            className={buttonClasses('tertiary', 'py-2 text-sm')}
            onClick={() => onSkip(true)}
          >
            Skip this section
          </button>
        </>
      )}
    </section>
  );
}

export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={buttonClasses('secondary', 'px-4 py-2 text-sm')}
    >
      + {children}
    </button>
  );
}
