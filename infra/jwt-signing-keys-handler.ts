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

/** Where the key set is kept: the secret's text (undefined while it holds Secrets Manager's placeholder). */
export interface KeySetStore {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

/**
 * What the secret holds: the key set, and the generations it was last changed for. A deploy
 * rotates only for a generation above the recorded one, so a later deploy that omits or lowers a
 * setting (a `-c` flag given once) keeps the keys.
 */
interface StoredKeySet extends JSONWebKeySet {
  generation?: number;
  emergencyGeneration?: number;
}

/** A generation as a number: '' or unset is 0. */
export function generationNumber(value: string | undefined): number {
  const number = Number(value || 0);
  return Number.isFinite(number) ? number : 0;
}

function parseStored(text: string | undefined): StoredKeySet | null {
  if (!text) return null;
  try {
    const keySet = parseKeySet(text, 'JWT_SIGNING_KEYS');
    if (typeof keySet.keys[0]!.d !== 'string') return null;
    const { generation, emergencyGeneration } = JSON.parse(text) as StoredKeySet;
    return { ...keySet, generation, emergencyGeneration };
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
 * Creates the ES256 signing key set on first deploy and keeps it on later deploys; a
 * `Generation` or `EmergencyGeneration` above the recorded one changes it as `nextKeySet` says.
 * Returns only the public JWKS.
 */
export async function applyKeySetEvent(
  event: KeySetEvent,
  store: KeySetStore,
  nowSeconds: number,
): Promise<KeySetResponse> {
  const { SecretArn: secretArn } = event.ResourceProperties;
  if (event.RequestType === 'Delete') {
    return { PhysicalResourceId: event.PhysicalResourceId ?? secretArn };
  }
  const generation = generationNumber(event.ResourceProperties.Generation);
  const emergencyGeneration = generationNumber(event.ResourceProperties.EmergencyGeneration);
  const current = parseStored(await store.read());
  // A secret written before generations were recorded: the previous deploy's properties.
  const old = event.RequestType === 'Update' ? event.OldResourceProperties : undefined;
  const applied = {
    generation: current?.generation ?? generationNumber(old?.Generation ?? String(generation)),
    emergencyGeneration:
      current?.emergencyGeneration ??
      generationNumber(old?.EmergencyGeneration ?? String(emergencyGeneration)),
  };
  const change: KeyChange =
    emergencyGeneration > applied.emergencyGeneration
      ? 'emergency'
      : generation > applied.generation
        ? 'rotate'
        : 'keep';
  const lifetime = Number(event.ResourceProperties.TokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME);
  const keySet = !current
    ? { keys: [await freshKey()] }
    : change === 'keep'
      ? current
      : nextKeySet(current, change, await freshKey(), nowSeconds, lifetime);
  const stored: StoredKeySet = {
    keys: keySet.keys,
    generation: Math.max(generation, applied.generation),
    emergencyGeneration: Math.max(emergencyGeneration, applied.emergencyGeneration),
  };
  if (
    !current ||
    change !== 'keep' ||
    current.generation !== stored.generation ||
    current.emergencyGeneration !== stored.emergencyGeneration
  ) {
    await store.write(JSON.stringify(stored));
  }
  return {
    PhysicalResourceId: secretArn,
    Data: { PublicJwks: JSON.stringify(publicJwksOf(keySet)) },
  };
}

export function handler(event: KeySetEvent): Promise<KeySetResponse> {
  const secretId = event.ResourceProperties.SecretArn;
  return applyKeySetEvent(
    event,
    {
      async read() {
        const out = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
        return out.SecretString;
      },
      async write(text) {
        await secrets.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: text }));
      },
    },
    Math.floor(Date.now() / 1000),
  );
}
