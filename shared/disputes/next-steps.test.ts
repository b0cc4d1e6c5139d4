import { describe, expect, it } from 'vitest';
import type { Dispute, ItemOutcome } from './model';
import { escalation, nextSteps } from './next-steps';
import { cfpbComplaintNarrative } from './cfpb-complaint';
import { sampleDispute } from './testing/sample-dispute';

function answered(first: ItemOutcome | undefined, second?: ItemOutcome): Dispute {
  const [a, b] = sampleDispute().items;
  return sampleDispute({
    deliveredOn: '2026-11-04',
    items: [
      { ...a!, outcome: first },
      { ...b!, outcome: second },
    ],
  });
}

const kinds = (dispute: Dispute, today = '2026-11-20', children: Dispute[] = []) =>
  nextSteps(dispute, children, today).map((step) => `${step.kind}:${step.itemIds.join(',')}`);

describe('nextSteps', () => {
  it('Verified → method of verification to the bureau, direct dispute and statement per item', () => {
    expect(kinds(answered('verified', 'deleted'))).toEqual([
      'method-of-verification:i1',
      'direct-dispute:i1',
      'statement-of-dispute:i1',
    ]);
  });

  it('Rejected as frivolous or irrelevant → a resubmission', () => {
    expect(kinds(answered('frivolous', 'frivolous'))).toEqual(['resubmission:i1,i2']);
  });

  it('No response, or nothing recorded, after the due date → the no-response follow-up', () => {
    // Delivered November 4: the 30-day period ends December 3, the results may be mailed until
    // 5 business days later (December 10, §1681i(a)(6)(A)).
    expect(kinds(answered('no-response', 'corrected'), '2026-12-11')).toEqual(['no-response:i1']);
    expect(kinds(answered(undefined, undefined), '2026-12-10')).toEqual([]);
    expect(kinds(answered(undefined, undefined), '2026-12-11')).toEqual(['no-response:i1,i2']);
  });

  it('never proposes the no-response follow-up before the due date has passed', () => {
    expect(kinds(answered('no-response', 'corrected'), '2026-11-05')).toEqual([]);
    expect(kinds(answered('no-response', 'corrected'), '2026-12-03')).toEqual([]);
    // A method-of-verification request is not a reinvestigation: no deletion demand follows it.
    const request = answered('no-response');
    request.letterKind = 'method-of-verification';
    expect(kinds(request, '2027-01-10')).toEqual([]);
  });

  it('the statement of dispute note says reports carry the statement or a clear summary', () => {
    const why = nextSteps(answered('verified'), [], '2026-11-20').find(
      (step) => step.kind === 'statement-of-dispute',
    )?.why;
    expect(why).toContain('your statement or a clear summary of it');
    expect(why).not.toContain('every report must carry');
  });

  it('Deleted → nothing, until it is back on the report → the reinsertion letter', () => {
    expect(kinds(answered('deleted', 'corrected'))).toEqual([]);
    const dispute = answered('deleted', 'corrected');
    dispute.items[0]!.reappearedOn = '2027-01-10';
    expect(kinds(dispute)).toEqual(['reinsertion:i1']);
  });

  it('Corrected → nothing more to do', () => {
    expect(kinds(answered('corrected', 'corrected'))).toEqual([]);
  });

  it('drops a step once its letter exists as a later round', () => {
    const parent = answered('verified');
    const child = sampleDispute({
      id: 'd2',
      parentId: 'd1',
      round: 2,
      letterKind: 'method-of-verification',
      items: [parent.items[0]!],
    });
    expect(kinds(parent, '2026-11-20', [child])).toEqual([
      'direct-dispute:i1',
      'statement-of-dispute:i1',
    ]);
  });

  it('proposes nothing for a creditor letter or a statement of dispute', () => {
    const creditor = answered('verified');
    creditor.recipient = { kind: 'furnisher', name: 'Chase', address: '' };
    creditor.letterKind = 'direct-dispute';
    expect(kinds(creditor)).toEqual([]);
    const statement = answered('verified');
    statement.letterKind = 'statement-of-dispute';
    expect(kinds(statement)).toEqual([]);
  });
});

describe('escalation: no follow-up letter fits an unanswered one', () => {
  // Delivered November 4: a method-of-verification request's 15 days end November 19.
  const request = sampleDispute({
    id: 'm',
    round: 2,
    parentId: 'd1',
    letterKind: 'method-of-verification',
    deliveredOn: '2026-11-04',
  });
  const toCreditor = sampleDispute({
    recipient: { kind: 'furnisher', name: 'Citibank N.A.', address: '' },
    deliveredOn: '2026-11-04',
  });

  it('a method-of-verification request goes to the CFPB, with a complaint about §1681i(a)(7)', () => {
    expect(kinds(request, '2026-12-01')).toEqual([]);
    expect(escalation(request, '2026-11-19')).toBeNull();
    expect(escalation(request, '2026-12-01')).toBe('complaint');
    const text = cfpbComplaintNarrative(request, ['i1'], '2026-12-01');
    expect(text).toContain('What I asked: On November 2, 2026 I mailed Experian a written request');
    expect(text).toContain('(15 U.S.C. §1681i(a)(7)), that is by November 19, 2026.');
    expect(text).toContain('I have not received its description.');
    expect(text).toContain(
      'What I want: Experian should describe how it verified the information (15 U.S.C. §1681i(a)(7)), or delete what it cannot verify (15 U.S.C. §1681i(a)(5)(A)).',
    );
  });

  it('a dispute to a creditor goes on to the credit bureaus', () => {
    expect(kinds(toCreditor, '2026-12-20')).toEqual([]);
    expect(escalation(toCreditor, '2026-12-20')).toBe('bureau-dispute');
    expect(escalation(toCreditor, '2026-11-20')).toBeNull();
  });

  it('a dispute to a bureau has its no-response letter instead', () => {
    expect(escalation(sampleDispute({ deliveredOn: '2026-11-04' }), '2026-12-20')).toBeNull();
  });
});
