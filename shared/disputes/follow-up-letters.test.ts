import { describe, expect, it } from 'vitest';
import { cfpbComplaintNarrative } from './cfpb-complaint';
import { buildFollowUp, FOLLOW_UP_MESSAGES, type FollowUpInput } from './follow-up-letters';
import type { Dispute, ItemOutcome } from './model';
import type { FollowUpKind } from './next-steps';
import { sampleDispute } from './testing/sample-dispute';

const DATE = new Date(2026, 11, 20);
const IDS = { id: 'd2', createdAt: '2026-12-20T10:00:00.000Z' };

function parent(outcome: ItemOutcome): Dispute {
  const [first, second] = sampleDispute().items;
  return sampleDispute({
    deliveredOn: '2026-11-04',
    responseOn: '2026-11-30',
    items: [
      { ...first!, outcome, statedReason: 'Insufficient information to identify the account' },
      second!,
    ],
  });
}

function build(kind: FollowUpKind, outcome: ItemOutcome, input: FollowUpInput = {}) {
  const result = buildFollowUp(parent(outcome), { kind, itemIds: ['i1'] }, input, IDS, DATE);
  if (!result.ok) throw new Error(result.message);
  return result.dispute;
}

/** The citations of the letter's "Legal basis:" list, in order. */
function citations(text: string): string[] {
  const list = text.split('Legal basis:\n')[1]?.split('\n\n')[0] ?? '';
  return list
    .split('\n')
    .map((line) => /^- (15 U\.S\.C\. §\S+|12 CFR [\d.]+\d) /.exec(line)?.[1] ?? line);
}

describe('follow-up letters', () => {
  it('method of verification: to the bureau, citing §1681i(a)(6)(B)(iii) and (a)(7), 15 days', () => {
    const letter = build('method-of-verification', 'verified');
    expect(letter).toMatchObject({
      round: 2,
      parentId: 'd1',
      letterKind: 'method-of-verification',
    });
    expect(letter.recipient).toEqual({ kind: 'bureau', bureau: 'experian' });
    expect(letter.items).toEqual([
      {
        id: 'i1',
        accountName: 'Chase Sapphire',
        accountNumber: '****4321',
        details: 'Reported 30 days late in June 2026;\nI paid on June 3.',
      },
    ]);
    const text = letter.letterText;
    expect(citations(text)).toEqual([
      '15 U.S.C. §1681i(a)(6)(B)(iii)',
      '15 U.S.C. §1681i(a)(7)',
      '15 U.S.C. §1681i(a)(4)',
    ]);
    expect(text).toContain(
      'Under 15 U.S.C. §1681i(a)(6)(B)(iii) and (a)(7), I request a description',
    );
    expect(text).toContain('within 15 days after you receive this request');
    expect(text).toContain(
      'On November 2, 2026 I mailed you a dispute of the item below by certified mail (tracking number 9407111899223197428490), which you received on November 4, 2026. You answered on November 30, 2026 that the information was verified as accurate.',
    );
    expect(text).toContain('Experian\nP.O. Box 4500\nAllen, TX 75013');
    expect(text).toContain(
      'What I disputed: Reported 30 days late in June 2026; I paid on June 3.',
    );
    expect(text).toContain('December 20, 2026');
    expect(text.startsWith('Jane Q. Public\n12 Elm Street\nSpringfield, IL 62701\n555-0100')).toBe(
      true,
    );
    expect(text).not.toContain('Midland');
    // How to mail it is shown beside the letter, never in it.
    expect(text).not.toContain('certified mail with return receipt');
    expect(text.trimEnd().endsWith('Sincerely,\n\n\nJane Q. Public')).toBe(true);
  });

  it('direct dispute: to the creditor under §1681s-2(a)(8) and 12 CFR 1022.43 only', () => {
    const letter = build('direct-dispute', 'verified', {
      creditorAddress: 'P.O. Box 15298\nWilmington, DE 19850',
    });
    expect(letter.recipient).toEqual({
      kind: 'furnisher',
      name: 'Chase Sapphire',
      address: 'P.O. Box 15298\nWilmington, DE 19850',
    });
    expect(citations(letter.letterText)).toEqual(['15 U.S.C. §1681s-2(a)(8)', '12 CFR 1022.43']);
    expect(letter.letterText).toContain('Chase Sapphire\nP.O. Box 15298\nWilmington, DE 19850');
    expect(letter.letterText).toContain(
      'Experian answered on November 30, 2026 that the information was verified',
    );
    expect(letter.letterText).not.toMatch(/1681n|1681s-2\(b\)/);
  });

  it('resubmission: quotes the stated reason, cites §1681i(a)(3)(B) and (C), lists what is sent', () => {
    const letter = build('resubmission', 'frivolous', {
      enclosedInformation: 'Copy of my June 2026 statement\nCopy of my driver’s license',
    });
    expect(citations(letter.letterText)).toEqual([
      '15 U.S.C. §1681i(a)(3)(B)',
      '15 U.S.C. §1681i(a)(3)(C)',
      '15 U.S.C. §1681i(a)(1)(A)',
      '15 U.S.C. §1681i(a)(4)',
    ]);
    expect(letter.letterText).toContain(
      'frivolous or irrelevant and gave this reason: "Insufficient information to identify the account".',
    );
    expect(letter.letterText).toContain(
      '- Copy of my June 2026 statement\n- Copy of my driver’s license',
    );
    const noReason = parent('frivolous');
    noReason.items[0]!.statedReason = undefined;
    const result = buildFollowUp(
      noReason,
      { kind: 'resubmission', itemIds: ['i1'] },
      { enclosedInformation: 'Statement' },
      IDS,
      DATE,
    );
    expect(result.ok && result.dispute.letterText).toContain(
      'but did not say why or what information you need.',
    );
    expect(
      buildFollowUp(parent('frivolous'), { kind: 'resubmission', itemIds: ['i1'] }, {}, IDS, DATE),
    ).toEqual({ ok: false, message: FOLLOW_UP_MESSAGES.enclosedInformationRequired });
  });

  it('no response: cites §1681i(a)(1) and (a)(5)(A), names the missed date', () => {
    const letter = build('no-response', 'no-response');
    expect(citations(letter.letterText)).toEqual([
      '15 U.S.C. §1681i(a)(1)(A)',
      '15 U.S.C. §1681i(a)(5)(A)',
      '15 U.S.C. §1681i(a)(6)(A)',
    ]);
    expect(letter.letterText).toContain(
      'you had to complete your reinvestigation within 30 days of receiving my dispute, that is by December 4, 2026. I have not received your results.',
    );
  });

  it('reinsertion: cites §1681i(a)(5)(B), says when it came back and whether a notice came', () => {
    const source = parent('deleted');
    source.items[0]!.reappearedOn = '2027-01-10';
    const result = buildFollowUp(source, { kind: 'reinsertion', itemIds: ['i1'] }, {}, IDS, DATE);
    const text = result.ok ? result.dispute.letterText : '';
    expect(citations(text)).toEqual(['15 U.S.C. §1681i(a)(5)(B)', '15 U.S.C. §1681i(a)(1)(A)']);
    expect(text).toContain('On January 10, 2027 I saw that it is back in my credit file.');
    expect(text).toContain('I have not received a notice of reinsertion from you.');
    expect(text).toContain('within 5 business days');
  });

  it('statement of dispute: cites §1681i(b) and (c), at most 100 words', () => {
    const statement = 'I paid this account on time in June 2026; my bank statement shows it.';
    const letter = build('statement-of-dispute', 'verified', { statement });
    expect(citations(letter.letterText)).toEqual(['15 U.S.C. §1681i(b)', '15 U.S.C. §1681i(c)']);
    expect(letter.letterText).toContain(`"${statement}"`);
    const tooLong = Array.from({ length: 101 }, () => 'word').join(' ');
    expect(
      buildFollowUp(
        parent('verified'),
        { kind: 'statement-of-dispute', itemIds: ['i1'] },
        { statement: tooLong },
        IDS,
        DATE,
      ),
    ).toEqual({ ok: false, message: FOLLOW_UP_MESSAGES.statementTooLong });
  });

  it('needs the parent to have been mailed', () => {
    const draft = sampleDispute({ mailedOn: undefined });
    expect(buildFollowUp(draft, { kind: 'no-response', itemIds: ['i1'] }, {}, IDS, DATE)).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.notMailed,
    });
  });
});

describe('cfpbComplaintNarrative', () => {
  it('says who, what, when delivered, what happened and what the consumer wants', () => {
    const text = cfpbComplaintNarrative(parent('no-response'), ['i1', 'i2'], '2026-12-20');
    expect(text).toBe(
      [
        'Company: Experian',
        '',
        'What I disputed: On November 2, 2026 I mailed Experian a written dispute by certified mail (tracking number 9407111899223197428490) of this information in my credit file:',
        '- Chase Sapphire (account number ****4321): Reported 30 days late in June 2026; I paid on June 3.',
        '- Midland Credit: Not my account.',
        '',
        'When it was delivered: The return receipt shows Experian received it on November 4, 2026.',
        '',
        'What happened: Experian had 30 days from receiving my dispute to finish its reinvestigation and send me the results (15 U.S.C. §1681i(a)(1)(A)), that is by December 4, 2026. As of December 20, 2026 I have not received any results.',
        '',
        'What I want: Experian should delete the information it has not verified (15 U.S.C. §1681i(a)(5)(A)), send me the results of its reinvestigation in writing, and send me a copy of my corrected credit report.',
        '',
      ].join('\n'),
    );
  });
});
