import { describe, expect, it } from 'vitest';
import { newAccount, newInquiry, newPersonal, newPublicRecord } from './entries';

describe('a new entry', () => {
  it('is on no report until the user ticks the reports that show it', () => {
    expect(newPersonal().shownBy).toEqual([]);
    expect(newAccount('accounts').reports).toEqual({});
    expect(newAccount('collections').reports).toEqual({});
    expect(newPublicRecord().reports).toEqual({});
    expect(newInquiry().reports).toEqual({});
  });
});
