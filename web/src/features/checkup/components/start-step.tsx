import { BUREAU_IDS, BUREAUS, type BureauId } from '@shared/letters';
import { useState } from 'react';
import { buttonClasses } from '@/components/button-styles';
import type { CheckupApi } from '../hooks/use-checkup';
import { CHECKUP_MESSAGES } from '../messages';
import { Checkbox } from './checkbox';

interface StartStepProps {
  api: CheckupApi;
  /** Opens the user's own checkup (`false`) or the practice run (`true`) where it was left. */
  onOpen: (practice: boolean) => void;
}

/** Which reports the user has (the others are skipped), then their own reports or the sample. */
export function StartStep({ api, onOpen }: StartStepProps) {
  const checkup = api.checkup;
  const [chosen, setChosen] = useState<BureauId[]>(checkup?.bureaus ?? [...BUREAU_IDS]);
  const bureaus = checkup?.bureaus ?? chosen;
  const setBureaus = (next: BureauId[]) =>
    checkup ? api.update((current) => ({ ...current, bureaus: next })) : setChosen(next);
  const none = bureaus.length === 0;
  const ownButton = (
    <button
      type="button"
      disabled={none}
      className={buttonClasses(api.practice ? 'secondary' : 'primary')}
      onClick={() => {
        // The real checkup after a sample begins empty: nothing of the sample comes along.
        if (!api.hasOwn) api.startOwn(bureaus);
        onOpen(false);
      }}
    >
      {api.hasOwn ? 'Continue the checkup' : 'Start with my reports'}
    </button>
  );
  const practiceButton = (
    <button
      type="button"
      disabled={none}
      className={buttonClasses(api.practice ? 'primary' : 'secondary')}
      onClick={() => {
        if (!api.hasPractice) api.startPractice(bureaus);
        onOpen(true);
      }}
    >
      {api.hasPractice ? 'Continue the sample' : 'Try it with a sample'}
    </button>
  );
  return (
    <section aria-labelledby="checkup-step-title" className="space-y-5">
      <h2 id="checkup-step-title" tabIndex={-1} className="text-2xl font-bold">
        Check your credit reports, section by section
      </h2>
      <p>
        Have your reports in front of you: they are free every week at{' '}
        <a
          href="https://www.annualcreditreport.com"
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-800 underline"
        >
          AnnualCreditReport.com
        </a>
        . The checkup walks through them in the order the FTC suggests: personal information,
        accounts, collections, public records and inquiries. You enter each item once, with a column
        for each bureau. It finds what may be wrong and asks you about each finding; only what you
        answer goes into a letter.
      </p>
      <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
        Private by design: what you enter stays in this browser, for this account. It is never sent
        to our servers. It is part of your My Disputes backup, and &quot;Delete all my data&quot;
        removes it. The sample is practice: it is kept apart and never in your backup.
      </p>
      <fieldset>
        <legend className="font-semibold">Which reports do you have?</legend>
        <p className="text-sm text-gray-800">Untick a bureau to skip it.</p>
        <div className="mt-2 flex flex-wrap gap-5">
          {BUREAU_IDS.map((bureau) => (
            <Checkbox
              key={bureau}
              label={BUREAUS[bureau].name}
              checked={bureaus.includes(bureau)}
              onChange={(on) =>
                setBureaus(
                  BUREAU_IDS.filter((each) => (each === bureau ? on : bureaus.includes(each))),
                )
              }
            />
          ))}
        </div>
        {none && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {CHECKUP_MESSAGES.noBureau}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        {api.practice ? (
          <>
            {practiceButton}
            {ownButton}
          </>
        ) : (
          <>
            {ownButton}
            {practiceButton}
          </>
        )}
      </div>
    </section>
  );
}
