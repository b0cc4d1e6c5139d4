import { FINDING_KIND_LABELS, type CheckupLetters, type Finding } from '@shared/checkup';
import { BUREAUS } from '@shared/letters';
import { Link } from 'react-router-dom';
import { stepParams } from '../lib/steps';

function BackLink({ finding, practice }: { finding: Finding; practice: boolean }) {
  const params = new URLSearchParams({ ...stepParams('findings', practice), finding: finding.id });
  return (
    <Link to={`?${params.toString()}`} className="font-semibold text-brand-800 underline">
      Answer it
    </Link>
  );
}

/**
 * What is in no letter, so nothing is silently dropped: findings not answered yet and letters that
 * wait for an answer (each with a link back), then the findings no letter can carry, with why.
 */
export function NotInLetter({ letters, practice }: { letters: CheckupLetters; practice: boolean }) {
  const title = (finding: Finding) => `${FINDING_KIND_LABELS[finding.kind]}: ${finding.title}`;
  return (
    <>
      {(letters.notAnswered.length > 0 || letters.waiting.length > 0) && (
        <section
          aria-label="Not in a letter yet"
          className="rounded-xl border-2 border-amber-400 p-4"
        >
          <h3 className="text-lg font-bold">Not in a letter yet</h3>
          <ul className="mt-2 list-disc space-y-2 pl-5">
            {letters.waiting.map(({ bureau, problems }) =>
              problems.map(({ finding, message }) => (
                <li key={`${bureau}-${finding.id}`} className="break-words">
                  <strong>The letter to {BUREAUS[bureau].name} waits:</strong> {title(finding)}.{' '}
                  {message} <BackLink finding={finding} practice={practice} />
                </li>
              )),
            )}
            {letters.notAnswered.map((finding) => (
              <li key={finding.id} className="break-words">
                <strong>{title(finding)}.</strong> Not answered yet.{' '}
                <BackLink finding={finding} practice={practice} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {letters.withoutLetter.length > 0 && (
        <section aria-label="Findings without a letter">
          <h3 className="text-lg font-bold">Findings without a letter</h3>
          <ul className="mt-2 list-disc space-y-2 pl-5">
            {letters.withoutLetter.map(({ finding, why }) => (
              <li key={finding.id} className="break-words">
                <strong>{title(finding)}.</strong> {why}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
