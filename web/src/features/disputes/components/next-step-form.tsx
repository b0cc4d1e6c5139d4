import {
  buildFollowUp,
  LIMITS,
  wordCount,
  type Dispute,
  type FollowUpInput,
  type NextStep,
} from '@shared/disputes';
import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { inputClasses, labelClasses } from '@/components/field-styles';
import { newId } from '../lib/ids';

interface NextStepFormProps {
  parent: Dispute;
  step: NextStep;
  busy: boolean;
  onBuild: (dispute: Dispute) => void;
}

/** One proposed follow-up: the few things it still needs, and the button that builds it. */
export function NextStepForm({ parent, step, busy, onBuild }: NextStepFormProps) {
  const id = useId();
  const [input, setInput] = useState<FollowUpInput>({});
  const [error, setError] = useState('');
  const set = (change: FollowUpInput) => {
    setInput({ ...input, ...change });
    setError('');
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = buildFollowUp(
      parent,
      step,
      input,
      { id: newId(), createdAt: new Date().toISOString() },
      new Date(),
    );
    if (result.ok) onBuild(result.dispute);
    else setError(result.message);
  }

  const words = wordCount(input.statement ?? '');
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-gray-200 p-4">
      <p className="text-sm break-words text-gray-800">{step.why}</p>
      {step.kind === 'direct-dispute' && (
        <div>
          <label htmlFor={`${id}-address`} className={labelClasses}>
            The creditor&apos;s dispute address (optional)
          </label>
          <textarea
            id={`${id}-address`}
            rows={2}
            maxLength={LIMITS.creditorAddress}
            value={input.creditorAddress ?? ''}
            onChange={(event) => set({ creditorAddress: event.target.value })}
            placeholder="From your credit report or the creditor's statement"
            className={inputClasses}
          />
        </div>
      )}
      {step.kind === 'resubmission' && (
        <div>
          <label htmlFor={`${id}-enclosed`} className={labelClasses}>
            What you are sending now, as the bureau asked
          </label>
          <textarea
            id={`${id}-enclosed`}
            rows={3}
            required
            maxLength={LIMITS.enclosedInformation}
            value={input.enclosedInformation ?? ''}
            onChange={(event) => set({ enclosedInformation: event.target.value })}
            placeholder="One per line, e.g. Copy of my driver's license"
            className={inputClasses}
          />
        </div>
      )}
      {step.kind === 'statement-of-dispute' && (
        <div>
          <label htmlFor={`${id}-statement`} className={labelClasses}>
            Your statement (up to {LIMITS.statementWords} words)
          </label>
          <textarea
            id={`${id}-statement`}
            rows={4}
            required
            maxLength={LIMITS.statementChars}
            aria-describedby={`${id}-count`}
            value={input.statement ?? ''}
            onChange={(event) => set({ statement: event.target.value })}
            className={inputClasses}
          />
          <p
            id={`${id}-count`}
            className={`mt-1 text-xs ${words > LIMITS.statementWords ? 'font-semibold text-red-800' : 'text-gray-700'}`}
          >
            {words} of {LIMITS.statementWords} words
          </p>
        </div>
      )}
      {step.kind === 'reinsertion' && (
        <label className="flex items-start gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            className="mt-1"
            checked={input.reinsertionNoticeReceived === true}
            onChange={(event) => set({ reinsertionNoticeReceived: event.target.checked })}
          />
          The bureau sent me a notice that it put the item back
        </label>
      )}
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className={buttonClasses('primary', 'px-4 py-2 text-sm')}
      >
        {step.label}
      </button>
    </form>
  );
}
