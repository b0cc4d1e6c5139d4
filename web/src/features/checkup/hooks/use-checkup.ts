import {
  computeFindings,
  emptyCheckup,
  inputProblems,
  type Checkup,
  type Finding,
  type InputProblem,
} from '@shared/checkup';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { forgetCheckup, loadCheckup, saveCheckup, today as todayIso } from '@/lib/device-store';

type Lists = 'personal' | 'accounts' | 'publicRecords' | 'inquiries';
type EntryOf<K extends Lists> = Checkup[K][number];

export interface CheckupApi {
  /** Null before the user starts (or after "Start over"). */
  checkup: Checkup | null;
  findings: Finding[];
  problems: InputProblem[];
  today: string;
  /** False when this browser keeps nothing: the checkup lives for the page only. */
  kept: boolean;
  start(checkup: Checkup): void;
  update(change: (checkup: Checkup) => Checkup): void;
  add<K extends Lists>(list: K, entry: EntryOf<K>): void;
  change<K extends Lists>(list: K, id: string, patch: Partial<EntryOf<K>>): void;
  remove(list: Lists, id: string): void;
  startOver(): void;
}

/** The account's checkup, saved in this browser on every change; findings computed as it changes. */
export function useCheckup(userId: string): CheckupApi {
  const [checkup, setCheckup] = useState<Checkup | null>(() => loadCheckup(userId));
  const [kept, setKept] = useState(true);
  const today = todayIso();

  useEffect(() => {
    if (checkup) setKept(saveCheckup(userId, checkup));
  }, [userId, checkup]);

  const update = useCallback(
    (change: (current: Checkup) => Checkup) =>
      setCheckup((current) => change(current ?? emptyCheckup())),
    [],
  );

  const findings = useMemo(
    () => (checkup ? computeFindings(checkup, today) : []),
    [checkup, today],
  );
  const problems = useMemo(() => (checkup ? inputProblems(checkup, today) : []), [checkup, today]);

  return {
    checkup,
    findings,
    problems,
    today,
    kept,
    start: setCheckup,
    update,
    add: (list, entry) => update((current) => ({ ...current, [list]: [...current[list], entry] })),
    change: (list, id, patch) =>
      update((current) => ({
        ...current,
        [list]: current[list].map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)),
      })),
    remove: (list, id) =>
      update((current) => ({
        ...current,
        [list]: (current[list] as { id: string }[]).filter((entry) => entry.id !== id),
      })),
    startOver: () => {
      forgetCheckup(userId);
      setCheckup(null);
    },
  };
}
