import type { Backup, Dispute, ExhibitInfo } from '@shared/disputes';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import toast from '@/lib/toast';
import {
  deleteAllMyData,
  DisputeStore,
  dropLegacySentLetters,
  exportBackup as exportAll,
  importBackup as importAll,
  ServerCopiesNotDeletedError,
} from '@/lib/device-store';
import { DISPUTE_MESSAGES } from '../messages';

export type DisputesState =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; disputes: Dispute[] };

/**
 * The signed-in user's disputes, loaded from and saved to this browser's data layer
 * (`@/lib/device-store`). Actions that create records run one at a time: a double click cannot
 * make two.
 */
export function useDisputes(userId: string) {
  const [state, setState] = useState<DisputesState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const storeRef = useRef<Promise<DisputeStore> | null>(null);
  const running = useRef(false);

  const store = useCallback(() => (storeRef.current ??= DisputeStore.open(userId)), [userId]);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    void (async () => {
      dropLegacySentLetters();
      const disputes = await (await store()).list();
      if (cancelled) return;
      // The dashboard replaces the spinner in slices, not in one long task.
      startTransition(() => setState({ status: 'ready', disputes }));
    })().catch(() => {
      if (!cancelled) setState({ status: 'unavailable' });
    });
    return () => {
      cancelled = true;
      void storeRef.current?.then(
        (opened) => opened.close(),
        () => undefined,
      );
      storeRef.current = null;
    };
  }, [store]);

  const reload = useCallback(async () => {
    const disputes = await (await store()).list();
    setState({ status: 'ready', disputes });
  }, [store]);

  /** Runs `action` unless another is running; reports failure with `failure`. */
  const exclusive = useCallback(
    async <T>(action: () => Promise<T>, failure: string = DISPUTE_MESSAGES.saveFailed) => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        return await action();
      } catch (error) {
        toast.error(
          error instanceof Error && error.name === 'ExhibitError' ? error.message : failure,
        );
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [],
  );

  /** Saves a changed dispute (field edits): shown at once, written in the background. */
  const save = useCallback(
    (dispute: Dispute) => {
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              disputes: current.disputes.map((each) => (each.id === dispute.id ? dispute : each)),
            }
          : current,
      );
      void store()
        .then((opened) => opened.put(dispute))
        .catch(() => {
          toast.error(DISPUTE_MESSAGES.saveFailed);
          void reload();
        });
    },
    [store, reload],
  );

  const create = useCallback(
    (dispute: Dispute) =>
      exclusive(async () => {
        await (await store()).put(dispute);
        await reload();
        return dispute;
      }),
    [exclusive, store, reload],
  );

  const remove = useCallback(
    (id: string) =>
      exclusive(async () => {
        await (await store()).remove(id);
        await reload();
      }),
    [exclusive, store, reload],
  );

  /** Stores files as the dispute's next exhibits, in order. */
  const addExhibits = useCallback(
    (disputeId: string, files: readonly { info: ExhibitInfo; bytes: ArrayBuffer }[]) =>
      exclusive(async () => {
        const opened = await store();
        for (const file of files) await opened.addExhibit(disputeId, file.info, file.bytes);
        await reload();
        return files.length;
      }),
    [exclusive, store, reload],
  );

  const removeExhibit = useCallback(
    (disputeId: string, exhibitId: string) =>
      exclusive(async () => {
        await (await store()).removeExhibit(disputeId, exhibitId);
        await reload();
      }),
    [exclusive, store, reload],
  );

  const exhibitBytes = useCallback(
    async (exhibitId: string) => (await store()).exhibitBytes(exhibitId),
    [store],
  );

  const exportBackup = useCallback(
    () => exclusive(async () => exportAll(await store(), new Date())),
    [exclusive, store],
  );

  const importBackup = useCallback(
    (backup: Backup) =>
      exclusive(async () => {
        const count = await importAll(await store(), backup);
        await reload();
        return count;
      }),
    [exclusive, store, reload],
  );

  /** True when deleted; 'server-kept' when our server's copies could not be (nothing deleted). */
  const deleteAll = useCallback(
    () =>
      exclusive(async (): Promise<true | 'server-kept'> => {
        const opened = storeRef.current;
        storeRef.current = null;
        (await opened)?.close();
        try {
          await deleteAllMyData(userId);
        } catch (error) {
          if (error instanceof ServerCopiesNotDeletedError) return 'server-kept';
          throw error;
        }
        setState({ status: 'ready', disputes: [] });
        return true;
      }),
    [exclusive, userId],
  );

  return {
    state,
    busy,
    exclusive,
    save,
    create,
    remove,
    addExhibits,
    removeExhibit,
    exhibitBytes,
    exportBackup,
    importBackup,
    deleteAll,
    reload,
  };
}

export type DisputesApi = ReturnType<typeof useDisputes>;
