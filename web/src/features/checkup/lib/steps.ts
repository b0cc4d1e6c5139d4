import { SECTION_IDS, SECTION_LABELS, type SectionId } from '@shared/checkup';

/** The walk: a start, the report's five sections in the FTC's order, the findings, the letters. */
export const STEP_IDS = ['start', ...SECTION_IDS, 'findings', 'letters'] as const;
export type StepId = (typeof STEP_IDS)[number];

export const STEP_LABELS: Readonly<Record<StepId, string>> = {
  start: 'Start',
  ...SECTION_LABELS,
  findings: 'Findings',
  letters: 'Letters',
};

export function isStepId(value: string | null): value is StepId {
  return (STEP_IDS as readonly (string | null)[]).includes(value);
}

export function isSectionStep(step: StepId): step is SectionId {
  return (SECTION_IDS as readonly string[]).includes(step);
}

export function nextStep(step: StepId): StepId {
  return STEP_IDS[Math.min(STEP_IDS.indexOf(step) + 1, STEP_IDS.length - 1)]!;
}

export function previousStep(step: StepId): StepId {
  return STEP_IDS[Math.max(STEP_IDS.indexOf(step) - 1, 0)]!;
}

/** The address of a step: the practice run carries `practice=1`, so Back and reload stay in it. */
export function stepParams(step: StepId, practice: boolean): Record<string, string> {
  return practice ? { step, practice: '1' } : { step };
}

/** Where "Continue" reopens a checkup: the step the consumer was last on, else the first section. */
export function resumeStep(lastStep: string): StepId {
  return isStepId(lastStep) && lastStep !== 'start' ? lastStep : 'personal';
}
