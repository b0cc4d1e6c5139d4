// Every GoTrue endpoint's body refusals, on the wire: the status, code and message each gave
// before its hand-written readers became valibot schemas (`lambdas/auth/bodies.ts`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpUser, startAuthServer, uniqueEmail, type AuthServer } from './auth-server';

let server: AuthServer;
let bearer: string;
beforeAll(async () => {
  server = await startAuthServer();
  bearer = (await signUpUser(server)).session.access_token;
});
afterAll(() => server.stop());

async function answer(method: string, path: string, body: unknown, withToken = false) {
  const { status, json } = await call(server, method, path, {
    body,
    ...(withToken ? { bearer } : {}),
  });
  return [status, json?.code, json?.message];
}
const badJson = (problem: string) => [
  400,
  'bad_json',
  `Could not parse request body as JSON: ${problem}`,
];

const ENDPOINTS: [method: string, path: string, member: string, withToken?: boolean][] = [
  ['POST', '/signup', 'email'],
  ['POST', '/token?grant_type=password', 'email'],
  ['POST', '/token?grant_type=refresh_token', 'refresh_token'],
  ['POST', '/recover', 'email'],
  ['POST', '/otp', 'email'],
  ['POST', '/resend', 'type'],
  ['POST', '/verify', 'type'],
  ['PUT', '/user', 'email', true],
  ['PUT', '/user', 'email'],
];

describe('GoTrue request bodies', () => {
  it('refuse a body that is not a JSON object with 400 bad_json on every endpoint', async () => {
    for (const [method, path] of ENDPOINTS) {
      for (const body of ['null', '[1]', '5', '"text"', 'true']) {
        expect([path, body, ...(await answer(method, path, body))]).toEqual([
          path,
          body,
          ...badJson('not an object'),
        ]);
      }
    }
  });

  it('refuse a member that is not a string, naming it, on every endpoint', async () => {
    for (const [method, path, member, withToken] of ENDPOINTS) {
      for (const wrong of [5, { nested: 'a@b.co' }, ['a@b.co'], false]) {
        expect([path, ...(await answer(method, path, { [member]: wrong }, withToken))]).toEqual([
          path,
          ...badJson(`${member} must be a string`),
        ]);
      }
    }
    expect(await answer('PUT', '/user', { password: {} }, true)).toEqual(
      badJson('password must be a string'),
    );
    expect(await answer('PUT', '/user', { data: [1] }, true)).toEqual(
      badJson('data must be an object'),
    );
  });

  it('keep each endpoint’s own refusals and their order', async () => {
    const email = uniqueEmail('bodies');
    expect(await answer('POST', '/signup', { email })).toEqual([
      400,
      'validation_failed',
      'Signup requires a valid password',
    ]);
    expect(await answer('POST', '/token?grant_type=magic', { email })).toEqual([
      400,
      'invalid_credentials',
      'unsupported_grant_type',
    ]);
    const tooLong = `${'a'.repeat(250)}@example.com`;
    for (const path of ['/signup', '/recover', '/otp']) {
      expect(await answer('POST', path, { email: tooLong, password: 'long enough' })).toEqual([
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ]);
    }
    // A type error is found before the endpoint's rules, in the order the members are read.
    expect(await answer('POST', '/resend', { type: 'nonsense', email: 5 })).toEqual(
      badJson('email must be a string'),
    );
    // `/otp` reads its options only once the address is accepted.
    expect(await answer('POST', '/otp', { phone: '+15550100', data: 5 })).toEqual([
      422,
      'phone_provider_disabled',
      'Phone logins are disabled',
    ]);
    // `/verify` reads `phone` only for a token hash that comes without an address.
    expect(await answer('POST', '/verify', { type: 'email', token_hash: 'x', phone: 5 })).toEqual(
      badJson('phone must be a string'),
    );
    expect(
      await answer('POST', '/verify', { type: 'email', token: '000000', email, phone: 5 }),
    ).toEqual([403, 'otp_expired', 'Token has expired or is invalid']);
  });
});
