import type { MailedLetter } from '@shared/disputes';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { useCheckup } from '../hooks/use-checkup';
import {
  isSectionStep,
  isStepId,
  nextStep,
  previousStep,
  resumeStep,
  stepParams,
  STEP_IDS,
  STEP_LABELS,
  type StepId,
} from '../lib/steps';
import { CHECKUP_MESSAGES } from '../messages';
import { AccountSection, problemOf } from './account-section';
import { FormField } from '@/components/form-field';
import { FindingsStep } from './findings-step';
import { LettersStep } from './letters-step';
import { PersonalSection } from './personal-section';
import { InquiriesSection, PublicRecordsSection } from './records-and-inquiries';
import { SectionFrame } from './section-frame';
import { StartOver } from './start-over';
import { StartStep } from './start-step';

interface CheckupWalkProps {
  userId: string;
  /** The name given at sign-up, '' when none: never the e-mail's handle in a letter. */
  signUpName: string;
  /** Records the mailed letters in My Disputes (the app composes it with the disputes feature). */
  onMailed: (letters: MailedLetter[]) => Promise<void>;
}

/** /checkup: the guided walk through the user's reports, the findings and the letters. */
export function CheckupWalk({ userId, signUpName, onMailed }: CheckupWalkProps) {
  const [params, setParams] = useSearchParams();
  const practice = params.get('practice') === '1';
  const api = useCheckup(userId, practice);
  const asked = params.get('step');
  const step: StepId = api.checkup && isStepId(asked) ? asked : 'start';
  const moved = useRef(false);

  // Each step is a history entry: Back goes to the previous step, a reload stays on this one.
  function goTo(next: StepId, inPractice = practice) {
    moved.current = true;
    setParams(stepParams(next, inPractice));
  }

  useEffect(() => {
    if (moved.current) document.getElementById('checkup-step-title')?.focus();
    if (!params.get('finding')) window.scrollTo?.(0, 0);
  }, [step]); // eslint-disable-line react-hooks/exhaustive-deps

  // "Continue the checkup" reopens the step the consumer was last on.
  const lastStep = api.checkup?.lastStep;
  const { update } = api;
  useEffect(() => {
    if (step !== 'start' && lastStep !== undefined && lastStep !== step)
      update((current) => ({ ...current, lastStep: step }));
  }, [step, lastStep, update]);

  const checkup = api.checkup;
  const section = isSectionStep(step) ? step : undefined;
  return (
    <div className="space-y-6">
      {checkup && (
        <nav aria-label="Checkup steps" className="overflow-x-auto">
          {/* One row that scrolls sideways on a phone: the steps never push the step down. */}
          <ol className="flex gap-2 text-sm max-sm:pb-1 sm:flex-wrap">
            {STEP_IDS.map((each, index) => (
              <li key={each}>
                <button
                  type="button"
                  aria-current={each === step ? 'step' : undefined}
                  onClick={() => goTo(each)}
                  className={`rounded-full border px-3 py-1 whitespace-nowrap ${each === step ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800' : 'border-gray-300 text-gray-800'} ${checkup.skippedSections.includes(each as never) ? 'line-through' : ''}`}
                >
                  {index + 1}. {STEP_LABELS[each]}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {checkup?.sample && (
        <p className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Sample mode:</strong> practice on a made-up person&apos;s reports, apart from your
          own checkup. Its letters say &quot;SAMPLE: not for mailing&quot; and are never mailed.
        </p>
      )}
      {!api.kept && (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {CHECKUP_MESSAGES.notKept}
        </p>
      )}
      {step === 'start' && (
        <StartStep
          api={api}
          onOpen={(inPractice) =>
            goTo(resumeStep(api.lastSteps[inPractice ? 'practice' : 'own']), inPractice)
          }
        />
      )}
      {checkup && section && (
        <SectionFrame
          section={section}
          skipped={checkup.skippedSections.includes(section)}
          onSkip={(skip) => {
            api.update((current) => ({
              ...current,
              skippedSections: skip
                ? [...current.skippedSections, section]
                : current.skippedSections.filter((each) => each !== section),
            }));
            if (skip) goTo(nextStep(step));
          }}
        >
          {section === 'personal' && <PersonalSection api={api} />}
          {section === 'accounts' && <AccountSection api={api} section="accounts" />}
          {section === 'collections' && <AccountSection api={api} section="collections" />}
          {section === 'public-records' && <PublicRecordsSection api={api} />}
          {section === 'inquiries' && (
            <>
              <FormField
                className="max-w-xs"
                label="Your date of birth"
                type="date"
                hint="Only to check the inquiry dates while this page is open: it is never kept or put in a letter."
                value={checkup.dateOfBirth}
                error={problemOf(api.problems, 'holder', 'dateOfBirth')}
                onChange={(dateOfBirth) => api.update((current) => ({ ...current, dateOfBirth }))}
              />
              <InquiriesSection api={api} />
            </>
          )}
        </SectionFrame>
      )}
      {checkup && step === 'findings' && <FindingsStep api={api} goTo={goTo} />}
      {checkup && step === 'letters' && (
        <LettersStep api={api} userId={userId} signUpName={signUpName} onMailed={onMailed} />
      )}
      {checkup && step !== 'start' && (
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
          <button
            type="button"
            className={buttonClasses('secondary')}
            onClick={() => goTo(previousStep(step))}
          >
            Back
          </button>
          {step !== 'letters' && (
            <button
              type="button"
              className={buttonClasses('primary')}
              onClick={() => goTo(nextStep(step))}
            >
              {step === 'inquiries'
                ? 'See the findings'
                : step === 'findings'
                  ? 'Make the letters'
                  : 'Next'}
            </button>
          )}
        </div>
      )}
      {checkup && (
        <StartOver
          practice={practice}
          onConfirm={() => {
            api.startOver();
            goTo('start');
          }}
        />
      )}
    </div>
  );
}
