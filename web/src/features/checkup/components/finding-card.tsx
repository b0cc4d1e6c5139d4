import { answerState, FINDING_KIND_LABELS, SECTION_LABELS, type Finding } from '@shared/checkup';
import type { CheckupApi } from '../hooks/use-checkup';
import { suggestionText } from '../lib/answer-options';
import { Checkbox } from './checkbox';
import { FindingQuestion } from './finding-question';

/** One finding: why it is one, its law, what to do, its question, and leaving it out. */
export function FindingCard({ api, finding }: { api: CheckupApi; finding: Finding }) {
  const checkup = api.checkup!;
  const left = checkup.excluded.includes(finding.id);
  const state = answerState(finding, checkup, api.today);
  const hint = checkup.sample ? suggestionText(finding, checkup) : '';
  return (
    <article
      id={`finding-${finding.id}`}
      aria-label={`${FINDING_KIND_LABELS[finding.kind]}: ${finding.title}`}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <p className="text-sm font-semibold text-brand-800">
        {SECTION_LABELS[finding.section]} · {FINDING_KIND_LABELS[finding.kind]}
      </p>
      <h3 className="font-semibold break-words">{finding.title}</h3>
      <p className="mt-2 break-words">{finding.reason}</p>
      <p className="mt-2 text-sm break-words text-gray-800">
        <strong>Why:</strong> {finding.basis}.
      </p>
      <p className="mt-1 text-sm break-words text-gray-800">
        <strong>What to do:</strong> {finding.action}
      </p>
      <FindingQuestion api={api} finding={finding} />
      {state.state === 'no-letter' && (
        <p className="mt-2 rounded-md bg-gray-50 p-2 text-sm break-words text-gray-900">
          {state.why}
        </p>
      )}
      {hint && (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm break-words text-amber-950">{hint}</p>
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
  );
}
