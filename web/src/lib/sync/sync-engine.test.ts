import { describe, expect, it } from 'vitest';
import { mergeFields } from './sync-engine';

describe('mergeFields', () => {
  const base = { bureau: '', items: ['first'], notes: '' };

  it('keeps both devices’ edits to different fields, each with its edit time', () => {
    const laptop = { value: { ...base, notes: 'call Monday' }, editedAt: { notes: 100 } };
    const phone = { value: { ...base, bureau: 'equifax' }, editedAt: { bureau: 200 } };
    for (const [mine, theirs] of [
      [laptop, phone],
      [phone, laptop],
    ] as const)
      expect(mergeFields(base, mine, theirs)).toEqual({
        value: { bureau: 'equifax', items: ['first'], notes: 'call Monday' },
        editedAt: { bureau: 200, notes: 100 },
      });
  });

  it('gives a field both devices edited the later edit, whichever device merges', () => {
    // The laptop edited at 100 and the phone at 200; the laptop syncs last, at 900. The field
    // is the phone's: the time is the edit's, stamped by the device store, not the sync's.
    const laptop = { value: { ...base, items: ['laptop'] }, editedAt: { items: 100 } };
    const phone = { value: { ...base, items: ['phone'] }, editedAt: { items: 200 } };
    expect(mergeFields(base, laptop, phone).value.items).toEqual(['phone']);
    expect(mergeFields(base, phone, laptop).value.items).toEqual(['phone']);
    expect(mergeFields(base, laptop, phone).editedAt).toEqual({ items: 200 });
  });

  it('keeps a field only one side changed, however old its edit', () => {
    const mine = { value: { ...base, items: ['mine'] }, editedAt: { items: 5 } };
    const theirs = { value: { ...base, notes: 'theirs' }, editedAt: { notes: 9, items: 1 } };
    expect(mergeFields(base, mine, theirs).value).toEqual({
      ...base,
      items: ['mine'],
      notes: 'theirs',
    });
  });

  it('drops a field the later edit removed', () => {
    const mine = { value: { bureau: 'experian' }, editedAt: { bureau: 300, notes: 300 } };
    const theirs = { value: { bureau: 'experian', notes: 'x' }, editedAt: { notes: 100 } };
    expect(mergeFields({ bureau: 'experian', notes: '' }, mine, theirs).value).toEqual({
      bureau: 'experian',
    });
  });
});
