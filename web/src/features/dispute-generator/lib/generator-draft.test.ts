import { EMPTY_ITEM_DRAFT } from '@shared/letters';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  hasItemInput,
  hasPageOnlyDetails,
  letterDraft,
  parseDraft,
  storableDraft,
} from './generator-draft';
import { SENDER } from '../testing/letter-fixtures';
import { itemErrors, shownMissing, stepFromParam, stepOfField } from './guided-steps';

const sender = { ...SENDER, name: 'Jane', address: '' };

describe('the generator draft', () => {
  it('reads back what it stored, and the empty draft from anything malformed', () => {
    const draft = {
      bureau: 'experian',
      items: [{ ...EMPTY_ITEM_DRAFT, accountName: 'Chase', identityTheft: true }],
      enclosures: ['id-copy' as const],
      notifyRecipients: 'Acme Motors',
    };
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(parseDraft(null)).toEqual(EMPTY_DRAFT);
    expect(
      parseDraft({ bureau: 4, items: [{ accountName: 7, details: 'x' }], enclosures: ['cash'] }),
    ).toEqual({
      bureau: '',
      items: [{ ...EMPTY_ITEM_DRAFT, details: 'x' }],
      enclosures: [],
      notifyRecipients: '',
    });
  });

  it('keeps no identity theft report number', () => {
    const draft = {
      ...EMPTY_DRAFT,
      items: [{ ...EMPTY_ITEM_DRAFT, identityTheftReportNumber: '998877', accountName: 'A' }],
    };
    expect(storableDraft(draft).items[0]).toEqual({ ...EMPTY_ITEM_DRAFT, accountName: 'A' });
  });

  it('tells typed input from an empty form', () => {
    expect(hasItemInput(EMPTY_DRAFT)).toBe(false);
    expect(hasItemInput({ ...EMPTY_DRAFT, bureau: 'equifax' })).toBe(true);
    expect(
      hasItemInput({
        ...EMPTY_DRAFT,
        items: [EMPTY_ITEM_DRAFT, { ...EMPTY_ITEM_DRAFT, details: 'late' }],
      }),
    ).toBe(true);
    expect(hasPageOnlyDetails(sender)).toBe(false);
    expect(hasPageOnlyDetails({ ...sender, ssnLast4: '1234' })).toBe(true);
  });

  it('spreads the first item into the letter draft and lists the rest', () => {
    const second = { ...EMPTY_ITEM_DRAFT, accountName: 'B' };
    const draft = letterDraft(
      { ...EMPTY_DRAFT, items: [{ ...EMPTY_ITEM_DRAFT, accountName: 'A' }, second] },
      sender,
    );
    expect(draft).toMatchObject({ accountName: 'A', additionalItems: [second], sender });
  });
});

describe('the guided steps', () => {
  it('places every required field on step 2 and marks only the checked steps', () => {
    expect(stepOfField('bureau')).toBe(1);
    expect(stepOfField('2.details')).toBe(1);
    const missing = ['bureau', '0.accountName', '1.details'] as const;
    expect(shownMissing(missing, new Set([0]))).toEqual(new Set());
    expect(shownMissing(missing, new Set([1]))).toEqual(new Set(missing));
    expect(itemErrors(new Set(missing), 1)).toEqual(new Set(['details']));
  });

  it('reads ?step= as a 1-based step, the first for anything else', () => {
    expect(stepFromParam('3')).toBe(2);
    expect(stepFromParam(null)).toBe(0);
    expect(stepFromParam('9')).toBe(0);
    expect(stepFromParam('1.5')).toBe(0);
  });
});
