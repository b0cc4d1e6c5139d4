import { describe, expect, it } from 'vitest';
import { buildLetter } from '../letters/build-letter';
import { enclosedDocuments, exhibitSlots, letterExhibits } from './letter-exhibits';
import type { ExhibitInfo } from './model';

const file = (id: string, exhibit: number): ExhibitInfo => ({
  id,
  exhibit,
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 10,
});

const letter = buildLetter(
  {
    bureau: 'experian',
    errorType: 'incorrect-balance',
    accountName: 'Chase Sapphire',
    details: 'The balance is wrong.',
    evidence: 'Bank statement dated March 2024\nPayoff letter',
  },
  new Date(2026, 10, 20),
);

describe('letterExhibits', () => {
  it("reads the letter engine's numbered exhibits with their descriptions", () => {
    expect(letterExhibits(letter)).toEqual([
      { number: 1, description: 'Bank statement dated March 2024' },
      { number: 2, description: 'Payoff letter' },
    ]);
    expect(letterExhibits('Dear bureau,\n\nNo exhibits here.\n')).toEqual([]);
  });

  it('says whether a letter enclosed anything', () => {
    expect(enclosedDocuments({ letterText: letter, exhibits: [] })).toBe(true);
    expect(enclosedDocuments({ letterText: 'Body.\n', exhibits: [] })).toBe(false);
    expect(enclosedDocuments({ letterText: 'Body.\n', exhibits: [file('a', 1)] })).toBe(true);
  });

  it("puts each file under the letter's exhibit it was attached to, and sets apart the others", () => {
    const { slots, unlisted } = exhibitSlots({
      letterText: letter,
      exhibits: [file('b', 2), file('a', 1), file('c', 2), file('old', 3)],
    });
    expect(slots.map((slot) => [slot.number, slot.files.map((each) => each.id)])).toEqual([
      [1, ['a']],
      [2, ['b', 'c']],
    ]);
    expect(unlisted.map((each) => each.id)).toEqual(['old']);
  });
});
