import { describe, expect, it } from 'vitest';
import { validateLetterDraft, type LetterDraft } from './letter-form';

const complete: LetterDraft = {
  bureau: 'equifax',
  errorType: 'duplicate-account',
  accountName: '  Discover Card ',
  details: ' Listed twice. ',
  evidence: '   ',
  additionalItems: [],
};

describe('validateLetterDraft', () => {
  it('accepts a complete draft, trimming text and dropping blank evidence', () => {
    expect(validateLetterDraft(complete)).toEqual({
      ok: true,
      form: {
        bureau: 'equifax',
        errorType: 'duplicate-account',
        accountName: 'Discover Card',
        details: 'Listed twice.',
        evidence: undefined,
        additionalItems: [],
        sender: undefined,
        enclosures: undefined,
      },
    });
  });

  it.each([
    ['no bureau', { bureau: '' }],
    ['an unknown bureau', { bureau: 'innovis' }],
    ['no error type', { errorType: '' }],
    ['an unknown error type', { errorType: 'identity-theft' }],
    ['a blank account name', { accountName: '   ' }],
    ['blank details', { details: '\n' }],
    [
      'an incomplete added item',
      { additionalItems: [{ errorType: 'not-mine', accountName: 'X', details: '' }] },
    ],
  ])('rejects %s', (_, change) => {
    expect(validateLetterDraft({ ...complete, ...change })).toEqual({ ok: false });
  });

  it('keeps added items in order', () => {
    const result = validateLetterDraft({
      ...complete,
      additionalItems: [{ errorType: 'not-mine', accountName: ' Acme ', details: 'Never mine.' }],
    });
    expect(result.ok && result.form.additionalItems).toEqual([
      { errorType: 'not-mine', accountName: 'Acme', details: 'Never mine.' },
    ]);
  });
});
