import { createPrivateKey, randomUUID, sign as signBytes, type JsonWebKey } from 'node:crypto';
import { SignJWT, base64url, importJWK, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from '../support/test-table';
import { AccessTokenError, createAccessTokenVerifier } from '../../lambdas/identity/access-tokens';
import { identityKeys } from '../../lambdas/identity/items';
import type { Table } from '../../lambdas/platform/dynamo';
import {
  generateSigningKeys,
  parseKeySet,
  publicJwksOf,
  verifyingKeys,
} from '../../lambdas/identity/signing-keys';
import { nextKeySet } from '../../infra/jwt-signing-keys-handler';

let table: Table;
let signingJwk: JWK;
let publicJwks: string;
const userId = randomUUID();
const sessionId = randomUUID();
const nowSeconds = Math.floor(Date.now() / 1000);
const issuer = 'http://localhost:8787/auth/v1';

function claims(overrides: Record<string, unknown> = {}) {
  return {
    iss: issuer,
    sub: userId,
    aud: 'authenticated',
    exp: nowSeconds + 3600,
    iat: nowSeconds,
    email: 'a@example.com',
    role: 'authenticated',
    session_id: sessionId,
    ...overrides,
  };
}

async function sign(payload = claims(), jwk: JWK = signingJwk) {
  const key = await importJWK(jwk, 'ES256');
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', kid: jwk.kid!, typ: 'JWT' })
    .sign(key);
}

/** Any header and payload, signed with the real key (as an attacker holding none cannot). */
function signRaw(header: Record<string, unknown>, payload: Record<string, unknown>, der = false) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  const key = createPrivateKey({ key: signingJwk as JsonWebKey, format: 'jwk' });
  const signature = signBytes('sha256', Buffer.from(input), {
    key,
    dsaEncoding: der ? 'der' : 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccessTokenError);
  return error as AccessTokenError;
}

beforeAll(async () => {
  const created = await createTestTable();
  table = created.table;
  signingJwk = parseKeySet(created.env.JWT_SIGNING_KEYS!, 'keys').keys[0]!;
  publicJwks = created.env.JWT_PUBLIC_JWKS!;
  await table.doc.put({
    TableName: table.name,
    Item: { ...identityKeys.session(userId, sessionId) },
  });
});

describe('access token verifier', () => {
  it('accepts a valid token of a live session', async () => {
    const verifier = createAccessTokenVerifier({ table, publicJwks, issuer });
    const result = await verifier.verify(`Bearer ${await sign()}`);
    expect(result).toMatchObject({ userId, sessionId, email: 'a@example.com' });
  });

  it('answers no_authorization (401) without a bearer token', async () => {
    const verifier = createAccessTokenVerifier({ table, publicJwks, issuer });
    for (const header of [undefined, '', 'Basic abc', 'Bearer']) {
      const error = await rejection(verifier.verify(header));
      expect([error.code, error.status]).toEqual(['no_authorization', 401]);
    }
  });

  it('answers session_not_found (403) once the session item is gone', async () => {
    const verifier = createAccessTokenVerifier({ table, publicJwks, issuer });
    const token = await sign(claims({ session_id: randomUUID() }));
    const error = await rejection(verifier.verify(`Bearer ${token}`));
    expect([error.code, error.status]).toEqual(['session_not_found', 403]);
  });

  it('rejects forged, tampered, foreign and expired tokens with bad_jwt (403)', async () => {
    const verifier = createAccessTokenVerifier({ table, publicJwks, issuer });
    const valid = await sign();
    const [header, payload, signature] = valid.split('.') as [string, string, string];
    const encode = (value: unknown) => base64url.encode(JSON.stringify(value));

    const algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const publicKeyBytes = new TextEncoder().encode(publicJwks);
    const hs256WithPublicKey = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: signingJwk.kid!, typ: 'JWT' })
      .sign(publicKeyBytes);
    const otherKey = parseKeySet((await generateSigningKeys()).signingKeys, 'other').keys[0]!;
    const unknownKid = await sign(claims(), otherKey);
    const foreignKeySameKid = await sign(claims(), { ...otherKey, kid: signingJwk.kid });
    const tampered = `${header}.${encode(claims({ sub: randomUUID() }))}.${signature}`;
    const expired = await sign(claims({ exp: nowSeconds - 1, iat: nowSeconds - 3601 }));
    const wrongAudience = await sign(claims({ aud: 'anon' }));
    const notUuidSub = await sign(claims({ sub: 'admin' }));
    const esHeader = { alg: 'ES256', kid: signingJwk.kid, typ: 'JWT' };
    const { exp: _exp, ...withoutExp } = claims();
    // Sanity: the raw signer makes tokens the verifier accepts, so each rejection below is
    // due to the one thing changed.
    await verifier.verify(`Bearer ${signRaw(esHeader, claims())}`);
    const unknownCritical = signRaw({ ...esHeader, crit: ['exp'] }, claims());
    const notYetValid = signRaw(esHeader, claims({ nbf: nowSeconds + 600 }));
    const noExpiry = signRaw(esHeader, withoutExp);
    const derSignature = signRaw(esHeader, claims(), true);

    for (const token of [
      algNone,
      hs256WithPublicKey,
      unknownKid,
      foreignKeySameKid,
      tampered,
      expired,
      wrongAudience,
      notUuidSub,
      unknownCritical,
      notYetValid,
      noExpiry,
      derSignature,
      `${valid}.extra`,
      'not.a.jwt',
    ]) {
      const error = await rejection(verifier.verify(`Bearer ${token}`));
      expect([error.code, error.status]).toEqual(['bad_jwt', 403]);
    }
  });

  it('reads one more item of the caller in the same request, only for a live session', async () => {
    const verifier = createAccessTokenVerifier({ table, publicJwks, issuer });
    const rowKey = (id: string) => ({ pk: `USER#${id}`, sk: 'TEST_ROW' });
    await table.doc.put({ TableName: table.name, Item: { ...rowKey(userId), value: 7 } });

    const { token, item } = await verifier.verifyAndRead(`Bearer ${await sign()}`, rowKey);
    expect(token).toMatchObject({ userId, sessionId });
    expect(item).toEqual({ ...rowKey(userId), value: 7 });

    const goneSession = await sign(claims({ session_id: randomUUID() }));
    const error = await rejection(verifier.verifyAndRead(`Bearer ${goneSession}`, rowKey));
    expect([error.code, error.status]).toEqual(['session_not_found', 403]);

    const expired = await sign(claims({ exp: nowSeconds - 1 }));
    expect((await rejection(verifier.verifyAndRead(`Bearer ${expired}`, rowKey))).code).toBe(
      'bad_jwt',
    );
    const missing = await verifier.verifyAndRead(`Bearer ${await sign()}`, () => ({
      pk: 'USER#nobody',
      sk: 'TEST_ROW',
    }));
    expect(missing.item).toBeUndefined();
  });

  it('follows the injected clock for expiry', async () => {
    const token = await sign();
    const later = createAccessTokenVerifier({
      table,
      publicJwks,
      issuer,
      now: () => (nowSeconds + 3601) * 1000,
    });
    const error = await rejection(later.verify(`Bearer ${token}`));
    expect(error.code).toBe('bad_jwt');
  });

  it('after an emergency rotation, a token the old key signed verifies until it expires, no longer', async () => {
    const token = await sign(claims({ exp: nowSeconds + 1800 }));
    const fresh = parseKeySet((await generateSigningKeys()).signingKeys, 'keys').keys[0]!;
    const rotated = nextKeySet({ keys: [signingJwk] }, 'emergency', fresh, nowSeconds, 3600);
    // The retired key is public only, and published until the last token it signed expires.
    expect(rotated.keys.map((key) => key.kid)).toEqual([fresh.kid, signingJwk.kid]);
    expect(rotated.keys[1]!.d).toBeUndefined();
    const published = publicJwksOf(rotated);
    expect(verifyingKeys(published, nowSeconds + 3599).keys).toHaveLength(2);
    expect(verifyingKeys(published, nowSeconds + 3600).keys.map((key) => key.kid)).toEqual([
      fresh.kid,
    ]);
    const at = (seconds: number) =>
      createAccessTokenVerifier({
        table,
        publicJwks: published,
        issuer,
        now: () => seconds * 1000,
      });
    expect((await at(nowSeconds + 60).verify(`Bearer ${token}`)).userId).toBe(userId);
    // A token forged with the leaked key and a far expiry dies with the key's retirement.
    const forged = await sign(claims({ exp: nowSeconds + 86_400 }));
    expect((await at(nowSeconds + 3599).verify(`Bearer ${forged}`)).userId).toBe(userId);
    expect((await rejection(at(nowSeconds + 3600).verify(`Bearer ${forged}`))).code).toBe(
      'bad_jwt',
    );
  });
});
