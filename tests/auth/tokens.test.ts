import { randomUUID } from 'node:crypto';
import { SignJWT, base64url, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAuthConfig } from '../../lambdas/auth/config';
import { createAuthApp } from '../../lambdas/auth/router';
import { deriveRefreshToken, parseRefreshToken } from '../../lambdas/identity/refresh-tokens';
import {
  generateSigningKeys,
  parseKeySet,
  parseRefreshTokenSecret,
} from '../../lambdas/identity/signing-keys';
import { createTestTable } from '../support/test-table';
import {
  API_KEY_HEADERS,
  VERSIONED,
  call,
  decodeJwtPart,
  signUpUser,
  startAuthServer,
  uniqueEmail,
  type AuthServer,
  type LooseJson,
} from './auth-server';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.stop());

const refresh = (refreshToken: string) =>
  call(server, 'POST', '/token?grant_type=refresh_token', {
    body: { refresh_token: refreshToken },
  });

describe('refresh token rotation and reuse detection', () => {
  const sessionIdOf = (accessToken: string) => decodeJwtPart(accessToken, 1).session_id;

  it('always answers the active token’s parent with the current token (a lost response)', async () => {
    const { session } = await signUpUser(server);
    const first = await refresh(session.refresh_token);
    const current = first.json.refresh_token;
    server.clock.advance(60_000);
    for (let i = 0; i < 2; i += 1) {
      const replay = await refresh(session.refresh_token);
      expect(replay.status).toBe(200);
      expect(replay.json.refresh_token).toBe(current);
      expect(sessionIdOf(replay.json.access_token)).toBe(sessionIdOf(session.access_token));
    }
    expect((await refresh(current)).status).toBe(200);
  });

  it('answers an older token superseded within 10 s with the current token', async () => {
    const { session } = await signUpUser(server);
    const first = await refresh(session.refresh_token);
    server.clock.advance(5_000);
    const second = await refresh(first.json.refresh_token);
    server.clock.advance(1_000);
    // The sign-up token was superseded 6 s ago (plus the real time the requests took), two
    // rotations back.
    const replay = await refresh(session.refresh_token);
    expect(replay.status).toBe(200);
    expect(replay.json.refresh_token).toBe(second.json.refresh_token);
  });

  it('treats a token superseded more than 10 s ago as reuse, however recent the last rotation', async () => {
    const { session } = await signUpUser(server);
    const first = await refresh(session.refresh_token);
    server.clock.advance(9_000);
    const second = await refresh(first.json.refresh_token);
    server.clock.advance(2_000);
    // 11 s after the sign-up token was superseded, 2 s after the last rotation.
    const late = await refresh(session.refresh_token);
    expect(late.status).toBe(400);
    expect(late.json).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const afterRevocation = await refresh(second.json.refresh_token);
    expect(afterRevocation.json.code).toBe('refresh_token_not_found');
    const user = await call(server, 'GET', '/user', { bearer: second.json.access_token });
    expect([user.status, user.json.code]).toEqual([403, 'session_not_found']);
  });

  it('treats a token that fell out of the rotation history as reuse', async () => {
    const { session } = await signUpUser(server);
    let latest = session.refresh_token;
    for (let i = 0; i < 10; i += 1) latest = (await refresh(latest)).json.refresh_token;
    const stale = await refresh(session.refresh_token);
    expect([stale.status, stale.json.code]).toEqual([400, 'refresh_token_already_used']);
    expect((await refresh(latest)).json.code).toBe('refresh_token_not_found');
  });

  it('gives concurrent refreshes of one token the same new token', async () => {
    const { session } = await signUpUser(server);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => refresh(session.refresh_token)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json.refresh_token)).size).toBe(1);
    const next = await refresh(results[0]!.json.refresh_token);
    expect(next.status).toBe(200);
  });

  it('refuses forged refresh tokens', async () => {
    const { session } = await signUpUser(server);
    const bytes = Buffer.from(session.refresh_token, 'base64url');
    const wrongMac = Buffer.from(bytes);
    wrongMac[wrongMac.length - 1]! ^= 1;
    const aheadCounter = Buffer.from(bytes);
    aheadCounter.writeUInt32BE(0, 33);
    aheadCounter[36] = 7;
    const otherSession = Buffer.from(bytes);
    otherSession.set(Buffer.from(randomUUID().replace(/-/g, ''), 'hex'), 17);
    for (const forged of [wrongMac, aheadCounter, otherSession]) {
      const response = await refresh(forged.toString('base64url'));
      expect([response.status, response.json.code]).toEqual([400, 'refresh_token_not_found']);
    }
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });

  it('refuses a forged token (any counter, the top one too) before touching the table', async () => {
    const { env, table } = await createTestTable();
    const touched: string[] = [];
    table.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: { pk?: string } };
        if (!input.Key?.pk?.startsWith('RATE#')) touched.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    const app = createAuthApp(readAuthConfig({ ...env, BCRYPT_COST: '4' }), { table });
    const post = async (path: string, body: unknown) => {
      const response = await app.request(`/auth/v1${path}`, {
        method: 'POST',
        headers: { ...API_KEY_HEADERS, ...VERSIONED, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as LooseJson };
    };
    const signedUp = await post('/signup', { email: uniqueEmail(), password: 'long enough' });
    const parts = parseRefreshToken(signedUp.json.refresh_token as string)!;
    const [key] = parseRefreshTokenSecret(env.REFRESH_TOKEN_SECRET!);
    const forgedMac = (counter: number) => {
      const bytes = Buffer.from(deriveRefreshToken(key!, { ...parts, counter }), 'base64url');
      bytes[bytes.length - 1]! ^= 1;
      return bytes.toString('base64url');
    };
    touched.length = 0;
    for (const forged of [forgedMac(0xffff_ffff), forgedMac(0), forgedMac(1)]) {
      const response = await post('/token?grant_type=refresh_token', { refresh_token: forged });
      expect([response.status, response.json.code]).toEqual([400, 'refresh_token_not_found']);
    }
    expect(touched).toEqual([]);
    // Even correctly MACed, the top counter has no successor: refused, not a 500.
    const top = deriveRefreshToken(key!, { ...parts, counter: 0xffff_ffff });
    const response = await post('/token?grant_type=refresh_token', { refresh_token: top });
    expect([response.status, response.json.code]).toEqual([400, 'refresh_token_not_found']);
    expect(touched).toEqual([]);
  });
});

describe('access tokens the API refuses', () => {
  it('rejects alg none, HS256 with the public key, unknown kid, tampered and expired tokens', async () => {
    const { session } = await signUpUser(server);
    const [header, payload, signature] = session.access_token.split('.') as [
      string,
      string,
      string,
    ];
    const claims = decodeJwtPart(session.access_token, 1);
    const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
    const jwks = (await call(server, 'GET', '/.well-known/jwks.json')).json;
    const kid = jwks.keys[0].kid as string;

    const algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const algNoneWithKid = `${encode({ alg: 'none', kid, typ: 'JWT' })}.${payload}.`;
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
    const other = parseKeySet((await generateSigningKeys()).signingKeys, 'k').keys[0]!;
    const otherKey = await importJWK(other, 'ES256');
    const unknownKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: other.kid!, typ: 'JWT' })
      .sign(otherKey);
    const knownKidWrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .sign(otherKey);
    const tampered = `${header}.${encode({ ...claims, email: 'admin@example.com' })}.${signature}`;

    for (const token of [algNone, algNoneWithKid, hs256, unknownKid, knownKidWrongKey, tampered]) {
      const response = await call(server, 'GET', '/user', { bearer: token });
      expect([response.status, response.json.code]).toEqual([403, 'bad_jwt']);
    }
    expect((await call(server, 'GET', '/user', { bearer: session.access_token })).status).toBe(200);

    server.clock.advance(3_601_000);
    const expired = await call(server, 'GET', '/user', { bearer: session.access_token });
    expect([expired.status, expired.json.code]).toEqual([403, 'bad_jwt']);
  });
});

describe('signing key rotation', () => {
  it('publishes every key, signs with the first, and still accepts tokens of the others', async () => {
    const [current, previous] = [await generateSigningKeys(), await generateSigningKeys()];
    const keys = [current, previous].map((set) => parseKeySet(set.signingKeys, 'k').keys[0]!);
    const rotated = await startAuthServer({ JWT_SIGNING_KEYS: JSON.stringify({ keys }) });
    try {
      const jwks = (await call(rotated, 'GET', '/.well-known/jwks.json')).json;
      expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual(keys.map((key) => key.kid));
      const { session } = await signUpUser(rotated);
      expect(decodeJwtPart(session.access_token, 0).kid).toBe(keys[0]!.kid);

      const claims = decodeJwtPart(session.access_token, 1);
      const signedByPrevious = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: keys[1]!.kid!, typ: 'JWT' })
        .sign(await importJWK(keys[1]!, 'ES256'));
      const user = await call(rotated, 'GET', '/user', { bearer: signedByPrevious });
      expect(user.status).toBe(200);
    } finally {
      await rotated.stop();
    }
  });
});
