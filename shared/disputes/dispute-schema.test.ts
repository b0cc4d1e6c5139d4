import { describe, expect, it } from 'vitest';
import { ERROR_TYPE_IDS } from '../letters/error-types';
import { item } from '../letters/testing/typical-forms';
import { parseDispute } from './dispute-schema';
import { keptItem } from './item-types';
import type { DisputeItem } from './model';
import { sampleDispute } from './testing/sample-dispute';

/** The sample dispute with its first item's facts (and type) as given. */
function withFacts(facts: unknown, errorType = 'outdated-info') {
  const [first, second] = sampleDispute().items;
  return { ...sampleDispute(), items: [{ ...first!, errorType, facts }, second!] };
}

const factsOf = (raw: unknown): DisputeItem['facts'] | null => {
  const dispute = parseDispute(raw);
  return dispute ? dispute.items[0]!.facts : null;
};

describe('an item’s kept facts are the generator’s facts, as its types say', () => {
  it.each(ERROR_TYPE_IDS)('reads back what the generator keeps of a %s item', (errorType) => {
    const kept = { ...keptItem(item(errorType, true, true)), id: 'i1' };
    const dispute = { ...sampleDispute(), items: [kept] };
    expect(parseDispute(JSON.parse(JSON.stringify(dispute)))).toEqual(dispute);
  });

  it('keeps every choice and date the generator’s form offers', () => {
    const facts = {
      itemType: 'collection',
      dateOfFirstDelinquency: '2019-03-01',
      dateFiled: '2018-01-05',
      duplicateRemove: 'later-opened',
      personalInfoKind: 'address',
      inquiryDate: '2026-08-14',
      reportedDate: '2019-03-01',
      correctDate: '2018-03-01',
      planCompleted: false,
    };
    expect(factsOf(withFacts(facts))).toEqual(facts);
  });

  it('refuses a choice the form never offers, or a date that is not a calendar date', () => {
    // A hand-edited or foreign record: "chapter 7" is not the form's "chapter-7", so a direct
    // dispute would be offered for a bankruptcy, which a creditor letter may not dispute.
    expect(factsOf(withFacts({ itemType: 'chapter 7' }))).toBeNull();
    expect(factsOf(withFacts({ duplicateRemove: 'both' }))).toBeNull();
    expect(factsOf(withFacts({ personalInfoKind: 'nickname' }))).toBeNull();
    expect(factsOf(withFacts({ dateOfFirstDelinquency: 'March 2019' }))).toBeNull();
    expect(factsOf(withFacts({ inquiryDate: '2026-02-30' }))).toBeNull();
    expect(factsOf(withFacts({ correctDate: 20190301 }))).toBeNull();
  });

  it('a blank choice or date is no fact', () => {
    expect(factsOf(withFacts({ itemType: '', dateFiled: '', correctBalance: '' }))).toEqual({
      correctBalance: '',
    });
  });

  it('never keeps an identity theft report number, nor the item’s own fields, among its facts', () => {
    const facts = factsOf(
      withFacts({
        identityTheft: true,
        identityTheftReportNumber: 'FTC-123456789',
        evidence: 'Police report',
        accountName: 'Other Bank',
        details: 'Other details',
        errorType: 'not-mine',
      }),
    );
    expect(facts).toStrictEqual({ identityTheft: true });
  });

  it('drops every unknown fact name alike, even one every object has', () => {
    const facts = JSON.parse(
      '{"correctBalance":"$150","constructor":"x","toString":"y","__proto__":{"soldDebt":true}}',
    );
    const kept = factsOf(withFacts(facts, 'incorrect-balance'));
    expect(kept).toStrictEqual({ correctBalance: '$150' });
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });
});

describe('what older records lack gets its default, as before', () => {
  it('reads a record without type, facts, sender, letter, ticks or exhibit numbers', () => {
    const old = {
      id: 'd1',
      round: 1,
      letterKind: 'dispute',
      recipient: { kind: 'furnisher', name: 'Midland Credit' },
      items: [{ id: 'i1', accountName: 'Midland Credit', accountNumber: '' }],
      createdAt: '2026-01-02T10:00:00.000Z',
      mailedOn: null,
      exhibits: [{ id: 'x1', name: 'a.pdf', type: 'application/pdf', size: 10 }],
    };
    expect(parseDispute(old)).toEqual({
      id: 'd1',
      round: 1,
      letterKind: 'dispute',
      recipient: { kind: 'furnisher', name: 'Midland Credit', address: '' },
      items: [{ id: 'i1', accountName: 'Midland Credit', details: '' }],
      letterText: '',
      createdAt: '2026-01-02T10:00:00.000Z',
      followsFreeAnnualReport: false,
      sentMoreInformation: false,
      exhibits: [{ id: 'x1', exhibit: 1, name: 'a.pdf', type: 'application/pdf', size: 10 }],
    });
  });

  it('an array is not a record, where the old reader refused it too', () => {
    expect(parseDispute({ ...sampleDispute(), sender: [] })).toBeNull();
    expect(parseDispute(withFacts([]))).toBeNull();
    expect(parseDispute([sampleDispute()])).toBeNull();
  });
});
