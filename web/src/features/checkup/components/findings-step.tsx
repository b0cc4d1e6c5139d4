import { FINDING_KIND_LABELS, SECTION_IDS, SECTION_LABELS, type Finding } from '@shared/checkup';
import { BUREAUS } from '@shared/letters';
import type { CheckupApi } from '../hooks/use-checkup';
import { STEP_LABELS, type StepId } from '../lib/steps';
import { FormField } from '@/components/form-field';
import { Checkbox } from './checkbox';

function problemStep(api: CheckupApi, entryId: string): StepId {
  const checkup = api.checkup!;
  if (entryId === 'holder') return 'inquiries';
  if (checkup.personal.some((entry) => entry.id === entryId)) return 'personal';
  if (checkup.publicRecords.some((entry) => entry.id === entryId)) return 'public-records';
  if (checkup.inquiries.some((entry) => entry.id === entryId)) return 'inquiries';
  return checkup.accounts.find((entry) => entry.id === entryId)?.section ?? 'accounts';
}

function FindingCard({ api, finding }: { api: CheckupApi; finding: Finding }) {
  const checkup = api.checkup!;
  const left = checkup.excluded.includes(finding.id);
  const account = checkup.accounts.find((entry) => entry.id === finding.entryId);
  return (
    <li className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <article aria-label={`${FINDING_KIND_LABELS[finding.kind]}: ${finding.title}`}>
        <p className="text-sm font-semibold text-brand-800">{FINDING_KIND_LABELS[finding.kind]}</p>
        <h4 className="font-semibold break-words">{finding.title}</h4>
        <p className="mt-2 break-words">{finding.reason}</p>
        <p className="mt-2 text-sm break-words text-gray-800">
          <strong>Why:</strong> {finding.basis}.
        </p>
        <p className="mt-1 text-sm break-words text-gray-800">
          <strong>What to do:</strong> {finding.action}
        </p>
        {finding.kind === 'mismatch' && account && finding.field && finding.values && (
          <fieldset className="mt-3">
            <legend className="text-sm font-semibold">Which bureau is right?</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {Object.entries(finding.values).map(([bureau, value]) => (
                <label key={bureau} className="flex items-center gap-2 text-sm break-all">
                  <input
                    type="radio"
                    className="h-5 w-5 shrink-0"
                    name={`right-${finding.id}`}
                    checked={finding.rightBureau === bureau}
                    onChange={() =>
                      api.change('accounts', account.id, {
                        rightBureau: { ...account.rightBureau, [finding.field!]: bureau },
                      })
                    }
                  />
                  {BUREAUS[bureau as keyof typeof BUREAUS].name}: {value}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="mt-3">
          <Checkbox
            label="Leave this out of the letters"
            checked={left}
            onChange={(leave) =>
              api.update((current) => ({
                ...current,
                excluded: leave
                  ? [...current.excluded, finding.id]
                  : current.excluded.filter((id) => id !== finding.id),
              }))
            }
          />
        </div>
      </article>
    </li>
  );
}

/** What the checkup found, section by section, each with its reason, its law and what to do. */
export function FindingsStep({ api, goTo }: { api: CheckupApi; goTo: (step: StepId) => void }) {
  const checkup = api.checkup!;
  const theftMatters =
    checkup.accounts.some((entry) => entry.notMine) ||
    checkup.publicRecords.some((entry) => entry.notMine) ||
    checkup.inquiries.some((entry) => entry.applied === 'no');
  const waiting = [...new Set(api.problems.map((problem) => problem.entryId))];
  return (
    <section aria-labelledby="checkup-step-title" className="space-y-6">
      <h2 id="checkup-step-title" tabIndex={-1} className="text-2xl font-bold">
        What the checkup found
      </h2>
      <p role="status">
        {api.findings.length === 0
          ? 'No findings: nothing you entered can be disputed.'
          : `${api.findings.length} ${api.findings.length === 1 ? 'finding' : 'findings'}.`}
      </p>
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
        <fieldset className="rounded-lg border border-gray-300 p-4">
          <legend className="px-1 font-semibold">Identity theft</legend>
          <Checkbox
            label="What is not mine is the result of identity theft"
            checked={checkup.identityTheft}
            onChange={(identityTheft) => api.update((current) => ({ ...current, identityTheft }))}
          />
          {checkup.identityTheft && (
            <FormField
              className="mt-3 max-w-md"
              label="Identity theft report number (FTC or police), if you have one"
              hint="From IdentityTheft.gov or your police report. With it, the letters ask for a block (§1681c-2)."
              value={checkup.identityTheftReportNumber}
              maxLength={40}
              onChange={(identityTheftReportNumber) =>
                api.update((current) => ({ ...current, identityTheftReportNumber }))
              }
            />
          )}
        </fieldset>
      )}
      {SECTION_IDS.map((section) => {
        const found = api.findings.filter((finding) => finding.section === section);
        if (found.length === 0) return null;
        return (
          <section key={section} aria-label={SECTION_LABELS[section]}>
            <h3 className="text-lg font-bold">{SECTION_LABELS[section]}</h3>
            <ul className="mt-2 space-y-3">
              {found.map((finding) => (
                <FindingCard key={finding.id} api={api} finding={finding} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
