import { describe, expect, it } from 'vitest';
import {
  answerSample,
  checkupLetters,
  computeFindings,
  inputProblems,
  sampleCheckup,
} from './index';
import { SAMPLE_DAY } from './samples';

/** Finding ids hold the dates they are about: those move with the sample. */
const undated = (id: string) => id.replace(/\d{4}-\d{2}-\d{2}|[A-Z][a-z]+ \d{1,2}, \d{4}/g, 'DATE');

/** What the answered sample finds on `today` and the letters it makes, without their dates. */
function sampleOn(today: string) {
  const checkup = answerSample(sampleCheckup(today));
  const findings = computeFindings(checkup, today);
  const letters = checkupLetters(checkup, findings, new Date(`${today}T12:00:00`));
  return {
    problems: inputProblems(checkup, today),
    findings: findings.map((finding) => `${finding.kind} ${finding.entryId}`).sort(),
    bureauLetters: letters.bureauLetters.map((letter) => [
      letter.bureau,
      letter.findingIds.map(undated),
    ]),
    creditorLetters: letters.creditorLetters.length,
    withoutLetter: letters.withoutLetter.map(
      ({ finding, why }) => `${undated(finding.id)}: ${undated(why)}`,
    ),
  };
}

describe('the sample reports on any day', () => {
  it.each(['2026-12-31', '2027-08-05', '2028-03-01', '2031-01-31', '2036-02-29'])(
    'find the same things and make the same letters on %s as on the day they were written for',
    (today) => {
      expect(sampleOn(today)).toEqual(sampleOn(SAMPLE_DAY));
    },
  );

  it('move every date of their items on by whole months, late months included', () => {
    const written = sampleCheckup();
    const moved = sampleCheckup('2027-01-02');
    expect(moved.dateOfBirth).toBe(written.dateOfBirth);
    const prairie = (checkup: typeof written) =>
      checkup.accounts.find((account) => account.creditor === 'Prairie State Bank Visa')!;
    expect(prairie(written).reports.equifax?.lateMonths).toBe('March 2025');
    expect(prairie(moved).reports.equifax?.lateMonths).toBe('May 2025');
    expect(prairie(written).reports.experian?.dateOpened).toBe('2018-04-02');
    expect(prairie(moved).reports.experian?.dateOpened).toBe('2018-06-02');
    const inquiryDates = (checkup: typeof written) =>
      checkup.inquiries.map((inquiry) => Object.values(inquiry.reports)[0]?.date);
    expect(inquiryDates(written)).toEqual(['2026-02-11', '2025-10-03', '2025-08-01', '2024-01-15']);
    expect(inquiryDates(moved)).toEqual(['2026-04-11', '2025-12-03', '2025-10-01', '2024-03-15']);
    expect(moved.publicRecords[0]?.reports.transunion?.dateFiled).toBe('2014-08-10');
  });
});
