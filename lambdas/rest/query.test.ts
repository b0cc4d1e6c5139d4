import { describe, expect, it } from 'vitest';
import type { PostgrestError } from './postgrest-errors';
import { parseViewQuery } from './query';

const parse = (query: string) => parseViewQuery(new URLSearchParams(query));

describe('parseViewQuery', () => {
  it('reads is.null, is.true and is.false (any case) as literals', () => {
    const [filter] = parse('subscription_id=is.NULL').filters;
    expect([filter!.test(null), filter!.test('sub_1')]).toEqual([true, false]);
    expect(parse('cancel_at_period_end=is.true').filters[0]!.test(true)).toBe(true);
  });

  it('refuses any other is. operand with PGRST100, prototype names included', () => {
    for (const operand of ['maybe', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(() => parse(`subscription_id=is.${operand}`), operand).toThrow(
        expect.objectContaining({ code: 'PGRST100' }) as PostgrestError,
      );
    }
  });
});
