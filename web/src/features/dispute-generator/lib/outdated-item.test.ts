import { EMPTY_ITEM_DRAFT, FACT_FIELDS, factRequired, type ItemDraft } from '@shared/letters';
import { describe, expect, it } from 'vitest';
import { furnisherLetterItems } from './furnisher-items';
import { asWrongDate, asWrongStatus, notYetObsolete, outdatedNote } from './outdated-item';

const outdated = (facts: Partial<ItemDraft>): ItemDraft => ({
  ...EMPTY_ITEM_DRAFT,
  errorType: 'outdated-info',
  accountName: 'Old Collections',
  ...facts,
});

describe('an Outdated Information item', () => {
  it('says when its period ended once that date has passed, and nothing before', () => {
    const old = outdated({ itemType: 'collection', dateOfFirstDelinquency: '2015-01-10' });
    expect(outdatedNote(old, '2026-11-26')).toEqual({
      text: expect.stringMatching(
        /^It may be reported until .*2022.* That date has passed: the letter asks for it to be deleted\.$/,
      ),
      warn: false,
    });
    expect(outdatedNote(old, '2016-01-01')).toBeNull();
    expect(
      outdatedNote(outdated({ dateOfFirstDelinquency: '2015-01-10' }), '2026-11-26'),
    ).toBeNull();
    expect(outdatedNote(outdated({ itemType: 'collection' }), '2026-11-26')).toBeNull();
  });

  it('offers the disputes that can work instead while its date is marked as not yet over', () => {
    expect(notYetObsolete(new Map())).toBe(false);
    expect(notYetObsolete(new Map([['dateFiled', 'Enter the date the case was filed.']]))).toBe(
      false,
    );
    expect(
      notYetObsolete(
        new Map([['dateOfFirstDelinquency', 'This item may be reported until July 9, 2029 (…)']]),
      ),
    ).toBe(true);
  });

  it('becomes a wrong-date dispute of the date it gave, or a wrong-status dispute', () => {
    const chapter7 = outdated({ itemType: 'chapter-7', dateFiled: '2020-03-02' });
    expect(asWrongDate(chapter7)).toMatchObject({
      errorType: 'incorrect-dates',
      whichDate: 'Date filed',
      reportedDate: '2020-03-02',
      accountName: 'Old Collections',
    });
    const late = outdated({ itemType: 'late-payment', dateOfFirstDelinquency: '2021-05-01' });
    expect(asWrongDate(late)).toMatchObject({
      whichDate: 'Date of first delinquency',
      reportedDate: '2021-05-01',
    });
    expect(asWrongStatus(late)).toEqual({ ...late, errorType: 'incorrect-status' });
  });
});

describe('the facts an item asks for', () => {
  it('requires "Entry to Remove" of a duplicate unless the debt was sold', () => {
    const [duplicateOf, entry] = FACT_FIELDS['duplicate-account']!;
    const item = { ...EMPTY_ITEM_DRAFT, errorType: 'duplicate-account' };
    expect(factRequired(duplicateOf!, item)).toBe(true);
    expect(factRequired(entry!, item)).toBe(true);
    expect(factRequired(entry!, { ...item, soldDebt: true })).toBe(false);
    expect(factRequired(FACT_FIELDS['incorrect-balance']![0]!, item)).toBe(false);
  });

  it('offers a creditor letter for an account, none for an inquiry', () => {
    expect(
      furnisherLetterItems([
        { ...EMPTY_ITEM_DRAFT, errorType: 'incorrect-balance', accountName: ' Chase ' },
        { ...EMPTY_ITEM_DRAFT, errorType: 'unauthorized-inquiry', accountName: 'Acme' },
      ]),
    ).toEqual([
      { accountName: 'Chase', applies: true, errorType: 'incorrect-balance', collection: false },
      { accountName: 'Acme', applies: false, errorType: 'unauthorized-inquiry', collection: false },
    ]);
    // A collection's company is a debt collector (issue 41).
    expect(
      furnisherLetterItems([
        { ...EMPTY_ITEM_DRAFT, errorType: 'outdated-info', itemType: 'collection' },
      ])[0]?.collection,
    ).toBe(true);
  });
});
