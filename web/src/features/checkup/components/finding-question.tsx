import {
  answerOf,
  answerState,
  entryToDelete,
  entryTitle,
  questionOf,
  reportedLast4,
  YES_NO_NOT_SURE,
  type Finding,
  type FindingAnswer,
} from '@shared/checkup';
import { useId } from 'react';
import { errorClasses } from '@/components/field-styles';
import { FormField } from '@/components/form-field';
import type { CheckupApi } from '../hooks/use-checkup';
import { truthOptions, truthQuestion, trueValueType, YES_NO_LABELS } from '../lib/answer-options';
import { Checkbox } from './checkbox';

function Choice({
  legend,
  name,
  options,
  value,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = useId();
  return (
    <fieldset className="mt-3 min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm break-words">
            <input
              type="radio"
              className="mt-0.5 h-5 w-5 shrink-0"
              name={name}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="min-w-0">{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className={errorClasses}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

const yesNo = YES_NO_NOT_SURE.map((value) => ({ value, label: YES_NO_LABELS[value] }));

/** The question a finding asks, with the consumer's answer and what to fix inline. */
export function FindingQuestion({ api, finding }: { api: CheckupApi; finding: Finding }) {
  const checkup = api.checkup!;
  const answer = answerOf(checkup, finding.id);
  const state = answerState(finding, checkup, api.today);
  const problem = state.state === 'incomplete' ? state : undefined;
  const set = (patch: Partial<FindingAnswer>) => api.answer(finding.id, patch);
  const name = (field: string) => `${field}-${finding.id}`;
  // The entry a "same debt" letter deletes: asked for its last 4 digits if the report lacks them.
  const toDelete = entryToDelete(finding, checkup);
  switch (questionOf(finding, checkup)) {
    case 'same-debt':
    case 'sold-debt':
      return (
        <>
          <Choice
            legend="Is this the same debt?"
            name={name('same')}
            options={yesNo}
            value={answer.sameDebt}
            onChange={(value) => set({ sameDebt: value as FindingAnswer['sameDebt'] })}
          />
          {finding.duplicate === 'sold-debt' && answer.sameDebt === 'yes' && (
            <Choice
              legend="Was this debt sold to another company?"
              name={name('sold')}
              options={yesNo}
              value={answer.sold}
              error={problem?.field === 'sold' ? problem.message : undefined}
              onChange={(value) => set({ sold: value as FindingAnswer['sold'] })}
            />
          )}
          {toDelete && !reportedLast4(toDelete.accountNumber) && (
            <FormField
              className="mt-3 max-w-sm"
              label="Account Number to Remove (last 4 digits)"
              hint={`The entry to delete: ${entryTitle(toDelete.creditor, toDelete.accountNumber)}. Your report or a statement shows its account number.`}
              value={answer.removeLast4 ?? ''}
              maxLength={4}
              error={problem?.field === 'removeLast4' ? problem.message : undefined}
              onChange={(removeLast4) => set({ removeLast4 })}
            />
          )}
        </>
      );
    case 'plan-completed':
      return (
        <Choice
          legend="Was the Chapter 13 plan completed?"
          name={name('plan')}
          options={yesNo}
          value={answer.planCompleted}
          onChange={(value) => set({ planCompleted: value as FindingAnswer['planCompleted'] })}
        />
      );
    case 'truth':
      return (
        <>
          <Choice
            legend={truthQuestion(finding)}
            name={name('truth')}
            options={truthOptions(finding)}
            value={answer.truth}
            onChange={(value) => set({ truth: value as FindingAnswer['truth'] })}
          />
          {answer.truth === 'neither' && (
            <FormField
              className="mt-2 max-w-sm"
              label="The true value"
              type={trueValueType(finding)}
              value={answer.value ?? ''}
              maxLength={trueValueType(finding) === 'text' ? 200 : undefined}
              error={problem?.field === 'value' ? problem.message : undefined}
              onChange={(value) => set({ value })}
            />
          )}
        </>
      );
    case 'birth-date':
      return (
        <FormField
          className="mt-3 max-w-xs"
          label="Your date of birth"
          type="date"
          hint="The letter asks the bureau to correct it to this date. It is kept only while this page is open."
          value={answer.value ?? ''}
          error={problem?.message}
          onChange={(value) => set({ value })}
        />
      );
    case 'identity-theft':
      return (
        <div className="mt-3 space-y-2">
          <Checkbox
            label="This is the result of identity theft"
            checked={answer.identityTheft === true}
            onChange={(identityTheft) => set({ identityTheft })}
          />
          {answer.identityTheft && (
            <Checkbox
              label="My identity theft report (FTC or police) lists it"
              checked={answer.inReport === true}
              onChange={(inReport) => set({ inReport })}
            />
          )}
          {problem && (
            <p role="alert" className={errorClasses}>
              {problem.message}
            </p>
          )}
        </div>
      );
    case 'none':
      return null;
  }
}
