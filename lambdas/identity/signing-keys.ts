import {
  createPrivateKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import { ConfigError } from '../platform/env';

/** The algorithm of every access token; auth-js `getClaims()` verifies only ES256 or RS256 locally. */
export const ACCESS_TOKEN_ALG = 'ES256';

/**
 * A retired key's last second (Unix seconds): after an emergency rotation the previous keys keep
 * verifying the tokens they signed, and nothing once those have expired.
 */
export const VERIFY_UNTIL = 'verify_until';

/** A key's `verify_until`, if it has been retired. */
export function verifyUntil(key: JWK): number | undefined {
  const value = (key as Record<string, unknown>)[VERIFY_UNTIL];
  return typeof value === 'number' ? value : undefined;
}

const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y', 'kid', VERIFY_UNTIL] as const;

/** The public half of a signing key, in the form WebCrypto `importKey('jwk', …, true, ['verify'])` accepts. */
export function toPublicJwk(jwk: JWK): JWK {
  const source = jwk as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const member of PUBLIC_MEMBERS) {
    if (source[member] !== undefined) out[member] = source[member];
  }
  return { ...out, alg: ACCESS_TOKEN_ALG, use: 'sig', key_ops: ['verify'], ext: true };
}

/**
 * A fresh ES256 key set: `signingKeys` is the value of `JWT_SIGNING_KEYS` (private, secret),
 * `publicJwks` the value of `JWT_PUBLIC_JWKS`. Used by the local runtime, tests and deploy tooling.
 */
export async function generateSigningKeys(): Promise<{ signingKeys: string; publicJwks: string }> {
  const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALG, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: ACCESS_TOKEN_ALG };
  const signingKeys: JSONWebKeySet = { keys: [jwk] };
  return {
    signingKeys: JSON.stringify(signingKeys),
    publicJwks: JSON.stringify(publicJwksOf(signingKeys)),
  };
}

export function publicJwksOf(signingKeys: JSONWebKeySet): JSONWebKeySet {
  return { keys: signingKeys.keys.map(toPublicJwk) };
}

/** Parses a `{"keys":[…]}` document; every key must carry a `kid`. */
export function parseKeySet(json: string, name: string): JSONWebKeySet {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError(`${name} is not valid JSON`);
  }
  const keys = (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new ConfigError(`${name} must be {"keys":[…]} with at least one key`);
  }
  for (const key of keys as JWK[]) {
    if (typeof key?.kid !== 'string' || !key.kid || key.kty !== 'EC' || key.crv !== 'P-256') {
      throw new ConfigError(`${name}: every key must be an EC P-256 JWK with a kid`);
    }
    const until = (key as Record<string, unknown>)[VERIFY_UNTIL];
    if (until !== undefined && typeof until !== 'number') {
      throw new ConfigError(`${name}: ${VERIFY_UNTIL} must be a number of Unix seconds`);
    }
  }
  return { keys: keys as JWK[] };
}

/** The keys that still verify at `nowSeconds`: every key but those retired before it. */
export function verifyingKeys(set: JSONWebKeySet, nowSeconds: number): JSONWebKeySet {
  return {
    keys: set.keys.filter((key) => {
      const until = verifyUntil(key);
      return until === undefined || nowSeconds < until;
    }),
  };
}

export interface KeyRing {
  kid: string;
  privateKey: KeyObject;
  publicJwks: JSONWebKeySet;
  /** The refresh-token MAC keys (from `REFRESH_TOKEN_SECRET`), the first one current. */
  refreshKeys: Buffer[];
  /**
   * The one-time-code MAC key: derived from the current `REFRESH_TOKEN_SECRET` under its own
   * label, so a stored code hash is worthless without the auth function's secret. Rotating the
   * secret voids pending codes (a new one is sent on request).
   */
  codeKey: Buffer;
}

/** Shortest value of one refresh-token secret: 256 bits written in base64url or hex. */
const MIN_REFRESH_SECRET_LENGTH = 43;

/** A fresh value of `REFRESH_TOKEN_SECRET` (local runs, tests; the stack has Secrets Manager generate one). */
export function generateRefreshTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * `REFRESH_TOKEN_SECRET` is its own secret, unrelated to the signing keys: a leaked JWT key
 * forges no refresh token, and an emergency signing-key rotation keeps sessions refreshable.
 * It holds one or more secrets separated by white space, the current one first: put
 * `"<new> <old>"` to rotate gracefully (tokens MACed with the old one keep refreshing), or the
 * new one alone to end every session's refresh at once.
 */
export function parseRefreshTokenSecret(value: string): Buffer[] {
  const secrets = value.split(/\s+/).filter(Boolean);
  if (secrets.length === 0 || secrets.some((secret) => secret.length < MIN_REFRESH_SECRET_LENGTH)) {
    throw new ConfigError(
      `REFRESH_TOKEN_SECRET must hold one or more secrets of at least ${MIN_REFRESH_SECRET_LENGTH} characters`,
    );
  }
  return secrets.map((secret) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), '', 'refresh-token-v1', 32)),
  );
}

export function deriveCodeKey(refreshTokenSecret: string): Buffer {
  const current = refreshTokenSecret.split(/\s+/).find(Boolean)!;
  return Buffer.from(hkdfSync('sha256', Buffer.from(current, 'utf8'), '', 'one-time-code-v1', 32));
}

function keyRingOf(signingKeys: string, refreshTokenSecret: string): KeyRing {
  const set = parseKeySet(signingKeys, 'JWT_SIGNING_KEYS');
  const first = set.keys[0]!;
  if (typeof first.d !== 'string') throw new ConfigError('JWT_SIGNING_KEYS must hold private keys');
  return {
    kid: first.kid!,
    privateKey: createPrivateKey({ key: first as JsonWebKey, format: 'jwk' }),
    publicJwks: publicJwksOf(set),
    refreshKeys: parseRefreshTokenSecret(refreshTokenSecret),
    codeKey: deriveCodeKey(refreshTokenSecret),
  };
}

/**
 * The signing keys and the refresh-token secret (from env, or Secrets Manager through
 * `resolveSecret`'s cache): the ring is built again only when a value changes, so a rotation
 * reaches warm containers.
 */
export function createKeyRingLoader(
  signingKeys: () => Promise<string>,
  refreshTokenSecret: () => Promise<string>,
): () => Promise<KeyRing> {
  let current: { source: string; ring: KeyRing } | undefined;
  return async () => {
    const [keys, refresh] = await Promise.all([signingKeys(), refreshTokenSecret()]);
    const source = `${keys}\n${refresh}`;
    if (current?.source !== source) current = { source, ring: keyRingOf(keys, refresh) };
    return current.ring;
  };
}
