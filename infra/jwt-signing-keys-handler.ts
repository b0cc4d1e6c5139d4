import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { JSONWebKeySet } from 'jose';
import { generateSigningKeys, parseKeySet, publicJwksOf } from '../lambdas/identity/signing-keys';

/** The part of a CloudFormation custom-resource event (Provider framework) this handler reads. */
export interface KeySetEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  PhysicalResourceId?: string;
  ResourceProperties: { SecretArn: string; Generation: string };
  OldResourceProperties?: { Generation?: string };
}

export interface KeySetResponse {
  PhysicalResourceId: string;
  Data?: { PublicJwks: string };
}

const secrets = new SecretsManagerClient({});

async function readKeySet(secretArn: string): Promise<JSONWebKeySet | null> {
  const out = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  try {
    const keySet = parseKeySet(out.SecretString ?? '', 'JWT_SIGNING_KEYS');
    return keySet.keys.every((key) => typeof key.d === 'string') ? keySet : null;
  } catch {
    // The secret still holds the random placeholder Secrets Manager created it with.
    return null;
  }
}

async function freshKey() {
  const { signingKeys } = await generateSigningKeys();
  return parseKeySet(signingKeys, 'JWT_SIGNING_KEYS').keys[0]!;
}

/**
 * Creates the ES256 signing key set in Secrets Manager on first deploy and keeps it on later
 * deploys. A new `Generation` rotates: the new key signs from then on, the previous one stays
 * in the set so tokens it signed keep verifying until they expire. Returns only the public JWKS.
 */
export async function handler(event: KeySetEvent): Promise<KeySetResponse> {
  const { SecretArn: secretArn, Generation: generation } = event.ResourceProperties;
  if (event.RequestType === 'Delete') {
    return { PhysicalResourceId: event.PhysicalResourceId ?? secretArn };
  }
  const current = await readKeySet(secretArn);
  const rotate =
    event.RequestType === 'Update' && event.OldResourceProperties?.Generation !== generation;
  let keySet = current;
  if (!current) keySet = { keys: [await freshKey()] };
  else if (rotate) keySet = { keys: [await freshKey(), current.keys[0]!] };
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
