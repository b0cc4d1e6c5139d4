import { describe, expect, it } from 'vitest';
import { deriveRefreshToken, parseRefreshToken } from './refresh-tokens';
import {
  createKeyRingLoader,
  generateRefreshTokenSecret,
  generateSigningKeys,
  parseKeySet,
} from './signing-keys';

const parts = {
  userId: '6f1c1f0e-8d4b-4f5e-9a3c-1b2d3e4f5a6b',
  sessionId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  counter: 3,
};

const ring = (signingKeys: string, refreshSecret: string) =>
  createKeyRingLoader(
    async () => signingKeys,
    async () => refreshSecret,
  )();

describe('refresh-token MAC keys', () => {
  it('come from REFRESH_TOKEN_SECRET alone, never from the JWT signing key', async () => {
    const [a, b] = [await generateSigningKeys(), await generateSigningKeys()];
    const secret = generateRefreshTokenSecret();
    const withA = await ring(a.signingKeys, secret);
    const withB = await ring(b.signingKeys, secret);
    // Another signing key (an emergency rotation): the same MAC key, sessions keep refreshing.
    expect(withB.refreshKeys).toEqual(withA.refreshKeys);
    // Whoever holds the signing key's private part cannot forge a refresh token from it.
    const d = parseKeySet(a.signingKeys, 'k').keys[0]!.d!;
    const forged = deriveRefreshToken(Buffer.from(d, 'base64url'), parts);
    expect(parseRefreshToken(forged)!.authenticWith(withA.refreshKeys)).toBe(false);
    const other = await ring(a.signingKeys, generateRefreshTokenSecret());
    expect(other.refreshKeys).not.toEqual(withA.refreshKeys);
  });

  it('rotate gracefully with "<new> <old>" and at once with the new secret alone', async () => {
    const { signingKeys } = await generateSigningKeys();
    const [old, next] = [generateRefreshTokenSecret(), generateRefreshTokenSecret()];
    const before = await ring(signingKeys, old);
    const token = parseRefreshToken(deriveRefreshToken(before.refreshKeys[0]!, parts))!;
    const graceful = await ring(signingKeys, `${next}\n${old}`);
    expect(graceful.refreshKeys[1]).toEqual(before.refreshKeys[0]);
    expect(token.authenticWith(graceful.refreshKeys)).toBe(true);
    expect(token.authenticWith((await ring(signingKeys, next)).refreshKeys)).toBe(false);
  });

  it('refuses a missing or short secret with a clear message', async () => {
    const { signingKeys } = await generateSigningKeys();
    await expect(ring(signingKeys, '')).rejects.toThrow(/REFRESH_TOKEN_SECRET must hold/);
    await expect(ring(signingKeys, 'short')).rejects.toThrow(/at least 43 characters/);
  });
});
