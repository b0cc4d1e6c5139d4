import { EMPTY_ITEM_DRAFT } from '@shared/letters';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type GeneratorDraft } from './generator-draft';
import { BALANCE_DRAFT, SENDER as sender } from '../testing/letter-fixtures';
import { checkLetter, shownChecks, stepsToFix } from './letter-check';

const TODAY = '2026-11-26';
const ALL = new Set([0, 1, 2]);

const complete = BALANCE_DRAFT;

describe('checking the letter', () => {
  it('gives the form once nothing is missing and every rule holds', () => {
    const check = checkLetter(complete, sender, {}, TODAY);
    expect(check.form).toMatchObject({ bureau: 'equifax', accountName: 'Capital One Visa' });
    expect(check.complete).toBe(check.form);
    expect(check.missing).toEqual([]);
    expect(check.problems).toEqual([]);
    expect(stepsToFix(check, ALL)).toEqual([]);
  });

  it('names the missing fields of an empty draft, all on step 2', () => {
    const check = checkLetter(EMPTY_DRAFT, sender, {}, TODAY);
    expect(check.form).toBeNull();
    expect(check.complete).toBeNull();
    expect(check.missing).toEqual(['bureau', '0.errorType', '0.accountName', '0.details']);
    expect(stepsToFix(check, ALL)).toEqual([1]);
    expect(stepsToFix(check, new Set([0]))).toEqual([]);
  });

  it('puts a broken rule of the details on step 1, before the items, first step first', () => {
    const check = checkLetter(EMPTY_DRAFT, { ...sender, dateOfBirth: '2099-01-01' }, {}, TODAY);
    expect(check.problems.map((problem) => problem.field)).toContain('sender.dateOfBirth');
    expect(stepsToFix(check, ALL)).toEqual([0, 1]);
  });

  it('builds no letter while the phone or e-mail cannot be one, marking them on step 1', () => {
    const check = checkLetter(
      complete,
      { ...sender, phone: 'not a phone', email: 'not-an-email' },
      {},
      TODAY,
    );
    expect(check.form).toBeNull();
    expect(check.complete).toBeNull();
    expect(check.missing).toEqual([]);
    expect(check.problems).toEqual([
      { field: 'sender.phone', message: 'Enter a phone number like (555) 123-4567.' },
      { field: 'sender.email', message: 'Enter an e-mail address like name@example.com.' },
    ]);
    expect(stepsToFix(check, ALL)).toEqual([0]);
    // Both stay optional, and real ones go into the letter.
    const real = { ...sender, phone: '(217) 555-0100', email: 'jane@example.com' };
    expect(checkLetter(complete, real, {}, TODAY).complete?.sender).toMatchObject(real);
  });

  it('keeps the form but not the complete form while a further bureau breaks a rule', () => {
    const check = checkLetter(
      complete,
      sender,
      { experian: { reportNumber: 'x'.repeat(41) } },
      TODAY,
    );
    expect(check.form).not.toBeNull();
    expect(check.complete).toBeNull();
    expect(check.problems).toEqual([
      { field: 'reportNumber.experian', message: expect.stringContaining('at most 40') },
    ]);
    expect(stepsToFix(check, ALL)).toEqual([1]);
  });

  it('marks missing fields only on checked steps; broken rules of typed values at once', () => {
    const draft: GeneratorDraft = {
      ...EMPTY_DRAFT,
      items: [
        { ...EMPTY_ITEM_DRAFT, errorType: 'unauthorized-inquiry', inquiryDate: '2099-01-01' },
      ],
    };
    const check = checkLetter(draft, sender, {}, TODAY);
    const unchecked = shownChecks(check, draft.items, new Set());
    expect(unchecked.missing.size).toBe(0);
    expect(unchecked.problems.map((problem) => problem.field)).toEqual(['0.inquiryDate']);
    const checked = shownChecks(check, draft.items, new Set([1]));
    expect([...checked.missing]).toEqual(['bureau', '0.accountName', '0.details']);
  });
});
