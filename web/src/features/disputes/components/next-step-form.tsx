import {
  buildFollowUp,
  EXHIBIT_KINDS,
  followUpFileName,
  IDENTITY_KINDS,
  itemErrorType,
  letterExhibits,
  LIMITS,
  wordCount,
  type Dispute,
  type FactField,
  type FollowUpInput,
  type NextStep,
} from '@shared/disputes';
import { ERROR_TYPE_IDS, ERROR_TYPES, hasAccount, isErrorTypeId } from '@shared/letters';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { CharacterCount } from '@/components/character-count';
import { inputClasses, labelClasses } from '@/components/field-styles';
import { saveFile } from '@/lib/save-file';
import { newId } from '@/lib/device-store';
import { DirectDisputeFacts } from './direct-dispute-facts';
import { IdentityFields } from './identity-fields';

/** The types a direct dispute may have: not personal information or inquiries (12 CFR 1022.43(b)(1)). */
const CREDITOR_TYPES = ERROR_TYPE_IDS.filter(hasAccount);

interface NextStepFormProps {
  parent: Dispute;
  step: NextStep;
  busy: boolean;
  onBuild: (dispute: Dispute) => void;
}

type Field = keyof FollowUpInput | FactField;

/** One proposed follow-up: the few things it still needs, and the button that builds it. */
export function NextStepForm({ parent, step, busy, onBuild }: NextStepFormProps) {
  const id = useId();
  const item = parent.items.find((each) => each.id === step.itemIds[0]);
  const [input, setInput] = useState<FollowUpInput>(() =>
    step.kind === 'direct-dispute' && item ? { errorType: itemErrorType(parent, item) } : {},
  );
  const [error, setError] = useState<{ message: string; field?: Field | undefined } | null>(null);
  const set = (change: FollowUpInput) => {
    setInput({ ...input, ...change });
    setError(null);
  };
  const errorId = `${id}-error`;

  /**
   * Label, control and hint of one field, its error tied to it when the error is about it; with
   * `max`, the live count of its characters.
   */
  function field(
    name: keyof FollowUpInput,
    label: ReactNode,
    control: (props: {
      id: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
    }) => ReactNode,
    hint?: ReactNode,
    max?: number,
  ) {
    const invalid = error?.field === name;
    const describedBy = [invalid && errorId, hint && `${id}-${name}-hint`]
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className={labelClasses}>
          {label}
        </label>
        {control({
          id: `${id}-${name}`,
          ...(invalid ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        })}
        {max !== undefined && (
          <CharacterCount length={String(input[name] ?? '').length} max={max} />
        )}
        {hint && (
          <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-gray-700">
            {hint}
          </p>
        )}
      </div>
    );
  }

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
    if (result.ok) {
      // The letter to mail carries the identity lines; My Disputes keeps it without them.
      if (asksIdentity)
        saveFile(
          new Blob([result.letterText], { type: 'text/plain;charset=utf-8' }),
          followUpFileName(result.dispute, new Date()),
        );
      onBuild(result.dispute);
    } else {
      setError({ message: result.message, field: result.field });
      const fact = result.field?.startsWith('facts.') ? result.field.slice(6) : null;
      const control = fact
        ? document.querySelector<HTMLElement>(
            `#${CSS.escape(id)}-facts [data-fact="${fact}"] :is(input, select, textarea)`,
          )
        : result.field && document.getElementById(`${id}-${result.field}`);
      control?.focus();
    }
  }

  const words = wordCount(input.statement ?? '');
  const asksIdentity = IDENTITY_KINDS.includes(step.kind);
  const exhibits = EXHIBIT_KINDS.includes(step.kind) ? letterExhibits(parent.letterText) : [];
  // A fact's error is shown beside its field; the others under the form.
  const factError = error?.field?.startsWith('facts.') === true;
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-gray-200 p-4">
      <p className="text-sm break-words text-gray-800">{step.why}</p>
      {step.kind === 'direct-dispute' && (
        <div className="grid gap-3 md:grid-cols-2">
          {field(
            'creditorName',
            "Creditor's Name",
            (props) => (
              <input
                {...props}
                required
                maxLength={LIMITS.creditorName}
                value={input.creditorName ?? ''}
                onChange={(event) => set({ creditorName: event.target.value })}
                className={inputClasses}
              />
            ),
            undefined,
            LIMITS.creditorName,
          )}
          {field('errorType', 'Error Type', (props) => (
            <select
              {...props}
              required
              value={input.errorType ?? ''}
              onChange={(event) =>
                set({
                  errorType: isErrorTypeId(event.target.value) ? event.target.value : undefined,
                })
              }
              className={inputClasses}
            >
              <option value="">Choose the error type</option>
              {CREDITOR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ERROR_TYPES[type].label}
                </option>
              ))}
            </select>
          ))}
          {item && input.errorType && (
            <div id={`${id}-facts`} className="contents">
              <DirectDisputeFacts
                item={item}
                errorType={input.errorType}
                input={input}
                onChange={(facts) => set({ facts })}
                error={factError ? error : null}
              />
            </div>
          )}
          {field(
            'creditorAddress',
            <>Creditor&apos;s dispute address (optional)</>,
            (props) => (
              <textarea
                {...props}
                rows={3}
                maxLength={LIMITS.creditorAddress}
                value={input.creditorAddress ?? ''}
                onChange={(event) => set({ creditorAddress: event.target.value })}
                className={inputClasses}
              />
            ),
            'From the creditor’s statement or website, or your credit report.',
            LIMITS.creditorAddress,
          )}
          {field(
            'evidence',
            'Supporting Evidence',
            (props) => (
              <textarea
                {...props}
                rows={3}
                maxLength={LIMITS.evidence}
                value={input.evidence ?? ''}
                onChange={(event) => set({ evidence: event.target.value })}
                placeholder={'e.g. March 2026 bank statement\nPayoff letter from the creditor'}
                className={inputClasses}
              />
            ),
            'One document a line: each becomes a numbered exhibit of the letter. Enclose copies, never originals.',
            LIMITS.evidence,
          )}
          {field(
            'whatIsNew',
            'What is new since your dispute with the bureau',
            (props) => (
              <textarea
                {...props}
                rows={2}
                required
                maxLength={LIMITS.evidence}
                value={input.whatIsNew ?? ''}
                onChange={(event) => set({ whatIsNew: event.target.value })}
                className={inputClasses}
              />
            ),
            'A fact or document the creditor has not seen: without one it may treat this as the same dispute.',
            LIMITS.evidence,
          )}
        </div>
      )}
      {asksIdentity && (
        <IdentityFields input={input} onChange={set} field={field} exhibits={exhibits} />
      )}
      {step.kind === 'resubmission' &&
        field(
          'enclosedInformation',
          'What you are sending now, as the bureau asked',
          (props) => (
            <textarea
              {...props}
              rows={3}
              required
              maxLength={LIMITS.enclosedInformation}
              value={input.enclosedInformation ?? ''}
              onChange={(event) => set({ enclosedInformation: event.target.value })}
              placeholder="One per line, e.g. Copy of my driver's license"
              className={inputClasses}
            />
          ),
          undefined,
          LIMITS.enclosedInformation,
        )}
      {step.kind === 'statement-of-dispute' &&
        field(
          'statement',
          `Your statement (up to ${LIMITS.statementWords} words)`,
          (props) => (
            <textarea
              {...props}
              rows={4}
              required
              maxLength={LIMITS.statementChars}
              value={input.statement ?? ''}
              onChange={(event) => set({ statement: event.target.value })}
              className={inputClasses}
            />
          ),
          <span className={words > LIMITS.statementWords ? 'font-semibold text-red-800' : ''}>
            {words} of {LIMITS.statementWords} words
          </span>,
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
      {error && !factError && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
          {error.message}
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
