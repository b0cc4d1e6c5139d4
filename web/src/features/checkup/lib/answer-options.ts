import {
  answerSample,
  COMPARED_FIELD_LABELS,
  type Checkup,
  type Finding,
  type FindingAnswer,
} from '@shared/checkup';
import { BUREAU_IDS, BUREAUS, formatIsoLong } from '@shared/letters';

export interface AnswerOption {
  value: string;
  label: string;
}

export const YES_NO_LABELS = { yes: 'Yes', no: 'No', 'not-sure': 'Not sure' } as const;

/** "What is true?": each bureau's value with its "as of" date, another value, or not sure. */
export function truthOptions(finding: Finding): AnswerOption[] {
  const shown = BUREAU_IDS.filter((bureau) => finding.values?.[bureau] !== undefined);
  return [
    ...shown.map((bureau) => {
      const asOf = finding.asOf?.[bureau];
      return {
        value: bureau,
        label: `${finding.values![bureau] || 'none'}, as ${BUREAUS[bureau].name} shows${asOf ? ` (as of ${formatIsoLong(asOf)})` : ''}`,
      };
    }),
    { value: 'neither', label: 'Neither: I will type the true value' },
    { value: 'not-sure', label: 'Not sure' },
  ];
}

/** The question where bureaus differ, in the consumer's words. */
export function truthQuestion(finding: Finding): string {
  return finding.field === 'lateMonths'
    ? 'Which months were you really late?'
    : `What is the true ${COMPARED_FIELD_LABELS[finding.field!].toLowerCase()}?`;
}

/** The input type of the true value typed for "neither". */
export function trueValueType(finding: Finding): 'date' | 'text' {
  return finding.field === 'dateOpened' || finding.field === 'dateOfFirstDelinquency'
    ? 'date'
    : 'text';
}

/** The answer the practice mode suggests for a sample's finding (its holder's, `answerSample`). */
export function suggestedAnswer(finding: Finding, checkup: Checkup): FindingAnswer {
  return answerSample(checkup).answers[finding.id] ?? {};
}

/** The suggestion in words, for the practice mode's hint; '' when there is nothing to suggest. */
export function suggestionText(finding: Finding, checkup: Checkup): string {
  const answer = suggestedAnswer(finding, checkup);
  const parts: string[] = [];
  if (answer.truth) {
    const option = truthOptions(finding).find((each) => each.value === answer.truth);
    if (option) parts.push(`choose “${option.label}”`);
  }
  if (answer.sameDebt) parts.push(`the same debt: “${YES_NO_LABELS[answer.sameDebt]}”`);
  if (answer.sold) parts.push(`sold: “${YES_NO_LABELS[answer.sold]}”`);
  if (answer.identityTheft) parts.push('tick identity theft');
  if (answer.inReport) parts.push('tick that the report lists it');
  return parts.length > 0 ? `Practice: ${parts.join('; ')}.` : '';
}
