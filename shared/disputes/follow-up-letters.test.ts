import { buildFurnisherLetter } from '../letters/build-letter';
import { describe, expect, it } from 'vitest';
import { cfpbComplaintNarrative } from './cfpb-complaint';
import { buildFollowUp, FOLLOW_UP_MESSAGES, type FollowUpInput } from './follow-up-letters';
import { errorTypeInLetter } from './item-types';
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
  const line = text.split('\n').find((each) => each.startsWith('Legal basis: ')) ?? '';
  return line.slice('Legal basis: '.length, -1).split('; ');
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
    // The sample's first letter enclosed nothing: no question about "the documents I sent".
    expect(citations(text)).toEqual(['15 U.S.C. §1681i(a)(6)(B)(iii)', '15 U.S.C. §1681i(a)(7)']);
    expect(text).not.toContain('documents I sent');
    expect(text).toContain(
      'Under 15 U.S.C. §1681i(a)(6)(B)(iii) and (a)(7), please tell me how you checked this information. Please give me the name and address of each company you contacted, and its phone number if you can.',
    );
    expect(text).toContain('within 15 days after you get this request');
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

  it('method of verification asks about the documents sent only when the first letter enclosed some', () => {
    const withEvidence = (overrides: Partial<Dispute>) => {
      const result = buildFollowUp(
        { ...parent('verified'), ...overrides },
        { kind: 'method-of-verification', itemIds: ['i1'] },
        {},
        IDS,
        DATE,
      );
      return result.ok ? result.dispute.letterText : '';
    };
    const exhibits = withEvidence({
      letterText: 'Body.\n\nEnclosures:\n- Exhibit 1: June 2026 bank statement\n',
    });
    expect(exhibits).toContain(
      'Please also tell me whether you looked at the documents I sent with my dispute, as 15 U.S.C. §1681i(a)(4) requires.',
    );
    expect(citations(exhibits).at(-1)).toBe('15 U.S.C. §1681i(a)(4)');
    expect(
      withEvidence({
        letterText: 'Body.\n\nEnclosures:\n- A copy of my government-issued photo ID\n',
      }),
    ).toContain('documents I sent');
    expect(
      withEvidence({
        exhibits: [{ id: 'x', exhibit: 1, name: 'a.pdf', type: 'application/pdf', size: 1 }],
      }),
    ).toContain('documents I sent');
  });

  it("direct dispute: the letter engine's creditor letter, plus the earlier bureau dispute and its outcome", () => {
    const source = parent('verified');
    source.letterText =
      'Jane Q. Public\n\nDisputed item: Incorrect Payment History\nAccount name: Chase Sapphire\n';
    // The facts the first letter gave are kept with the item (issue 41).
    source.items[0]!.facts = { monthsReportedLate: 'June 2026' };
    expect(errorTypeInLetter(source.letterText, source.items[0]!)).toBe(
      'incorrect-payment-history',
    );
    const input = {
      creditorName: 'JPMorgan Chase Bank, N.A.',
      creditorAddress: 'P.O. Box 15298\nWilmington, DE 19850',
      errorType: 'incorrect-payment-history',
      evidence: 'June 2026 bank statement\nPayment confirmation of June 3, 2026',
      whatIsNew: 'My bank’s letter confirming the June 3 payment, which I did not send before',
    } as const;
    const result = buildFollowUp(
      source,
      { kind: 'direct-dispute', itemIds: ['i1'] },
      input,
      IDS,
      DATE,
    );
    if (!result.ok) throw new Error(result.message);
    const letter = result.dispute;
    expect(letter.recipient).toEqual({
      kind: 'furnisher',
      name: 'JPMorgan Chase Bank, N.A.',
      address: 'P.O. Box 15298\nWilmington, DE 19850',
    });
    const earlier =
      'On November 2, 2026 I mailed Experian a dispute of the item below by certified mail (tracking number 9407111899223197428490), which Experian received on November 4, 2026. Experian answered on November 30, 2026 that the information was verified as accurate. I still believe it is inaccurate.';
    // Exactly the engine's letter with one paragraph added: nothing of it is copied here.
    const whatIsNew =
      'What is new since that dispute: My bank’s letter confirming the June 3 payment, which I did not send before.';
    expect(letter.letterText.replace(`${earlier}\n\n${whatIsNew}\n\n`, '')).toBe(
      buildFurnisherLetter(
        {
          bureau: 'experian',
          errorType: 'incorrect-payment-history',
          accountName: 'Chase Sapphire',
          accountNumber: '4321',
          details: 'Reported 30 days late in June 2026; I paid on June 3.',
          monthsReportedLate: 'June 2026',
          evidence: input.evidence,
          sender: source.sender,
        },
        DATE,
        { itemIndex: 0, creditorName: input.creditorName, address: input.creditorAddress },
      ),
    );
    const text = letter.letterText;
    expect(text.indexOf(earlier)).toBeGreaterThan(text.indexOf('I dispute directly with you'));
    expect(text.indexOf(earlier)).toBeLessThan(text.indexOf('Disputed item:'));
    expect(text).toContain('JPMorgan Chase Bank, N.A.\nP.O. Box 15298\nWilmington, DE 19850');
    expect(text).toContain('please report the item as disputed');
    expect(text).toContain('§1681s-2(a)(3)');
    expect(text).toContain('Exhibit 1: June 2026 bank statement');
    expect(text).toContain('Exhibit 2: Payment confirmation of June 3, 2026');
    expect(text).toContain('Account number: ending in 4321\n');
    expect(text).not.toMatch(/1681n|1681s-2\(b\)|review all relevant information I have provided/);
  });

  it("direct dispute needs the creditor's name and the error type", () => {
    const attempt = (input: FollowUpInput) =>
      buildFollowUp(
        parent('verified'),
        { kind: 'direct-dispute', itemIds: ['i1'] },
        input,
        IDS,
        DATE,
      );
    expect(attempt({ errorType: 'incorrect-balance' })).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.creditorNameRequired,
      field: 'creditorName',
    });
    expect(attempt({ creditorName: 'Chase' })).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.errorTypeRequired,
      field: 'errorType',
    });
    expect(attempt({ creditorName: 'Chase', errorType: 'not-mine' })).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.whatIsNewRequired('Experian'),
      field: 'whatIsNew',
    });
    expect(
      attempt({ creditorName: 'Chase', errorType: 'not-mine', whatIsNew: 'My police report' }).ok,
    ).toBe(true);
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
      '- Exhibit 1: Copy of my June 2026 statement\n- Exhibit 2: Copy of my driver’s license',
    );
    // The account number was in the first letter: given again, not as something new.
    expect(letter.letterText).toContain(
      'To identify it, this letter gives the account number ending in 4321 for Chase Sapphire again, with the information I enclose.',
    );
    expect(letter.letterText).not.toContain('now gives');
    expect(
      buildFollowUp(parent('frivolous'), { kind: 'resubmission', itemIds: ['i1'] }, {}, IDS, DATE),
    ).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.enclosedInformationRequired,
      field: 'enclosedInformation',
    });
  });

  it('resubmission says the bureau gave no reason only when the consumer ticked so', () => {
    const resubmit = (source: Dispute) =>
      buildFollowUp(
        source,
        { kind: 'resubmission', itemIds: ['i1'] },
        { enclosedInformation: 'Statement' },
        IDS,
        DATE,
      );
    const blank = parent('frivolous');
    blank.items[0]!.statedReason = '  ';
    expect(resubmit(blank)).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.reasonRequired('Chase Sapphire'),
    });
    blank.items[0]!.noReasonGiven = true;
    const result = resubmit(blank);
    expect(result.ok && result.dispute.letterText).toContain(
      'frivolous or irrelevant but did not say why or what information you need.',
    );
  });

  it('no response: cites §1681i(a)(1) and (a)(5)(A), names the missed date', () => {
    const letter = build('no-response', 'no-response');
    expect(citations(letter.letterText)).toEqual([
      '15 U.S.C. §1681i(a)(1)(A)',
      '15 U.S.C. §1681i(a)(5)(A)',
      '15 U.S.C. §1681i(a)(6)(A)',
    ]);
    expect(letter.letterText).toContain(
      'Under 15 U.S.C. §1681i(a)(1)(A), you had to complete your reinvestigation within 30 days of receiving my dispute, that is by December 3, 2026. I have not received your results.',
    );
    expect(letter.letterText).toContain('I may file a complaint');
    expect(letter.letterText).not.toContain('I will file');
  });

  it('no response: refused until the deadline has passed', () => {
    // Delivered November 4: the 30-day period ends Thursday December 3; the results may be
    // mailed until 5 business days later, Thursday December 10 (§1681i(a)(6)(A)).
    const attempt = (date: Date) =>
      buildFollowUp(parent('no-response'), { kind: 'no-response', itemIds: ['i1'] }, {}, IDS, date);
    expect(attempt(new Date(2026, 10, 20))).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.noResponseTooEarly('2026-12-11'),
    });
    expect(attempt(new Date(2026, 11, 4)).ok).toBe(false);
    expect(attempt(new Date(2026, 11, 10)).ok).toBe(false);
    expect(attempt(new Date(2026, 11, 11)).ok).toBe(true);
    const request = { ...parent('no-response'), letterKind: 'method-of-verification' as const };
    expect(buildFollowUp(request, { kind: 'no-response', itemIds: ['i1'] }, {}, IDS, DATE)).toEqual(
      { ok: false, message: FOLLOW_UP_MESSAGES.noResponseNotApplicable },
    );
  });

  it('no response: a 45-day deadline cites the provision that gives it, never (a)(1)(A) alone', () => {
    const missed = (overrides: Partial<Dispute>) => {
      const result = buildFollowUp(
        { ...parent('no-response'), ...overrides },
        { kind: 'no-response', itemIds: ['i1'] },
        {},
        IDS,
        // After the 45-day deadlines plus 5 business days.
        new Date(2027, 0, 5),
      );
      if (!result.ok) throw new Error(result.message);
      return result.dispute.letterText;
    };
    const moreInformation = missed({ sentMoreInformation: true });
    expect(citations(moreInformation).slice(0, 2)).toEqual([
      '15 U.S.C. §1681i(a)(1)(A)',
      '15 U.S.C. §1681i(a)(1)(B)',
    ]);
    expect(moreInformation).toContain(
      'Under 15 U.S.C. §1681i(a)(1)(A) and (B), you had to complete your reinvestigation within 30 days of receiving my dispute, extended by at most 15 days because I sent you more information during that period, that is by December 18, 2026 at the latest.',
    );
    const annual = missed({ followsFreeAnnualReport: true });
    expect(citations(annual)[0]).toBe('15 U.S.C. §1681j(a)(3)');
    expect(annual).toContain(
      'Under 15 U.S.C. §1681j(a)(3), because I disputed after receiving my free annual credit report, you had to complete your reinvestigation within 45 days after receiving my dispute, that is by December 19, 2026.',
    );
    for (const text of [moreInformation, annual])
      expect(text).not.toMatch(/\(a\)\(1\)\(A\), you had[^.]*45 days/);
    expect(
      cfpbComplaintNarrative(
        { ...parent('no-response'), followsFreeAnnualReport: true },
        ['i1'],
        '2026-12-20',
      ),
    ).toContain(
      'to finish its reinvestigation (15 U.S.C. §1681j(a)(3)), that is by December 19, 2026.',
    );
    expect(
      cfpbComplaintNarrative(
        { ...parent('no-response'), sentMoreInformation: true },
        ['i1'],
        '2026-12-20',
      ),
    ).toContain('(15 U.S.C. §1681i(a)(1)(A) and (B)), that is by December 18, 2026 at the latest.');
  });

  it('reinsertion: cites §1681i(a)(5)(B)(i)-(iii) and (a)(5)(C), says when it came back and whether a notice came', () => {
    const source = parent('deleted');
    source.items[0]!.reappearedOn = '2027-01-10';
    const result = buildFollowUp(source, { kind: 'reinsertion', itemIds: ['i1'] }, {}, IDS, DATE);
    const text = result.ok ? result.dispute.letterText : '';
    expect(citations(text)).toEqual([
      '15 U.S.C. §1681i(a)(5)(B)(i)',
      '15 U.S.C. §1681i(a)(5)(B)(ii)',
      '15 U.S.C. §1681i(a)(5)(B)(iii)',
      '15 U.S.C. §1681i(a)(5)(C)',
      '15 U.S.C. §1681i(a)(1)(A)',
    ]);
    expect(text).toContain('On January 10, 2027 I saw that it is back in my credit file.');
    expect(text).toContain('I have not received a notice of reinsertion from you.');
    expect(text).toContain(
      'Within 5 business days, you must then tell me in writing that it is back.',
    );
    expect(text).toContain(
      'You must give me the name and address of that company, and its phone number if you can. You must also tell me that I may add a statement to my file (§1681i(a)(5)(B)(ii) and (iii)).',
    );
    expect(text).toContain('to keep deleted items from coming back (§1681i(a)(5)(C))');
    expect(text).toContain('Please send me a copy of the certification and the notice.');
  });

  it('reinsertion: asks only for the certification once the notice came, and speaks of two items as them', () => {
    const source = parent('deleted');
    for (const item of source.items) item.reappearedOn = '2027-01-10';
    const result = buildFollowUp(
      { ...source, items: source.items.map((item) => ({ ...item, outcome: 'deleted' as const })) },
      { kind: 'reinsertion', itemIds: ['i1', 'i2'] },
      { reinsertionNoticeReceived: true },
      IDS,
      DATE,
    );
    const text = result.ok ? result.dispute.letterText : '';
    expect(text).toContain('You sent me a notice of reinsertion.');
    expect(text).toContain('Please send me a copy of the certification. ');
    expect(text).toContain('I also dispute them again. Please check them again within 30 days');
  });

  it('reinsertion: refuses a date it came back before the bureau answered', () => {
    const source = parent('deleted');
    source.items[0]!.reappearedOn = '2026-07-30';
    const result = buildFollowUp(source, { kind: 'reinsertion', itemIds: ['i1'] }, {}, IDS, DATE);
    expect(result).toEqual({
      ok: false,
      message: FOLLOW_UP_MESSAGES.reappearedTooEarly('Chase Sapphire', '2026-11-30'),
    });
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
    ).toEqual({ ok: false, message: FOLLOW_UP_MESSAGES.statementTooLong, field: 'statement' });
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
  it('gives only the last 4 digits of a full account number, as the letters do', () => {
    const full = parent('no-response');
    full.items[0]!.accountNumber = '4417 1234 5678 4321';
    const text = cfpbComplaintNarrative(full, ['i1'], '2026-12-20');
    expect(text).toContain('- Chase Sapphire (account number ending in 4321):');
    expect(text).not.toMatch(/4417|5678/);
  });

  it('says who, what, when delivered, what happened and what the consumer wants', () => {
    const text = cfpbComplaintNarrative(parent('no-response'), ['i1', 'i2'], '2026-12-20');
    expect(text).toBe(
      [
        'Company: Experian',
        '',
        'What I disputed: On November 2, 2026 I mailed Experian a written dispute by certified mail (tracking number 9407111899223197428490) of this information in my credit file:',
        '- Chase Sapphire (account number ending in 4321): Reported 30 days late in June 2026; I paid on June 3.',
        '- Midland Credit: Not my account.',
        '',
        'When it was delivered: The return receipt shows Experian received it on November 4, 2026.',
        '',
        'What happened: Experian had 30 days from receiving my dispute to finish its reinvestigation (15 U.S.C. §1681i(a)(1)(A)), that is by December 3, 2026. As of December 20, 2026 I have not received any results.',
        '',
        'What I want: Experian should delete the information it has not verified (15 U.S.C. §1681i(a)(5)(A)), send me the results of its reinvestigation in writing, and send me a copy of my corrected credit report.',
        '',
      ].join('\n'),
    );
  });
});
