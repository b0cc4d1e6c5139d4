import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { JSONWebKeySet, JWK } from 'jose';
import {
  generateSigningKeys,
  parseKeySet,
  publicJwksOf,
  VERIFY_UNTIL,
  verifyUntil,
} from '../lambdas/identity/signing-keys';

/** The part of a CloudFormation custom-resource event (Provider framework) this handler reads. */
export interface KeySetEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  PhysicalResourceId?: string;
  ResourceProperties: {
    SecretArn: string;
    Generation: string;
    EmergencyGeneration?: string;
    /** The longest an access token lives (seconds): how long a retired key keeps verifying. */
    TokenLifetimeSeconds?: string;
  };
  OldResourceProperties?: { Generation?: string; EmergencyGeneration?: string };
}

export interface KeySetResponse {
  PhysicalResourceId: string;
  Data?: { PublicJwks: string };
}

const secrets = new SecretsManagerClient({});
/** Auth's default `JWT_EXPIRY_SECONDS`, for a resource created before the property existed. */
const DEFAULT_TOKEN_LIFETIME = 3600;

async function readKeySet(secretArn: string): Promise<JSONWebKeySet | null> {
  const out = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  try {
    const keySet = parseKeySet(out.SecretString ?? '', 'JWT_SIGNING_KEYS');
    return typeof keySet.keys[0]!.d === 'string' ? keySet : null;
  } catch {
    // The secret still holds the random placeholder Secrets Manager created it with.
    return null;
  }
}

async function freshKey() {
  const { signingKeys } = await generateSigningKeys();
  return parseKeySet(signingKeys, 'JWT_SIGNING_KEYS').keys[0]!;
}

export type KeyChange = 'keep' | 'rotate' | 'emergency';

/**
 * The key set after a deploy. `rotate`: a new key signs, the previous one keeps verifying.
 * `emergency`: a new key signs at once; every previous key is kept as a public key only, and
 * verifies only until `nowSeconds + tokenLifetimeSeconds`, when the last token it signed has
 * expired. No session ends, and a leaked key is useless within one token lifetime.
 */
export function nextKeySet(
  current: JSONWebKeySet,
  change: KeyChange,
  fresh: JWK,
  nowSeconds: number,
  tokenLifetimeSeconds: number,
): JSONWebKeySet {
  const stillVerifying = (key: JWK) => (verifyUntil(key) ?? Infinity) > nowSeconds;
  if (change === 'keep') return current;
  if (change === 'rotate') {
    const [signing, ...older] = current.keys;
    return {
      keys: [
        fresh,
        signing!,
        ...older.filter((key) => verifyUntil(key) !== undefined && stillVerifying(key)),
      ],
    };
  }
  const retireAt = nowSeconds + tokenLifetimeSeconds;
  const retired = current.keys.filter(stillVerifying).map((key) => {
    const publicKey: JWK = { ...key };
    delete publicKey.d;
    return { ...publicKey, [VERIFY_UNTIL]: Math.min(verifyUntil(key) ?? retireAt, retireAt) };
  });
  return { keys: [fresh, ...retired] };
}

/**
 * Creates the ES256 signing key set in Secrets Manager on first deploy and keeps it on later
 * deploys; a new `Generation` or `EmergencyGeneration` changes it as `nextKeySet` says.
 * Returns only the public JWKS.
 */
export async function handler(event: KeySetEvent): Promise<KeySetResponse> {
  const { SecretArn: secretArn, Generation: generation } = event.ResourceProperties;
  const emergencyGeneration = event.ResourceProperties.EmergencyGeneration ?? '';
  if (event.RequestType === 'Delete') {
    return { PhysicalResourceId: event.PhysicalResourceId ?? secretArn };
  }
  const current = await readKeySet(secretArn);
  const old = event.RequestType === 'Update' ? event.OldResourceProperties : undefined;
  const emergency = old !== undefined && (old.EmergencyGeneration ?? '') !== emergencyGeneration;
  const rotate = old !== undefined && old.Generation !== generation;
  const change: KeyChange = emergency ? 'emergency' : rotate ? 'rotate' : 'keep';
  const lifetime = Number(event.ResourceProperties.TokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME);
  const keySet = !current
    ? { keys: [await freshKey()] }
    : change === 'keep'
      ? current
      : nextKeySet(current, change, await freshKey(), Math.floor(Date.now() / 1000), lifetime);
  if (keySet !== current) {
    await secrets.send(
      new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(keySet) }),
    );
  }
  return {
    PhysicalResourceId: secretArn,
    Data: { PublicJwks: JSON.stringify(publicJwksOf(keySet!)) },
  };
}
