import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { describe, expect, it } from 'vitest';
import { dashboardRows, NEXT_ACTIONS } from './dashboard';

const today = '2026-12-11';
// Delivered November 4: due December 3; the no-response letter opens December 11 (5 business days later).
const overdue = sampleDispute({ id: 'a', deliveredOn: '2026-11-04', createdAt: '2026-11-01' });
const waiting = sampleDispute({
  id: 'b',
  recipient: { kind: 'bureau', bureau: 'equifax' },
  mailedOn: '2026-12-01',
  deliveredOn: '2026-12-04',
  createdAt: '2026-12-01',
});
const notDelivered = sampleDispute({
  id: 'c',
  recipient: { kind: 'bureau', bureau: 'transunion' },
  mailedOn: '2026-12-08',
  createdAt: '2026-12-08',
});
const followUp = sampleDispute({
  id: 'a2',
  parentId: 'a',
  round: 2,
  letterKind: 'no-response',
  mailedOn: undefined,
  createdAt: '2026-12-10',
});

const summary = (rows: ReturnType<typeof dashboardRows>) =>
  rows.map(
    (row) => `${row.recipient} ${row.round.round}: ${row.status.label}, ${row.action.label}`,
  );

describe('dashboardRows', () => {
  it('lists one row per dispute, most urgent first, each with one next action', () => {
    expect(summary(dashboardRows([waiting, notDelivered, overdue], today))).toEqual([
      `Experian 1: Overdue, ${NEXT_ACTIONS.buildFollowUp}`,
      `TransUnion 1: Mailed, ${NEXT_ACTIONS.enterDelivery}`,
      `Equifax 1: Delivered, ${NEXT_ACTIONS.waitForAnswer}`,
    ]);
  });

  it('keeps a follow-up in its thread and tells the thread by the round that needs the user', () => {
    const rows = dashboardRows([waiting, overdue, notDelivered, followUp], today);
    expect(rows).toHaveLength(3);
    expect(summary(rows)[0]).toBe(`Experian 2: Draft, ${NEXT_ACTIONS.mail}`);
    expect(rows[0]!.thread.rounds.map((round) => round.id)).toEqual(['a', 'a2']);
  });

  it('records the answer once the follow-up is mailed and its own answer is awaited', () => {
    const mailed = { ...followUp, mailedOn: '2026-12-10' };
    const [row] = dashboardRows([overdue, mailed], today);
    expect(row!.round.id).toBe('a2');
    expect(row!.action.label).toBe(NEXT_ACTIONS.waitForAnswer);
  });

  it('after "verified" and a mailed follow-up, shows the latest round: its number, status and due date (issue 41)', () => {
    const verified = {
      ...overdue,
      responseOn: '2026-11-30',
      items: overdue.items.map((item) => ({ ...item, outcome: 'verified' as const })),
    };
    const request = sampleDispute({
      id: 'a2',
      parentId: 'a',
      round: 2,
      letterKind: 'method-of-verification',
      mailedOn: '2026-12-02',
      deliveredOn: '2026-12-05',
      createdAt: '2026-12-02',
      items: overdue.items.map(({ id, accountName, details }) => ({ id, accountName, details })),
    });
    const [row] = dashboardRows([verified, request], today);
    expect(row!.round.id).toBe('a2');
    expect(row!.status.label).toBe('Delivered');
    // 15 days for a method-of-verification request (§1681i(a)(7)).
    expect(row!.dueOn).toBe('2026-12-20');
    // Round 1 still proposes the direct dispute and the statement: the action says so.
    expect(row!.action.label).toBe(NEXT_ACTIONS.buildFollowUp);
  });

  it('asks for what came back when the answer is dated but its items are not told', () => {
    const answered = { ...waiting, responseOn: '2026-12-10' };
    expect(summary(dashboardRows([answered], today))).toEqual([
      `Equifax 1: Response received, ${NEXT_ACTIONS.recordAnswer}`,
    ]);
    const told = {
      ...answered,
      items: answered.items.map((item) => ({ ...item, outcome: 'corrected' as const })),
    };
    expect(dashboardRows([told], today)[0]!.action.label).not.toBe(NEXT_ACTIONS.recordAnswer);
  });

  it('never leaves an unanswered letter at "Record the answer" when no follow-up letter fits it', () => {
    const request = sampleDispute({
      id: 'm',
      round: 2,
      parentId: 'a',
      letterKind: 'method-of-verification',
      deliveredOn: '2026-11-04',
      createdAt: '2026-11-02',
      items: overdue.items.map((item) => ({ ...item, outcome: 'no-response' as const })),
    });
    const toCreditor = sampleDispute({
      id: 'f',
      recipient: { kind: 'furnisher', name: 'Citibank N.A.', address: '' },
      deliveredOn: '2026-11-04',
      createdAt: '2026-11-01',
    });
    const verified = {
      ...overdue,
      responseOn: '2026-11-30',
      items: overdue.items.map((item) => ({ ...item, outcome: 'verified' as const })),
    };
    expect(summary(dashboardRows([verified, request, toCreditor], today))).toEqual([
      `Experian 2: Overdue, ${NEXT_ACTIONS.complain}`,
      `Citibank N.A. 1: Overdue, ${NEXT_ACTIONS.disputeWithBureaus}`,
    ]);
  });
});
