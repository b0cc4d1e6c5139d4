import { emptyCheckup, sampleCheckup } from '@shared/checkup';
import { BUREAU_IDS, BUREAUS, type BureauId } from '@shared/letters';
import { useState } from 'react';
import { buttonClasses } from '@/components/button-styles';
import type { CheckupApi } from '../hooks/use-checkup';
import { CHECKUP_MESSAGES } from '../messages';
import { Checkbox } from './checkbox';

/** Which reports the user has (the others are skipped), then their own reports or the sample. */
export function StartStep({ api, onStarted }: { api: CheckupApi; onStarted: () => void }) {
  const checkup = api.checkup;
  const [chosen, setChosen] = useState<BureauId[]>(checkup?.bureaus ?? [...BUREAU_IDS]);
  const bureaus = checkup?.bureaus ?? chosen;
  const setBureaus = (next: BureauId[]) =>
    checkup ? api.update((current) => ({ ...current, bureaus: next })) : setChosen(next);
  const none = bureaus.length === 0;
  return (
    <section aria-labelledby="checkup-step-title" className="space-y-5">
      <h2 id="checkup-step-title" tabIndex={-1} className="text-2xl font-bold">
        Check your credit reports, section by section
      </h2>
      <p>
        Have your reports in front of you (free every week at AnnualCreditReport.com). The checkup
        walks through them in the order the FTC suggests: personal information, accounts,
        collections, public records and inquiries. You enter each item once, with a column for each
        bureau, and it finds what you can dispute, with the reason, then makes every letter at once.
      </p>
      <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
        Private by design: what you enter stays in this browser, for this account. It is never sent
        to our servers. It is part of your My Disputes backup, and &quot;Delete all my data&quot;
        removes it.
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
        {checkup ? (
          <button
            type="button"
            disabled={none}
            className={buttonClasses('primary')}
            onClick={onStarted}
          >
            Continue the checkup
          </button>
        ) : (
          <>
            <button
              type="button"
              disabled={none}
              className={buttonClasses('primary')}
              onClick={() => {
                api.start({ ...emptyCheckup(), bureaus: chosen });
                onStarted();
              }}
            >
              Start with my reports
            </button>
            <button
              type="button"
              className={buttonClasses('secondary')}
              onClick={() => {
                api.start({
                  ...sampleCheckup(api.today),
                  bureaus: chosen.length > 0 ? chosen : [...BUREAU_IDS],
                });
                onStarted();
              }}
            >
              Try it with a sample
            </button>
          </>
        )}
      </div>
    </section>
  );
}
