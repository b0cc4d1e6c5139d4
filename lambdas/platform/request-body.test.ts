import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { jsonObject, memberOf, parseBody } from './request-body';

class Refused extends Error {
  constructor(
    readonly member: string | undefined,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (issue: v.BaseIssue<unknown>) => new Refused(memberOf(issue), issue.message);
const schema = jsonObject(
  { first: v.string('first must be a string'), second: v.number('second must be a number') },
  'not an object',
);

function refusal(body: unknown): Refused {
  try {
    parseBody(schema, body, refuse);
  } catch (error) {
    if (error instanceof Refused) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseBody', () => {
  it("answers the schema's output", () => {
    expect(parseBody(schema, { first: 'a', second: 1, extra: true }, refuse)).toEqual({
      first: 'a',
      second: 1,
    });
  });

  it("throws refuse()'s error for the first issue, in the schema's member order", () => {
    expect(refusal({ first: 1, second: 'x' })).toMatchObject({
      member: 'first',
      message: 'first must be a string',
    });
    expect(refusal({ second: 'x', first: 'a' })).toMatchObject({
      member: 'second',
      message: 'second must be a number',
    });
  });

  it('refuses a body that is not a JSON object (an array too) with the schema’s own message', () => {
    for (const body of [null, [], 5, 'text', true]) {
      expect(refusal(body)).toMatchObject({ member: undefined, message: 'not an object' });
    }
  });

  it('names the member of a missing key', () => {
    expect(refusal({ first: 'a' }).member).toBe('second');
  });
});
