import { describe, expect, it } from 'vitest';
import {
  buildFurnisherLetter,
  buildLetter,
  DEBT_COLLECTOR_NOTICE,
  ERROR_TYPE_IDS,
  NO_ACKNOWLEDGMENT,
  reportingPeriod,
  RULE_MESSAGES,
  VALIDATION_REQUEST,
} from './index';
import { DATE, draft, problems } from './testing/letter-drafts';
import { letterProse, readability } from './testing/readability';
import { form, item } from './testing/typical-forms';

const collection = form({
  ...item('outdated-info', true, false),
  accountName: 'Midland Credit Management',
});

describe('1. debt collectors', () => {
  it('states §1692e(8) as it is: if the collector reports the debt, it must say it is disputed', () => {
    const letter = buildFurnisherLetter(form(), DATE, { itemIndex: 0, debtCollector: true });
    expect(letter).toContain(DEBT_COLLECTOR_NOTICE);
    expect(DEBT_COLLECTOR_NOTICE).toMatch(
      /^If you report this debt to anyone, you must also report that I dispute it/,
    );
    // Never a duty to report a debt at all.
    expect(letter).not.toContain('you must report this debt as disputed');
  });

  it('treats the company of a collection as a debt collector, ticked or not', () => {
    const letter = buildFurnisherLetter(collection, DATE, { itemIndex: 0 });
    expect(letter).toContain(DEBT_COLLECTOR_NOTICE);
    expect(letter).toContain('§1692e(8) (disputed debts)');
  });

  it('asks for validation under §1692g(b) only when asked, naming the original creditor and the amount', () => {
    const asked = buildFurnisherLetter(collection, DATE, { itemIndex: 0, validationRequest: true });
    expect(asked).toContain(VALIDATION_REQUEST);
    expect(VALIDATION_REQUEST).toContain('the name and address of the original creditor');
    expect(VALIDATION_REQUEST).toContain('the amount you say I owe and how you figured it');
    expect(asked).toContain(
      'Fair Debt Collection Practices Act, 15 U.S.C. §1692e(8) (disputed debts), §1692g(b) (verification of a debt).',
    );
    expect(buildFurnisherLetter(collection, DATE, { itemIndex: 0 })).not.toContain('1692g');
    // Not a collector: no FDCPA request whatever the box says.
    expect(
      buildFurnisherLetter(form(), DATE, { itemIndex: 0, validationRequest: true }),
    ).not.toContain('1692g');
  });

  it('every letter about a collection, a charge-off or a delinquency date disclaims the debt', () => {
    const aboutDebt = [
      collection,
      form({ ...item('outdated-info', true, false), itemType: 'charge-off' }),
      form({ ...item('incorrect-dates', true, false), whichDate: 'Date of first delinquency' }),
      form({ ...item('incorrect-status', true, false), reportedStatus: 'Collection account' }),
    ];
    for (const each of aboutDebt) {
      expect(buildLetter(each, DATE)).toContain(`\n${NO_ACKNOWLEDGMENT}\n`);
      expect(buildFurnisherLetter(each, DATE, { itemIndex: 0 })).toContain(
        `\n${NO_ACKNOWLEDGMENT}\n`,
      );
    }
    expect(NO_ACKNOWLEDGMENT).toBe(
      'This letter does not acknowledge any debt, promise to pay, or waive any right or defense I have.',
    );
    // A debt collector's letter, whatever the item.
    expect(buildFurnisherLetter(form(), DATE, { itemIndex: 0, debtCollector: true })).toContain(
      NO_ACKNOWLEDGMENT,
    );
    // Not about a debt: no disclaimer.
    for (const type of ['incorrect-payment-history', 'not-mine', 'unauthorized-inquiry'] as const)
      expect(buildLetter(form(item(type, true, false)), DATE)).not.toContain(NO_ACKNOWLEDGMENT);
  });
});

describe('2. inquiries', () => {
  const inquiry = (inquiryDate: string, theft = false) =>
    form({
      ...item('unauthorized-inquiry', true, false),
      accountName: 'Acme Auto Finance',
      inquiryDate,
      ...(theft ? { identityTheft: true, hasIdentityTheftReport: true } : {}),
    });

  it('asks for the permissible purpose the user certified, and deletion if none is shown', () => {
    const letter = buildLetter(inquiry('2026-08-14'), DATE);
    expect(letter).toContain(
      'A company may get my report only for a purpose the law allows, and it must certify that purpose to you (§1681b(f), §1681e(a)). Please tell me the purpose the company certified. If none can be shown, please delete the inquiry.',
    );
    expect(letter).toContain('§1681b(f) (permissible purpose), §1681e(a) (certified purpose)');
  });

  it('takes an inquiry over 2 years old and asks for it under the bureau policy, never calling 2 years law', () => {
    const old = draft({ errorType: 'unauthorized-inquiry', inquiryDate: '2023-05-02' });
    expect(problems(old)).toEqual({});
    const letter = buildLetter(inquiry('2023-05-02'), DATE);
    expect(letter).toContain(
      'What I ask: please delete this inquiry under your own policy, since it is more than 2 years old.',
    );
    expect(letter).not.toMatch(/(law|§\S+)[^.\n]*2 years|2 years[^.\n]*(law|§)/);
    expect(Object.values(RULE_MESSAGES).join(' ')).not.toMatch(/Inquiries come off/);
  });

  it('blocks an identity-theft inquiry with a report under §1681c-2 at any age', () => {
    const letter = buildLetter(inquiry('2022-01-05', true), DATE);
    expect(letter).toContain('What I ask: please block this inquiry.');
    expect(letter).toContain('Under §1681c-2, please block it within 4 business days');
    expect(letter).not.toContain('your own policy');
    expect(letter).not.toContain('1681b(f)');
  });
});

describe('4. precision', () => {
  it('§1681i(d): names each person designated, or leaves the paragraph out; never a blanket designation', () => {
    const named = buildLetter(
      { ...form(), notifyRecipients: 'Acme Motors\n\nFirst Bank of Ohio' },
      DATE,
    );
    expect(named).toContain(
      'to each person I specifically designate below. This applies if the person got a report with the item in the past 6 months, or 2 years for a job.\n- Acme Motors\n- First Bank of Ohio\n',
    );
    const none = buildLetter(form(), DATE);
    expect(none).not.toContain('§1681i(d)');
    expect(none).not.toMatch(/designate|each person who got a report/i);
  });

  it('refuses more than 5 names or 300 characters under "Send notice to", inline', () => {
    expect(problems(draft({}, { notifyRecipients: 'A\nB\nC\nD\nE\nF' }))).toEqual({
      notifyRecipients: 'Name at most 5 people or companies, one a line.',
    });
    expect(problems(draft({}, { notifyRecipients: 'A'.repeat(301) }))).toEqual({
      notifyRecipients: 'Keep the names under 300 characters in all.',
    });
    expect(problems(draft({}, { notifyRecipients: 'A\nB\nC\nD\nE' }))).toEqual({});
  });

  it('gives the last 4 digits of the duplicate entry to delete, and asks for them', () => {
    const letter = buildLetter(
      form({ ...item('duplicate-account', true, false), duplicateRemoveLast4: '8765' }),
      DATE,
    );
    expect(letter).toContain('Entry to delete: account number ending in 8765');
    expect(letter).toContain('the one opened later (account number ending in 8765)');
    const missing = draft({
      errorType: 'duplicate-account',
      duplicateOf: 'Capital One Bank account ending 1234',
      duplicateRemove: 'later-opened',
    });
    expect(problems(missing)).toEqual({
      '0.duplicateRemoveLast4': RULE_MESSAGES.duplicateRemoveLast4,
    });
    expect(problems({ ...missing, duplicateRemoveLast4: '8765' })).toEqual({});
  });

  it('Chapter 13: 7 years only for a completed plan, by bureau policy; otherwise the law’s 10 years', () => {
    expect(reportingPeriod('chapter-13', '2017-05-01', { planCompleted: true })).toMatchObject({
      reportableUntil: '2024-05-01',
      byBureauPolicy: true,
    });
    expect(reportingPeriod('chapter-13', '2017-05-01', { planCompleted: false })).toMatchObject({
      reportableUntil: '2027-05-01',
      byBureauPolicy: false,
    });
    const chapter13 = {
      errorType: 'outdated-info',
      itemType: 'chapter-13',
      dateFiled: '2017-05-01',
    };
    expect(problems(draft(chapter13))).toEqual({
      '0.dateFiled': RULE_MESSAGES.notObsolete('2027-05-01', '10 years from the date it was filed'),
    });
    expect(problems(draft({ ...chapter13, planCompleted: true }))).toEqual({});
    const letter = buildLetter(
      form({
        ...item('outdated-info', false, false),
        itemType: 'chapter-13',
        dateFiled: '2017-05-01',
        planCompleted: true,
      }),
      DATE,
    );
    expect(letter).toContain('Chapter 13 plan: completed');
    expect(letter).toContain(
      'policy is to remove a Chapter 13 bankruptcy whose plan was completed',
    );
  });
});

describe('the prose of each one-item letter: ≤ 300 words, grade ≤ 9', () => {
  const cases: [string, string][] = [
    ...ERROR_TYPE_IDS.map((type): [string, string] => [
      `bureau letter, ${type}`,
      buildLetter({ ...form(item(type, true, false)), notifyRecipients: 'Acme Motors' }, DATE),
    ]),
    [
      'collector letter with §1692g(b)',
      buildFurnisherLetter(collection, DATE, { itemIndex: 0, validationRequest: true }),
    ],
    [
      'inquiry over 2 years old',
      buildLetter(
        form({ ...item('unauthorized-inquiry', true, false), inquiryDate: '2023-05-02' }),
        DATE,
      ),
    ],
  ];
  it.each(cases)('%s', (_name, letter) => {
    const { words, grade } = readability(letterProse(letter));
    expect(words).toBeLessThanOrEqual(300);
    expect(grade).toBeLessThanOrEqual(9);
  });
});
