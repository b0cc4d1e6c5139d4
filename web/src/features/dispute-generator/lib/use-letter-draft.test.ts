import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/device-store';
import { useLetterDraft } from './use-letter-draft';

afterEach(() => localStorage.clear());

describe('the letter draft and its further bureaus', () => {
  it('drops a further bureau once it becomes the letter’s own; clearing forgets both', () => {
    const { result } = renderHook(() => useLetterDraft('user-1'));
    act(() =>
      result.current.setCopies({
        experian: { reportNumber: 'EX-1' },
        transunion: { reportNumber: '' },
      }),
    );
    act(() => result.current.update((draft) => ({ ...draft, bureau: 'experian' })));
    expect(result.current.draft.bureau).toBe('experian');
    expect(result.current.copies).toEqual({ transunion: { reportNumber: '' } });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.draft('user-1'))!)).toMatchObject({
      bureau: 'experian',
    });
    // The same bureau again leaves the copies as they are.
    act(() => result.current.update((draft) => ({ ...draft, enclosures: [] })));
    expect(result.current.copies).toEqual({ transunion: { reportNumber: '' } });
    act(() => result.current.clear());
    expect(result.current.draft.bureau).toBe('');
    expect(result.current.copies).toEqual({});
    expect(localStorage.getItem(STORAGE_KEYS.draft('user-1'))).toBeNull();
  });

  it('keeps the people to notify with the draft, as a reload reads it back', () => {
    const first = renderHook(() => useLetterDraft('user-1'));
    act(() =>
      first.result.current.update((draft) => ({ ...draft, notifyRecipients: 'Acme Motors' })),
    );
    first.unmount();
    const { result } = renderHook(() => useLetterDraft('user-1'));
    expect(result.current.draft.notifyRecipients).toBe('Acme Motors');
  });
});
