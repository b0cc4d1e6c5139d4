import {
  answerSample,
  checkupLetters,
  computeFindings,
  SAMPLE_SENDER,
  sampleCheckup,
} from '@shared/checkup';
import { describe, expect, it } from 'vitest';
import { allLettersZip, letterFile, lettersSummary } from './letter-files';

const date = new Date(2026, 10, 26, 9);
const sample = answerSample(sampleCheckup('2026-11-26'));
const letters = checkupLetters(sample, computeFindings(sample, '2026-11-26'), date, SAMPLE_SENDER);

describe('the letter files', () => {
  it('name each bureau file after the bureau and its item count; a sample’s say so', async () => {
    expect(letters.bureauLetters.map((letter) => letterFile(letter).name)).toEqual([
      'SAMPLE-not-for-mailing-dispute-letter-experian-5-items-2026-11-26.txt',
      'SAMPLE-not-for-mailing-dispute-letter-equifax-6-items-2026-11-26.txt',
      'SAMPLE-not-for-mailing-dispute-letter-transunion-4-items-2026-11-26.txt',
    ]);
    expect((await allLettersZip(letters.bureauLetters, date, true)).fileName).toBe(
      'SAMPLE-not-for-mailing-checkup-letters-2026-11-26.zip',
    );
  });

  it('sum the letters up', () => {
    expect(lettersSummary(letters.bureauLetters, 6)).toBe(
      '3 letters to the credit bureaus, one per bureau with all of its items, and 6 direct disputes to the creditors that report the accounts.',
    );
    expect(lettersSummary([], 0)).toBe('No letter: no finding can go in one yet.');
  });
});
