import {
  createPrivateKey,
  hkdfSync,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import { ConfigError } from '../platform/env';

/** The algorithm of every access token; auth-js `getClaims()` verifies only ES256 or RS256 locally. */
export const ACCESS_TOKEN_ALG = 'ES256';

const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y', 'kid'] as const;

/** The public half of a signing key, in the form WebCrypto `importKey('jwk', …, true, ['verify'])` accepts. */
export function toPublicJwk(jwk: JWK): JWK {
  const out: JWK = {};
  for (const member of PUBLIC_MEMBERS) {
    if (jwk[member] !== undefined) out[member] = jwk[member];
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
  }
  return { keys: keys as JWK[] };
}

export interface KeyRing {
  kid: string;
  privateKey: KeyObject;
  publicJwks: JSONWebKeySet;
  /** One refresh-token MAC key per signing key, the first one current. */
  refreshKeys: Buffer[];
}

function refreshKeyOf(privateD: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(privateD, 'base64url'), '', 'refresh-token-v1', 32),
  );
}

function keyRingOf(signingKeys: string): KeyRing {
  const set = parseKeySet(signingKeys, 'JWT_SIGNING_KEYS');
  const first = set.keys[0]!;
  if (typeof first.d !== 'string') throw new ConfigError('JWT_SIGNING_KEYS must hold private keys');
  return {
    kid: first.kid!,
    privateKey: createPrivateKey({ key: first as JsonWebKey, format: 'jwk' }),
    publicJwks: publicJwksOf(set),
    refreshKeys: set.keys.flatMap((key) =>
      typeof key.d === 'string' ? [refreshKeyOf(key.d)] : [],
    ),
  };
}

/**
 * The signing keys (from env, or Secrets Manager through `resolveSecret`'s cache): the ring is
 * built again only when the secret's value changes, so a rotation reaches warm containers.
 */
export function createKeyRingLoader(signingKeys: () => Promise<string>): () => Promise<KeyRing> {
  let current: { source: string; ring: KeyRing } | undefined;
  return async () => {
    const source = await signingKeys();
    if (current?.source !== source) current = { source, ring: keyRingOf(source) };
    return current.ring;
  };
}
