import { SAMPLE_SENDER } from '@shared/checkup';
import { describe, expect, it } from 'vitest';
import { NO_STORED_DETAILS } from '@/lib/device-store';
import { fieldErrors, initialFields, senderOf, senderProblems } from './sender';

const fields = {
  ...initialFields({ ...NO_STORED_DETAILS, address: '12 Elm' }, 'Ana Ruiz'),
  ssnLast4: '67-89',
  reportNumbers: { equifax: 'x'.repeat(41) },
};

describe('the sender of the checkup’s letters', () => {
  it('starts from "Your details" and the sign-up name; nothing else is kept', () => {
    expect(initialFields(NO_STORED_DETAILS, 'Ana Ruiz')).toMatchObject({
      name: 'Ana Ruiz',
      dateOfBirth: '',
      ssnLast4: '',
      reportNumbers: {},
    });
  });

  it('is the sample’s holder for a sample, never the user', () => {
    expect(senderOf(fields, true)).toBe(SAMPLE_SENDER);
    expect(senderOf(fields, false).details).toMatchObject({ name: 'Ana Ruiz', ssnLast4: '6789' });
  });

  it('marks an SSN over 4 digits and a report number over 40 characters on their fields', () => {
    const errors = fieldErrors(
      senderProblems({ ...fields, ssnLast4: '123456789' }, false, '2026-11-26'),
    );
    expect([...errors.keys()]).toEqual(['ssnLast4', 'reportNumber.equifax']);
    expect(senderProblems(fields, true, '2026-11-26')).toEqual([]);
  });
});
