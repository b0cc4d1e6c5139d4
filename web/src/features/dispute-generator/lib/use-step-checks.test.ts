import { EMPTY_ITEM_DRAFT, type SenderDetails } from '@shared/letters';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SENDER as sender } from '../testing/letter-fixtures';
import { EMPTY_DRAFT, type GeneratorDraft } from './generator-draft';
import { checkLetter } from './letter-check';
import { useStepChecks } from './use-step-checks';

/** The form's three steps, each with a field the page marks invalid. */
function renderForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = [0, 1, 2]
    .map(
      (step) =>
        `<section data-step="${step}"><input id="field-${step}" aria-invalid="true"></section>`,
    )
    .join('');
  document.body.append(form);
  return form;
}

afterEach(() => {
  document.body.innerHTML = '';
});

function setup(draft: GeneratorDraft, details: SenderDetails, step: number) {
  const form = { current: renderForm() };
  const goTo = vi.fn();
  const hook = renderHook(
    ({ at, sender }) =>
      useStepChecks(form, [at, goTo], checkLetter(draft, sender, {}, '2026-11-26'), draft.items),
    { initialProps: { at: step, sender: details } },
  );
  return { hook, goTo };
}

describe('checking the steps', () => {
  it('moves on when the step left has nothing to fix, marking nothing', () => {
    const { hook, goTo } = setup(EMPTY_DRAFT, sender, 0);
    act(() => hook.result.current.next());
    expect(goTo).toHaveBeenCalledWith(1);
    expect(hook.result.current.missing.size).toBe(0);
  });

  it('stays on a step with missing fields, marks them and focuses the first', () => {
    const { hook, goTo } = setup(EMPTY_DRAFT, sender, 1);
    act(() => hook.result.current.next());
    expect(goTo).not.toHaveBeenCalled();
    expect([...hook.result.current.missing]).toEqual([
      'bureau',
      '0.errorType',
      '0.accountName',
      '0.details',
    ]);
    expect(document.activeElement?.id).toBe('field-1');
  });

  it('stays on step 1 when Next finds a phone or e-mail that cannot be one, marking them', () => {
    const details = { ...sender, phone: 'not a phone', email: 'not-an-email' };
    const { hook, goTo } = setup(EMPTY_DRAFT, details, 0);
    // Not marked while typed: only once the step is checked.
    expect(hook.result.current.problems).toEqual([]);
    act(() => hook.result.current.next());
    expect(goTo).not.toHaveBeenCalled();
    expect(hook.result.current.problems.map((problem) => problem.field)).toEqual([
      'sender.phone',
      'sender.email',
    ]);
    expect(document.activeElement?.id).toBe('field-0');
    // Fixed, each mark goes; blank is fine too.
    hook.rerender({ at: 0, sender: { ...details, phone: '(217) 555-0100', email: '' } });
    expect(hook.result.current.problems).toEqual([]);
    act(() => hook.result.current.next());
    expect(goTo).toHaveBeenCalledWith(1);
  });

  it('marks every step at once and goes to the first with something to fix, focusing it there', () => {
    const draft = { ...EMPTY_DRAFT, items: [{ ...EMPTY_ITEM_DRAFT }] };
    const { hook, goTo } = setup(draft, { ...sender, dateOfBirth: '2099-01-01' }, 2);
    act(() => hook.result.current.showMissing(new Set([0, 1, 2])));
    expect(goTo).toHaveBeenCalledWith(0);
    expect(hook.result.current.problems.map((problem) => problem.field)).toContain(
      'sender.dateOfBirth',
    );
    expect(document.activeElement).toBe(document.body);
    // The address changed: step 1 shows, and its first marked field takes focus.
    hook.rerender({ at: 0, sender: { ...sender, dateOfBirth: '2099-01-01' } });
    expect(document.activeElement?.id).toBe('field-0');
    act(() => hook.result.current.reset());
    expect(hook.result.current.missing.size).toBe(0);
  });
});
