import { computeFindings, sampleCheckup } from '@shared/checkup';
import { describe, expect, it } from 'vitest';
import { suggestionText, truthOptions, truthQuestion } from './answer-options';

const TODAY = '2026-11-26';
const sample = sampleCheckup(TODAY);
const findings = computeFindings(sample, TODAY);
const lakeside = findings.find((finding) => finding.title.startsWith('Lakeside'))!;

describe('the questions a finding asks', () => {
  it('where bureaus differ: each bureau’s value with its "as of" date, neither, or not sure', () => {
    expect(truthQuestion(lakeside)).toBe('What is the true balance?');
    expect(truthOptions(lakeside).map((option) => option.label)).toEqual([
      '$8,450.00, as Experian shows (as of October 28, 2026)',
      '$9,450.00, as TransUnion shows (as of September 28, 2026)',
      'Neither: I will type the true value',
      'Not sure',
    ]);
  });

  it('practice suggests the sample holder’s answers', () => {
    expect(suggestionText(lakeside, sample)).toBe('Practice: choose “Not sure”.');
    const summit = findings.find((finding) => finding.title.startsWith('Summit'))!;
    expect(suggestionText(summit, sample)).toBe('Practice: the same debt: “Yes”.');
    const northway = findings.find((finding) => finding.kind === 'obsolete')!;
    expect(suggestionText(northway, sample)).toBe('');
  });
});
