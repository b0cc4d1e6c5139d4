import {
  computeFindings,
  emptyCheckup,
  inputProblems,
  sampleCheckup,
  type Checkup,
  type Finding,
  type FindingAnswer,
  type InputProblem,
} from '@shared/checkup';
import type { BureauId } from '@shared/letters';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  forgetCheckup,
  forgetPractice,
  loadCheckup,
  loadPractice,
  saveCheckup,
  today as todayIso,
} from '@/lib/device-store';

type Lists = 'personal' | 'accounts' | 'publicRecords' | 'inquiries';
type EntryOf<K extends Lists> = Checkup[K][number];

export interface CheckupApi {
  /** The checkup on screen: the practice run or the user's own; null before it starts. */
  checkup: Checkup | null;
  /** The practice run on the sample is on screen. */
  practice: boolean;
  /** Whether each is kept: the start step offers to continue it. */
  hasOwn: boolean;
  hasPractice: boolean;
  /** The step each was last on ('' when none): "Continue" reopens it. */
  lastSteps: { own: string; practice: string };
  findings: Finding[];
  problems: InputProblem[];
  today: string;
  /** False when this browser keeps nothing: the checkup lives for the page only. */
  kept: boolean;
  /** Begins the user's own checkup, empty, with the reports they have. */
  startOwn(bureaus: BureauId[]): void;
  /** Begins the practice run on the sample (its own, apart from the user's checkup). */
  startPractice(bureaus: BureauId[]): void;
  update(change: (checkup: Checkup) => Checkup): void;
  add<K extends Lists>(list: K, entry: EntryOf<K>): void;
  change<K extends Lists>(list: K, id: string, patch: Partial<EntryOf<K>>): void;
  remove(list: Lists, id: string): void;
  /** Changes the answer of one finding. */
  answer(findingId: string, patch: Partial<FindingAnswer>): void;
  startOver(): void;
}

/**
 * The account's checkup and its practice run, each saved in this browser on every change;
 * `practice` says which one is on screen. Findings are computed as it changes.
 */
export function useCheckup(userId: string, practice: boolean): CheckupApi {
  const [own, setOwn] = useState<Checkup | null>(() => loadCheckup(userId));
  const [sample, setSample] = useState<Checkup | null>(() => loadPractice(userId));
  const [kept, setKept] = useState(true);
  const today = todayIso();
  const checkup = practice ? sample : own;
  const setActive = practice ? setSample : setOwn;

  useEffect(() => {
    if (own) setKept(saveCheckup(userId, own));
  }, [userId, own]);
  useEffect(() => {
    if (sample) setKept(saveCheckup(userId, sample));
  }, [userId, sample]);

  const update = useCallback(
    (change: (current: Checkup) => Checkup) =>
      setActive((current) => change(current ?? { ...emptyCheckup(), sample: practice })),
    [setActive, practice],
  );

  const findings = useMemo(
    () => (checkup ? computeFindings(checkup, today) : []),
    [checkup, today],
  );
  const problems = useMemo(() => (checkup ? inputProblems(checkup, today) : []), [checkup, today]);

  return {
    checkup,
    practice,
    hasOwn: own !== null,
    hasPractice: sample !== null,
    lastSteps: { own: own?.lastStep ?? '', practice: sample?.lastStep ?? '' },
    findings,
    problems,
    today,
    kept,
    startOwn: (bureaus) => setOwn({ ...emptyCheckup(), bureaus }),
    startPractice: (bureaus) => setSample({ ...sampleCheckup(today), bureaus }),
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
    answer: (findingId, patch) =>
      update((current) => ({
        ...current,
        answers: { ...current.answers, [findingId]: { ...current.answers[findingId], ...patch } },
      })),
    startOver: () => {
      if (practice) {
        forgetPractice(userId);
        setSample(null);
      } else {
        // The practice run is not the user's data to keep apart from: "Start over" clears both.
        forgetCheckup(userId);
        setOwn(null);
        setSample(null);
      }
    },
  };
}
