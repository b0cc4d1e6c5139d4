import { describe, expect, it } from 'vitest';
import { EMAIL_ADDRESS_INVALID } from '@shared/email-address';
import { CONTACT_ERRORS } from '../messages';
import { SENDER } from '../testing/letter-fixtures';
import { contactProblems, isPhoneNumber } from './contact-rules';

describe('the phone and e-mail of Your details', () => {
  it('takes a phone number written with the usual separators', () => {
    for (const phone of [
      '(217) 555-0100',
      '217-555-0100',
      '217.555.0100',
      '2175550100',
      '+1 217 555 0100',
      '1 (217) 555-0100',
      '+44 20 7946 0958',
    ])
      expect(isPhoneNumber(phone), phone).toBe(true);
  });

  it('refuses words, too few digits for a US number and more than any number has', () => {
    for (const phone of [
      'not a phone',
      '555-0100',
      '217-555-010',
      '217-555-0100 ext 5',
      '217+555+0100',
      '1-800-FLOWERS',
      '1234567890123456',
      '+',
      '(',
    ])
      expect(isPhoneNumber(phone), phone).toBe(false);
  });

  it('marks a phone or e-mail that cannot be one beside its field; blank is fine', () => {
    expect(contactProblems(SENDER)).toEqual([]);
    expect(contactProblems({ phone: '  ', email: ' ' })).toEqual([]);
    expect(contactProblems({ phone: ' (217) 555-0100 ', email: ' jane@example.com ' })).toEqual([]);
    expect(contactProblems({ phone: 'not a phone', email: 'not-an-email' })).toEqual([
      { field: 'sender.phone', message: CONTACT_ERRORS.phone },
      { field: 'sender.email', message: EMAIL_ADDRESS_INVALID },
    ]);
    for (const email of ['jane@example', 'jane example@x.com', '@example.com', 'jane@@x.com'])
      expect(contactProblems({ phone: '', email }), email).toEqual([
        { field: 'sender.email', message: EMAIL_ADDRESS_INVALID },
      ]);
  });
});
