import { act, renderHook } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_LETTER } from '../testing/letter-fixtures';
import { GENERATOR_MESSAGES } from '../messages';
import { useMarkMailed } from './use-mark-mailed';

const letter = BALANCE_LETTER;
const input = { mailedOn: '2026-11-26', trackingNumber: '9407', followsFreeAnnualReport: true };

afterEach(() => vi.restoreAllMocks());

describe('"Mark as mailed"', () => {
  it('records a letter once, however often it is pressed, then says so', async () => {
    const success = vi.spyOn(toast, 'success');
    let resolve = () => {};
    const onMailed = vi.fn(() => new Promise<void>((done) => (resolve = done)));
    const { result } = renderHook(() => useMarkMailed(onMailed));
    expect(result.current.statusOf(letter)).toBeNull();
    act(() => result.current.markMailed(letter, input));
    act(() => result.current.markMailed(letter, input));
    expect(onMailed).toHaveBeenCalledTimes(1);
    expect(onMailed).toHaveBeenCalledWith({
      ...letter.record,
      mailedOn: '2026-11-26',
      trackingNumber: '9407',
      followsFreeAnnualReport: true,
    });
    expect(result.current.statusOf(letter)).toBe('saving');
    expect(result.current.recorded).toBe(false);
    await act(async () => resolve());
    expect(result.current.statusOf(letter)).toBe('done');
    expect(result.current.recorded).toBe(true);
    expect(success).toHaveBeenCalledWith(GENERATOR_MESSAGES.mailed, expect.anything());
    // Another letter (here: to a creditor) is not the recorded one.
    expect(result.current.statusOf({ ...letter, text: `${letter.text} ` })).toBeNull();
    act(() => result.current.reset());
    expect(result.current.statusOf(letter)).toBeNull();
  });

  it('lets the user try again when it could not be recorded', async () => {
    const error = vi.spyOn(toast, 'error');
    const onMailed = vi.fn(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useMarkMailed(onMailed));
    await act(async () => result.current.markMailed(letter, input));
    expect(error).toHaveBeenCalledWith(GENERATOR_MESSAGES.mailedFailed, expect.anything());
    expect(result.current.statusOf(letter)).toBeNull();
    await act(async () => result.current.markMailed(letter, input));
    expect(onMailed).toHaveBeenCalledTimes(2);
  });

  it('records only a bureau letter as following the free annual report', async () => {
    const onMailed = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useMarkMailed(onMailed));
    await act(async () => result.current.markMailed({ ...letter, kind: 'furnisher' }, input));
    expect(onMailed).toHaveBeenCalledWith(
      expect.objectContaining({ followsFreeAnnualReport: false }),
    );
  });
});
