import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  otpOptionsBody,
  passwordGrantBody,
  refreshGrantBody,
  resendBody,
  signUpBody,
  userUpdateBody,
  verifyBody,
} from './bodies';
import { AuthError } from './errors';
import { normalizeEmail, parseAuthBody } from './request';

/** What the request is answered with: GoTrue's status, code and message. */
function answer(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return [error.status, error.code, error.message];
    throw error;
  }
  return 'accepted';
}
const parse = (schema: v.GenericSchema, body: unknown) => answer(() => parseAuthBody(schema, body));
const badJson = (problem: string) => [
  400,
  'bad_json',
  `Could not parse request body as JSON: ${problem}`,
];
const invalidMetadata = (problem: string) => [
  400,
  'validation_failed',
  `Invalid user metadata (data): ${problem}`,
];

describe('the GoTrue bodies', () => {
  it('refuse a member of another type than string as bad_json, naming it', () => {
    for (const wrong of [5, true, {}, { nested: 'a@b.co' }, ['a@b.co']]) {
      expect(parse(signUpBody, { email: wrong, password: 'long enough' })).toEqual(
        badJson('email must be a string'),
      );
      expect(parse(passwordGrantBody, { email: 'a@b.co', password: wrong })).toEqual(
        badJson('password must be a string'),
      );
      expect(parse(refreshGrantBody, { refresh_token: wrong })).toEqual(
        badJson('refresh_token must be a string'),
      );
      expect(parse(verifyBody, { type: 'email', token_hash: wrong })).toEqual(
        badJson('token_hash must be a string'),
      );
      expect(parse(userUpdateBody, { current_password: wrong })).toEqual(
        badJson('current_password must be a string'),
      );
    }
  });

  it('report the first wrong member in the order the endpoint read them', () => {
    expect(parse(signUpBody, { password: 1, email: 1 })).toEqual(badJson('email must be a string'));
    expect(parse(resendBody, { email: 1, type: 'nonsense' })).toEqual(
      badJson('email must be a string'),
    );
  });

  it('read an absent or null string as "" (Go decodes null so)', () => {
    expect(parseAuthBody(signUpBody, { email: null })).toEqual({
      email: '',
      phone: '',
      password: '',
    });
    expect(parseAuthBody(passwordGrantBody, {})).toEqual({ email: '', phone: '', password: '' });
  });

  it('refuse a body that is not a JSON object as bad_json, never a 5xx', () => {
    for (const body of [null, [], [1], 5, 'text', true]) {
      expect(parse(signUpBody, body)).toEqual(badJson('not an object'));
    }
  });

  it('leave PUT /user’s password unset when absent or null, and keep app_metadata', () => {
    expect(parseAuthBody(userUpdateBody, { password: null }).password).toBeNull();
    expect(parseAuthBody(userUpdateBody, {}).password).toBeUndefined();
    expect(parseAuthBody(userUpdateBody, { password: '' }).password).toBe('');
    expect(parseAuthBody(userUpdateBody, { app_metadata: { role: 'x' } }).app_metadata).toEqual({
      role: 'x',
    });
  });

  it('create the /otp user unless create_user is false', () => {
    const create = (body: object) => parseAuthBody(otpOptionsBody, body).create_user;
    expect([create({}), create({ create_user: false }), create({ create_user: 'false' })]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('the user metadata (data)', () => {
  const withData = (data: unknown) => parse(signUpBody, { data });
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { n: nested(depth - 1) });

  it('must be an object', () => {
    for (const data of [[], ['a'], 'text', 5, true]) {
      expect(withData(data)).toEqual(badJson('data must be an object'));
    }
    expect(parseAuthBody(signUpBody, { data: null }).data).toBeNull();
    expect(parseAuthBody(signUpBody, { data: { name: 'Ann' } }).data).toEqual({ name: 'Ann' });
  });

  it('is refused past what the table stores, with the problem named', () => {
    expect(withData(nested(40))).toEqual(invalidMetadata('nested deeper than 16 levels'));
    expect(withData({ a: { '': 1 } })).toEqual(invalidMetadata('a key is empty'));
    expect(withData({ list: [{ n: 2 ** 60 }] })).toEqual(
      invalidMetadata('the number 1152921504606847000 is out of range'),
    );
    expect(withData({ n: 1e-200 })).toEqual(invalidMetadata('the number 1e-200 is out of range'));
    expect(withData(JSON.parse('{"a":{"__proto__":{"admin":true}}}'))).toEqual(
      invalidMetadata('the key "__proto__" is not allowed'),
    );
    expect(withData(nested(15))).toBe('accepted');
  });
});

describe('normalizeEmail (the one e-mail rule)', () => {
  const invalid = [400, 'validation_failed', 'Unable to validate email address: invalid format'];

  it('trims and lower-cases an address', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('refuses what the rule refuses, and an address over 255 characters', () => {
    for (const raw of ['not-an-email', 'a@b', 'a b@c.co', 'a@@b.co', '@b.co', '']) {
      expect(answer(() => normalizeEmail(raw))).toEqual(invalid);
    }
    const longest = `${'a'.repeat(243)}@example.com`;
    expect(normalizeEmail(longest)).toBe(longest);
    expect(answer(() => normalizeEmail(`a${longest}`))).toEqual(invalid);
  });
});
