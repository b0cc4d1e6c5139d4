import { describe, expect, it } from 'vitest';
import { clampIndex, pageCount, positionOf } from './pager';

describe('one at a time', () => {
  it('keeps the page within the list, and opens on the item a link names', () => {
    expect(clampIndex(5, 3)).toBe(2);
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(2, 0)).toBe(0);
    expect(positionOf(['a', 'b', 'c'], 'c')).toBe(2);
    expect(positionOf(['a', 'b'], 'gone')).toBe(0);
    expect(positionOf(['a', 'b'], null)).toBe(0);
    expect(pageCount(2, 14)).toBe('3 of 14');
  });
});
