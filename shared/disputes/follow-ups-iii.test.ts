import { describe, expect, it } from 'vitest';
import { letterProse, readability } from '../letters/testing/readability';
import {
  buildFollowUp,
  FOLLOW_UP_MESSAGES,
  EXHIBIT_KINDS,
  type FollowUpInput,
} from './follow-up-letters';
import { accountEnding, type Dispute, type ItemOutcome } from './model';
import { noResponseLetterNote, type FollowUpKind } from './next-steps';
import { sampleDispute } from './testing/sample-dispute';

const DATE = new Date(2026, 11, 20);
const IDS = { id: 'd2', createdAt: '2026-12-20T10:00:00.000Z' };
const IDENTITY = { dateOfBirth: '1985-03-04', ssnLast4: '6789', reportNumber: '3318-2207-51' };

const FIRST_LETTER = [
  'Jane Q. Public',
  '',
  'Disputed item: Incorrect Payment History',
  'Account name: Chase Sapphire',
  'Proof: Exhibit 1, Exhibit 2.',
  '',
  'Enclosures:',
  '- A copy of my government-issued photo ID',
  '- Exhibit 1: June 2026 bank statement',
  '- Exhibit 2: Payment confirmation of June 3, 2026',
  '',
].join('\n');

const OUTCOMES: Record<string, ItemOutcome> = {
  'method-of-verification': 'verified',
  resubmission: 'frivolous',
  'no-response': 'no-response',
  reinsertion: 'deleted',
};

function parent(kind: FollowUpKind, reason = 'Not enough information'): Dispute {
  const [first] = sampleDispute().items;
  return sampleDispute({
    deliveredOn: '2026-11-04',
    responseOn: kind === 'no-response' ? undefined : '2026-11-30',
    letterText: FIRST_LETTER,
    items: [
      {
        ...first!,
        outcome: OUTCOMES[kind],
        statedReason: kind === 'resubmission' ? reason : undefined,
        reappearedOn: kind === 'reinsertion' ? '2026-12-15' : undefined,
      },
    ],
  });
}

const EXTRA: Partial<Record<FollowUpKind, FollowUpInput>> = {
  resubmission: { enclosedInformation: 'Copy of my driver’s license' },
};

function build(kind: FollowUpKind, input: FollowUpInput = {}, from = parent(kind)) {
  const result = buildFollowUp(
    from,
    { kind, itemIds: ['i1'] },
    { ...EXTRA[kind], ...input },
    IDS,
    DATE,
  );
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('4. follow-ups a bureau can match', () => {
  for (const kind of EXHIBIT_KINDS)
    it(`${kind}: identity lines in the letter to mail only, "ending in", the first round's exhibits`, () => {
      const result = build(kind, IDENTITY);
      expect(result.letterText).toContain(
        'Date of birth: March 4, 1985\nSSN (last 4 digits): 6789\n',
      );
      expect(result.letterText).toContain('(report number 3318-2207-51)');
      // What My Disputes keeps never has them.
      expect(result.dispute.letterText).not.toMatch(/Date of birth|6789|3318-2207-51/);
      expect(result.letterText).toContain('Account number: ending in 4321\n');
      expect(result.letterText).not.toContain('****4321');
      expect(result.letterText).toContain(
        'Enclosures:\n- Exhibit 1: June 2026 bank statement\n- Exhibit 2: Payment confirmation of June 3, 2026\n',
      );
      const kept = build(kind, { removedExhibits: [1] }).dispute.letterText;
      expect(kept).toContain('- Exhibit 1: Payment confirmation of June 3, 2026\n');
      expect(kept).not.toContain('June 2026 bank statement');
    });

  it('a resubmission numbers what is new after the carried exhibits', () => {
    expect(build('resubmission').letterText).toContain(
      '- Exhibit 2: Payment confirmation of June 3, 2026\n- Exhibit 3: Copy of my driver’s license\n',
    );
  });

  it('after "we could not identify the account" the resubmission says what identifies it now', () => {
    const notFound = parent('resubmission', 'We could not identify the account');
    expect(build('resubmission', IDENTITY, notFound).letterText).toContain(
      'You said you could not identify the account. To identify it, this letter now gives my date of birth, the last 4 digits of my SSN, the number of my credit report and the account number ending in 4321 for Chase Sapphire.',
    );
    const bare = {
      ...notFound,
      items: notFound.items.map((item) => ({ ...item, accountNumber: '' })),
    };
    expect(
      buildFollowUp(
        bare,
        { kind: 'resubmission', itemIds: ['i1'] },
        EXTRA.resubmission!,
        IDS,
        DATE,
      ),
    ).toEqual({ ok: false, message: FOLLOW_UP_MESSAGES.identifyingRequired, field: 'dateOfBirth' });
  });

  it('refuses more than 4 SSN digits, an overlong report number and a future birth date', () => {
    const attempt = (input: FollowUpInput) =>
      buildFollowUp(
        parent('method-of-verification'),
        { kind: 'method-of-verification', itemIds: ['i1'] },
        input,
        IDS,
        DATE,
      );
    expect(attempt({ ssnLast4: '123456789' })).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.ssnDigits,
      field: 'ssnLast4',
    });
    expect(attempt({ reportNumber: 'x'.repeat(41) })).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.reportNumberTooLong,
      field: 'reportNumber',
    });
    expect(attempt({ dateOfBirth: '2027-01-01' })).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.dateOfBirthInFuture,
      field: 'dateOfBirth',
    });
  });

  it('prints "ending in" the last 4 digits of whatever was written', () => {
    expect(accountEnding('****4321')).toBe('ending in 4321');
    expect(accountEnding('5424 1811 2233 4321')).toBe('ending in 4321');
    expect(accountEnding('12')).toBe('12');
  });
});

describe('5. clocks', () => {
  it('before the due date plus 5 business days, the card says from when the no-response letter opens', () => {
    const waiting = sampleDispute({ deliveredOn: '2026-11-04' });
    expect(noResponseLetterNote(waiting, '2026-12-03')).toBeNull();
    expect(noResponseLetterNote(waiting, '2026-12-04')).toBe(
      'The no-response follow-up can be made from December 11, 2026: the bureau has 5 business days after its deadline to mail its results (15 U.S.C. §1681i(a)(6)(A)).',
    );
    expect(noResponseLetterNote(waiting, '2026-12-11')).toBeNull();
  });
});

describe('8. readability of every follow-up (one item), on the prose alone', () => {
  const kinds: FollowUpKind[] = [...EXHIBIT_KINDS, 'statement-of-dispute'];
  for (const kind of kinds)
    it(`${kind}: ≤ 300 words and grade ≤ 9`, () => {
      const from =
        kind === 'statement-of-dispute' ? { ...parent('method-of-verification') } : parent(kind);
      const input =
        kind === 'statement-of-dispute'
          ? { statement: 'I paid this account on time in June 2026; my bank statement shows it.' }
          : IDENTITY;
      const measured = readability(letterProse(build(kind, input, from).letterText));
      if (process.env.LETTER_FIGURES) console.log(kind, measured.words, measured.grade.toFixed(1));
      expect(measured.words).toBeLessThanOrEqual(300);
      expect(measured.grade).toBeLessThanOrEqual(9);
    });
});
