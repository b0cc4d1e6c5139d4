import { describe, expect, it } from 'vitest';
import {
  detailsTooShort,
  EMPTY_ITEM_DRAFT,
  ssnLast4Input,
  validateLetterDraft,
  type LetterDraft,
} from './letter-form';

const TODAY = '2026-11-22';

const complete: LetterDraft = {
  ...EMPTY_ITEM_DRAFT,
  bureau: 'equifax',
  errorType: 'outdated-info',
  accountName: '  Discover Card ',
  details: ' Listed twice. ',
  accountNumber: ' 1234 ',
  evidence: '   ',
  itemType: 'collection',
  dateOfFirstDelinquency: '2016-03-01',
  dateFiled: 'not a date',
  reportedBalance: '  ',
  additionalItems: [],
  enclosures: ['id-copy', 'supporting-documents'],
};

describe('validateLetterDraft', () => {
  it('accepts a complete draft, trimming text and dropping blanks, bad dates and unknown enclosures', () => {
    const result = validateLetterDraft(complete, TODAY);
    expect(result).toEqual({
      ok: true,
      form: expect.objectContaining({
        bureau: 'equifax',
        errorType: 'outdated-info',
        accountName: 'Discover Card',
        details: 'Listed twice.',
        accountNumber: '1234',
        evidence: undefined,
        itemType: 'collection',
        dateOfFirstDelinquency: '2016-03-01',
        dateFiled: undefined,
        reportedBalance: undefined,
        identityTheft: undefined,
        hasIdentityTheftReport: undefined,
        additionalItems: [],
        enclosures: ['id-copy'],
      }),
    });
  });

  it.each([
    ['no bureau', { bureau: '' }, ['bureau']],
    ['an unknown bureau', { bureau: 'innovis' }, ['bureau']],
    ['no error type', { errorType: '' }, ['0.errorType']],
    ['an unknown error type', { errorType: 'identity-theft' }, ['0.errorType']],
    ['a blank account name', { accountName: '   ' }, ['0.accountName']],
    ['blank details', { details: '\n' }, ['0.details']],
    [
      'an incomplete added item and no bureau',
      {
        bureau: '',
        additionalItems: [{ ...EMPTY_ITEM_DRAFT, errorType: 'not-mine', accountName: 'X' }],
      },
      ['bureau', '1.details'],
    ],
  ])('rejects %s, naming what is missing', (_, change, missing) => {
    expect(validateLetterDraft({ ...complete, ...change }, TODAY)).toMatchObject({
      ok: false,
      missing,
    });
  });

  it('keeps added items in order, with their own facts and evidence', () => {
    const result = validateLetterDraft({
      ...complete,
      additionalItems: [
        {
          ...EMPTY_ITEM_DRAFT,
          errorType: 'not-mine',
          accountName: ' Acme ',
          accountNumberNotShown: true,
          details: 'Never mine.',
          identityTheft: true,
          hasIdentityTheftReport: true,
          identityTheftReportNumber: ' 123 ',
          evidence: 'FTC report',
        },
      ],
    });
    expect(result.ok && result.form.additionalItems).toEqual([
      expect.objectContaining({
        errorType: 'not-mine',
        accountName: 'Acme',
        details: 'Never mine.',
        identityTheft: true,
        hasIdentityTheftReport: true,
        identityTheftReportNumber: '123',
        evidence: 'FTC report',
      }),
    ]);
  });
  it('drops an identity theft report number once the report box is unticked', () => {
    const theft = {
      ...EMPTY_ITEM_DRAFT,
      errorType: 'not-mine',
      accountName: 'Acme',
      accountNumber: '9876',
      details: 'Never mine.',
      identityTheft: true,
      identityTheftReportNumber: 'FTC-1',
    };
    const result = validateLetterDraft({ ...complete, additionalItems: [theft] });
    expect(result.ok && result.form.additionalItems?.[0]).toMatchObject({
      hasIdentityTheftReport: undefined,
      identityTheftReportNumber: undefined,
    });
  });
});

describe('form helpers', () => {
  it('warns when the details are too short to be specific', () => {
    expect(detailsTooShort('Wrong.')).toBe(true);
    expect(detailsTooShort('')).toBe(false);
    expect(detailsTooShort('I paid the card down to $150 in March 2026.')).toBe(false);
  });

  it('takes the digits of the last 4 of an SSN and refuses more', () => {
    expect(ssnLast4Input('12a3')).toBe('123');
    expect(ssnLast4Input('1234')).toBe('1234');
    expect(ssnLast4Input('12345')).toBeNull();
    expect(ssnLast4Input('123-45-6789')).toBeNull();
  });
});
