import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GuardedAction } from './guarded-action';
import type { PreparedLetter } from './prepared-letter';
import { useGuardedAction } from './use-guarded-action';

const letter = (placeholders: string[]) => ({ placeholders }) as PreparedLetter;
const print: GuardedAction = { kind: 'print' };

describe('an action the placeholders guard', () => {
  it('runs at once on a letter without placeholders', () => {
    const run = vi.fn();
    const { result } = renderHook(() => useGuardedAction(letter([]), null, run));
    act(() => result.current.attempt(print));
    expect(run).toHaveBeenCalledWith(print);
    expect(result.current.pending).toBeNull();
  });

  it('waits while placeholders remain, then runs on proceed or is dropped on cancel', () => {
    const run = vi.fn();
    const { result } = renderHook(() => useGuardedAction(letter(['[Your Name]']), null, run));
    act(() => result.current.attempt(print));
    expect(run).not.toHaveBeenCalled();
    expect(result.current.pending).toEqual(print);
    act(() => result.current.cancel());
    expect(result.current.pending).toBeNull();
    act(() => result.current.attempt({ kind: 'export', format: 'docx' }));
    act(() => result.current.proceed());
    expect(run).toHaveBeenCalledExactlyOnceWith({ kind: 'export', format: 'docx' });
    expect(result.current.pending).toBeNull();
  });

  it('starts with the action asked for outside, waiting', () => {
    const run = vi.fn();
    const { result } = renderHook(() => useGuardedAction(letter(['[Your Name]']), print, run));
    expect(result.current.pending).toEqual(print);
    act(() => result.current.proceed());
    expect(run).toHaveBeenCalledWith(print);
  });
});
