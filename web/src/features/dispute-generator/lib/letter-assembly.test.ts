import { describe, expect, it } from 'vitest';
import type { LetterForm } from '@shared/letters';
import { bureauLetter, furnisherLetter } from './letter-assembly';

const form: LetterForm = {
  bureau: 'equifax',
  errorType: 'incorrect-balance',
  accountName: 'Capital One Visa',
  details: 'The balance is $900, not $9,000.',
  sender: {
    name: 'Jane Q. Public',
    address: '12 Elm Street\nSpringfield, IL 62701',
    phone: '',
    email: '',
    previousAddress: '',
    dateOfBirth: '1985-03-04',
    ssnLast4: '6789',
    reportNumber: '3318-2207',
  },
};
const date = new Date(2026, 10, 2);

describe('letter assembly', () => {
  it('records each item’s error type and facts, never an identity theft report number (issue 41)', () => {
    const letter = bureauLetter(
      {
        ...form,
        correctBalance: '$900',
        reportedBalance: '$9,000',
        additionalItems: [
          {
            errorType: 'unauthorized-inquiry',
            accountName: 'Acme Auto Finance',
            details: 'I never applied.',
            inquiryDate: '2026-05-02',
            identityTheft: true,
            identityTheftReportNumber: 'FTC-1',
          },
        ],
      },
      date,
    );
    expect(letter.record.items).toEqual([
      {
        accountName: 'Capital One Visa',
        accountNumber: undefined,
        details: 'The balance is $900, not $9,000.',
        errorType: 'incorrect-balance',
        facts: { correctBalance: '$900', reportedBalance: '$9,000' },
      },
      {
        accountName: 'Acme Auto Finance',
        accountNumber: undefined,
        details: 'I never applied.',
        errorType: 'unauthorized-inquiry',
        facts: { inquiryDate: '2026-05-02', identityTheft: true },
      },
    ]);
  });

  it('builds the bureau letter with the identity lines, and records it without them', () => {
    const letter = bureauLetter(form, date);
    expect(letter).toMatchObject({
      kind: 'bureau',
      recipient: 'Equifax',
      accountNames: ['Capital One Visa'],
      placeholders: [],
    });
    expect(letter.text).toMatch(/6789[\s\S]*3318-2207/);
    expect(letter.fileNames.txt).toMatch(/\.txt$/);
    expect(letter.record.letterText).not.toMatch(/6789|1985|3318/);
    expect(letter.record.sender).toEqual({
      name: 'Jane Q. Public',
      address: '12 Elm Street\nSpringfield, IL 62701',
      phone: '',
      email: '',
    });
    expect(letter.record.items).toEqual([
      {
        accountName: 'Capital One Visa',
        accountNumber: undefined,
        details: 'The balance is $900, not $9,000.',
        errorType: 'incorrect-balance',
        facts: {},
      },
    ]);
  });

  it('addresses the creditor letter to the name given, or to the account', () => {
    const named = furnisherLetter(form, date, { itemIndex: 0, creditorName: ' Capital One ' });
    expect(named.recipient).toBe('Capital One');
    expect(named.record.recipient).toEqual({ kind: 'furnisher', name: 'Capital One', address: '' });
    expect(furnisherLetter(form, date, { itemIndex: 0 }).recipient).toBe('Capital One Visa');
  });
});
