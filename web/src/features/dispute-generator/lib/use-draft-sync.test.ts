import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as DeviceStore from '@/lib/device-store';
import { useDraftSync } from './use-draft-sync';

/** Each pass of the sync waits until the test lets it end, with what it brought. */
const passes: ((pulled: number) => void)[] = [];
const syncNow = vi.fn(
  () =>
    new Promise((resolve) => passes.push((pulled) => resolve({ pulled, pushed: 0, deleted: 0 }))),
);
vi.mock('@/lib/sync/sync-control', () => ({ syncNow }));
vi.mock('@/lib/device-store', async (original) => ({
  ...(await original<typeof DeviceStore>()),
  syncIsOnHere: () => Promise.resolve(true),
}));

describe('useDraftSync', () => {
  it('runs one more pass when the window is focused while a sync runs, and re-reads what it brought', async () => {
    const onPulled = vi.fn();
    const listens = vi.spyOn(window, 'addEventListener');
    renderHook(() => useDraftSync('user-1', onPulled));
    await waitFor(() => expect(syncNow).toHaveBeenCalledTimes(1));
    // The triggers listen from the render that follows "sync is on", which may come after the
    // first pass has started.
    await waitFor(() => expect(listens).toHaveBeenCalledWith('focus', expect.any(Function)));
    listens.mockRestore();
    // Another device's draft is looked for (a focus) while the first pass is still running.
    act(() => void window.dispatchEvent(new Event('focus')));
    await act(async () => passes.shift()!(0));
    await waitFor(() => expect(syncNow).toHaveBeenCalledTimes(2));
    expect(onPulled).not.toHaveBeenCalled();
    await act(async () => passes.shift()!(1));
    await waitFor(() => expect(onPulled).toHaveBeenCalledTimes(1));
    expect(syncNow).toHaveBeenCalledTimes(2);
  });
});
