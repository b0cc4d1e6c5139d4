import { answerSample, FINDING_KIND_LABELS, SECTION_IDS } from '@shared/checkup';
import { useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { FormField } from '@/components/form-field';
import type { CheckupApi } from '../hooks/use-checkup';
import { STEP_LABELS, type StepId } from '../lib/steps';
import { FindingCard } from './finding-card';
import { OneAtATime } from './one-at-a-time';

function problemStep(api: CheckupApi, entryId: string): StepId {
  const checkup = api.checkup!;
  if (entryId === 'holder') return 'inquiries';
  if (checkup.personal.some((entry) => entry.id === entryId)) return 'personal';
  if (checkup.publicRecords.some((entry) => entry.id === entryId)) return 'public-records';
  if (checkup.inquiries.some((entry) => entry.id === entryId)) return 'inquiries';
  return checkup.accounts.find((entry) => entry.id === entryId)?.section ?? 'accounts';
}

/** What the checkup found, each with its reason, its law, what to do and its question. */
export function FindingsStep({ api, goTo }: { api: CheckupApi; goTo: (step: StepId) => void }) {
  const checkup = api.checkup!;
  const [params] = useSearchParams();
  const theftMatters =
    checkup.accounts.some((entry) => entry.notMine) ||
    checkup.publicRecords.some((entry) => entry.notMine) ||
    checkup.personal.some((entry) => entry.neverMine) ||
    checkup.inquiries.some((entry) => entry.applied === 'no');
  const waiting = [...new Set(api.problems.map((problem) => problem.entryId))];
  // Section by section, in the FTC's order.
  const findings = SECTION_IDS.flatMap((section) =>
    api.findings.filter((finding) => finding.section === section),
  );
  return (
    <section aria-labelledby="checkup-step-title" className="space-y-6">
      <h2 id="checkup-step-title" tabIndex={-1} className="text-2xl font-bold">
        What the checkup found
      </h2>
      <p role="status">
        {findings.length === 0
          ? 'No findings: nothing you entered can be disputed.'
          : `${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}. Each is a question until you answer it: only what you answer goes into a letter.`}
      </p>
      {checkup.sample && findings.length > 0 && (
        <div className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
          <p>Practice: each finding suggests how Alex would answer.</p>
          <button
            type="button"
            className={buttonClasses('secondary', 'mt-2 px-4 py-2 text-sm')}
            onClick={() => api.update((current) => answerSample(current))}
          >
            Answer them all as suggested
          </button>
        </div>
      )}
      {waiting.length > 0 && (
        <div role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">
            {waiting.length === 1 ? '1 entry has' : `${waiting.length} entries have`} a value to
            fix; its findings wait until it is fixed.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {waiting.map((entryId) => (
              <li key={entryId}>
                <button
                  type="button"
                  className="underline"
                  onClick={() => goTo(problemStep(api, entryId))}
                >
                  Fix it in {STEP_LABELS[problemStep(api, entryId)]}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {theftMatters && (
        <FormField
          className="max-w-md"
          label="Identity theft report number (FTC or police), if you have one"
          hint="From IdentityTheft.gov or your police report. Tick, on each item, whether the report lists it: only those are blocked (§1681c-2)."
          value={checkup.identityTheftReportNumber}
          maxLength={40}
          onChange={(identityTheftReportNumber) =>
            api.update((current) => ({ ...current, identityTheftReportNumber }))
          }
        />
      )}
      <OneAtATime
        noun="finding"
        openKey={params.get('finding')}
        items={findings.map((finding) => ({
          key: finding.id,
          label: `${FINDING_KIND_LABELS[finding.kind]}: ${finding.title}`,
          node: <FindingCard api={api} finding={finding} />,
        }))}
      />
    </section>
  );
}
