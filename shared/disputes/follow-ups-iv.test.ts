import { describe, expect, it } from 'vitest';
import { buildFollowUp, errorTypeInLetter } from './follow-up-letters';
import type { Dispute } from './model';
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
