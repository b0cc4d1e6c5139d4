import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '../letters/item-rules';
import { buildFollowUp, IDENTITY_KINDS } from './follow-up-letters';
import { errorTypeInLetter } from './item-types';
import type { Dispute, DisputeItem } from './model';
import { nextSteps } from './next-steps';
import { sampleDispute } from './testing/sample-dispute';

const DATE = new Date(2026, 11, 20);
const TODAY = '2026-12-20';
const IDS = { id: 'd2', createdAt: '2026-12-20T10:00:00.000Z' };

const INQUIRY_LETTER = [
  'Jane Q. Public',
  '',
  'Item 1: Unauthorized Inquiry',
  'Company: Acme Auto Finance',
  'Inquiry date: May 2, 2026',
  '',
  'Item 2: Incorrect Personal Information',
  'Information: Address',
  '',
].join('\n');

/** Round 1 with an inquiry and an address, both answered "verified". */
function verifiedBureauOnly(withTypes: boolean): Dispute {
  return sampleDispute({
    deliveredOn: '2026-11-04',
    responseOn: '2026-11-30',
    letterText: INQUIRY_LETTER,
    items: [
      {
        id: 'i1',
        accountName: 'Acme Auto Finance',
        details: 'I never applied for credit with Acme.',
        outcome: 'verified',
        ...(withTypes ? { errorType: 'unauthorized-inquiry' as const } : {}),
      },
      {
        id: 'i2',
        accountName: 'Address: 99 Pine Road, Dayton, OH',
        details: 'I never lived there.',
        outcome: 'verified',
        ...(withTypes ? { errorType: 'incorrect-personal-info' as const } : {}),
      },
    ],
  });
}

describe('the crash: a direct dispute for an inquiry or personal information (12 CFR 1022.43(b)(1))', () => {
  it('is not offered after "verified", whether the type is stored or read from the letter', () => {
    for (const withTypes of [true, false]) {
      const steps = nextSteps(verifiedBureauOnly(withTypes), [], TODAY);
      expect(steps.map((step) => step.kind)).not.toContain('direct-dispute');
      // The bureau-side follow-ups still are.
      expect(steps.map((step) => step.kind)).toContain('method-of-verification');
      expect(steps.map((step) => step.kind)).toContain('statement-of-dispute');
    }
  });

  it('reads the type of an inquiry and of personal information from the first letter', () => {
    const [inquiry, address] = verifiedBureauOnly(false).items;
    expect(errorTypeInLetter(INQUIRY_LETTER, inquiry!)).toBe('unauthorized-inquiry');
    expect(errorTypeInLetter(INQUIRY_LETTER, address!)).toBe('incorrect-personal-info');
  });

  it('refuses, never throws, when such a type is chosen for a direct dispute', () => {
    const parent = sampleDispute({
      deliveredOn: '2026-11-04',
      responseOn: '2026-11-30',
      items: [{ ...sampleDispute().items[0]!, outcome: 'verified' }],
    });
    for (const errorType of ['unauthorized-inquiry', 'incorrect-personal-info'] as const) {
      const result = buildFollowUp(
        parent,
        { kind: 'direct-dispute', itemIds: ['i1'] },
        { creditorName: 'Acme', errorType, whatIsNew: 'My bank letter.' },
        IDS,
        DATE,
      );
      expect(result).toMatchObject({ ok: false, field: 'errorType' });
    }
  });
});

/** Round 1 to Experian, one balance item answered "verified"; its facts kept as the generator now keeps them. */
function verifiedBalance(facts?: DisputeItem['facts']): Dispute {
  return sampleDispute({
    deliveredOn: '2026-11-04',
    responseOn: '2026-11-30',
    items: [
      {
        id: 'i1',
        accountName: 'Capital One Visa',
        accountNumber: '****4321',
        details: 'I paid this card down to $150 in March 2026.',
        outcome: 'verified',
        errorType: 'incorrect-balance',
        facts,
      },
    ],
  });
}

const DIRECT = { kind: 'direct-dispute' as const, itemIds: ['i1'] };
const CREDITOR = {
  creditorName: 'Capital One, N.A.',
  whatIsNew: 'My bank’s letter confirming the March payment.',
};

describe('3. one voice on every path', () => {
  it('the direct dispute after "verified" carries the item’s facts: what is true, the amounts', () => {
    const result = buildFollowUp(
      verifiedBalance({ reportedBalance: '$2,400', correctBalance: '$150' }),
      DIRECT,
      CREDITOR,
      IDS,
      DATE,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.letterText).toContain(
      'What you report to credit bureaus: a balance of $2,400.\nWhat is true: the balance is $150.',
    );
    expect(result.letterText).toContain('correct the balance you report to $150');
    // The item keeps its type and facts for the next round.
    expect(result.dispute.items[0]).toMatchObject({
      errorType: 'incorrect-balance',
      facts: { correctBalance: '$150' },
    });
  });

  it('runs the first letter’s field checks, naming the fact to fill', () => {
    const refused = buildFollowUp(verifiedBalance(), DIRECT, CREDITOR, IDS, DATE);
    expect(refused).toEqual({
      ok: false,
      message: RULE_MESSAGES.correctBalance,
      field: 'facts.correctBalance',
    });
    const filled = buildFollowUp(
      verifiedBalance(),
      DIRECT,
      { ...CREDITOR, facts: { correctBalance: '$0' } },
      IDS,
      DATE,
    );
    expect(filled.ok && filled.letterText).toContain('What is true: the balance is $0.');
  });

  it('the statement of dispute carries the identity lines, like the other follow-ups', () => {
    expect(IDENTITY_KINDS).toContain('statement-of-dispute');
    const result = buildFollowUp(
      verifiedBalance({ correctBalance: '$150' }),
      { kind: 'statement-of-dispute', itemIds: ['i1'] },
      {
        statement: 'I paid this card down to $150 in March 2026.',
        dateOfBirth: '1985-03-04',
        ssnLast4: '6789',
        reportNumber: '3318-2207-51',
      },
      IDS,
      DATE,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.letterText).toContain(
      'Date of birth: March 4, 1985\nSSN (last 4 digits): 6789\n',
    );
    expect(result.letterText).toContain('(report number 3318-2207-51)');
    expect(result.dispute.letterText).not.toMatch(/March 4, 1985|6789|3318-2207-51/);
  });
});
