import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as DeviceStore from '@/lib/device-store';
import { useSync } from './use-sync';

/** Each pass of the sync waits until the test lets it end. */
const passes: (() => void)[] = [];
const syncNow = vi.fn(
  () => new Promise((resolve) => passes.push(() => resolve({ pulled: 0, pushed: 0, deleted: 0 }))),
);
vi.mock('@/lib/sync/sync-control', () => ({ syncNow }));
vi.mock('@/lib/device-store', async (original) => ({
  ...(await original<typeof DeviceStore>()),
  syncIsOnHere: () => Promise.resolve(true),
}));

describe('useSync', () => {
  it('runs one more pass when a focus or change comes while a sync runs', async () => {
    const { result } = renderHook(() => useSync('user-1', () => undefined));
    await waitFor(() => expect(syncNow).toHaveBeenCalledTimes(1));
    // Another device's edit is noticed (a focus) while the first pass is still running.
    let second!: Promise<void>;
    act(() => {
      second = result.current.sync();
    });
    await act(async () => passes.shift()!());
    await waitFor(() => expect(syncNow).toHaveBeenCalledTimes(2));
    await act(async () => passes.shift()!());
    await act(() => second);
    expect(syncNow).toHaveBeenCalledTimes(2);
    expect(result.current.view).toMatchObject({ status: 'on', syncing: false });
  });
});
