import { describe, expect, it } from 'vitest';
import { readAuthConfig } from '../lambdas/auth/config';
import { generateSigningKeys, parseKeySet } from '../lambdas/identity/signing-keys';
import { applyKeySetEvent, nextKeySet, type KeySetEvent } from './jwt-signing-keys-handler';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './jwt-signing-keys';

const key = async () => parseKeySet((await generateSigningKeys()).signingKeys, 'keys').keys[0]!;
const NOW = 1_800_000_000;

describe('signing keys after a deploy', () => {
  it('a graceful rotation signs with the new key and keeps the previous one verifying', async () => {
    const [old, fresh] = [await key(), await key()];
    expect(nextKeySet({ keys: [old] }, 'rotate', fresh, NOW, 3600)).toEqual({ keys: [fresh, old] });
    expect(nextKeySet({ keys: [old] }, 'keep', fresh, NOW, 3600)).toEqual({ keys: [old] });
  });

  it('an emergency rotation keeps each previous public key until its last token expires', async () => {
    const [older, old, fresh] = [await key(), await key(), await key()];
    const next = nextKeySet({ keys: [old, older] }, 'emergency', fresh, NOW, 3600);
    expect(next.keys[0]).toEqual(fresh);
    expect(next.keys.slice(1)).toEqual(
      [old, older].map(({ d: _d, ...publicKey }) => ({ ...publicKey, verify_until: NOW + 3600 })),
    );
    // A second emergency within the hour: the retired keys keep their own end, never a later one.
    const again = nextKeySet(next, 'emergency', await key(), NOW + 600, 3600);
    expect(again.keys.slice(1).map((k) => (k as { verify_until: number }).verify_until)).toEqual([
      NOW + 600 + 3600,
      NOW + 3600,
      NOW + 3600,
    ]);
    // An hour later a graceful rotation drops the retired keys.
    const later = nextKeySet(again, 'rotate', await key(), NOW + 4200 + 3600, 3600);
    expect(later.keys).toHaveLength(2);
  });

  it('keeps the keys on every later deploy that asks for no higher generation', async () => {
    let secret: string | undefined;
    const store = {
      read: async () => secret,
      write: async (text: string) => void (secret = text),
    };
    let deployed: KeySetEvent['ResourceProperties'] | undefined;
    /** One deploy with these settings, as CloudFormation sends it to the provider. */
    const deploy = async (Generation: string, EmergencyGeneration = '') => {
      const properties = { SecretArn: 'arn:secret', Generation, EmergencyGeneration };
      const event: KeySetEvent = deployed
        ? { RequestType: 'Update', ResourceProperties: properties, OldResourceProperties: deployed }
        : { RequestType: 'Create', ResourceProperties: properties };
      deployed = properties;
      await applyKeySetEvent(event, store, NOW);
      return parseKeySet(secret!, 'keys').keys.map((k) => k.kid);
    };
    const first = await deploy('1');
    expect(await deploy('1')).toEqual(first);
    // The emergency flag given once rotates once; the deploys after it, without the flag, keep.
    const emergency = await deploy('1', '1');
    expect(emergency[0]).not.toBe(first[0]);
    expect(await deploy('1')).toEqual(emergency);
    expect(await deploy('1', '')).toEqual(emergency);
    // A graceful rotation to 2, then a deploy that forgot it (back to 1): no second rotation.
    const rotated = await deploy('2');
    expect(rotated.slice(0, 2)).toEqual([expect.any(String), emergency[0]]);
    expect(await deploy('1')).toEqual(rotated);
    expect(await deploy('2')).toEqual(rotated);
  });

  it("the retirement window is the auth function's token lifetime", () => {
    const config = readAuthConfig({
      SITE_URL: 'https://letters.example.com',
      PUBLISHABLE_KEY: 'sb_publishable_test',
      TABLE_NAME: 'table',
      JWT_SIGNING_KEYS: '{}',
      REFRESH_TOKEN_SECRET: 'x',
    });
    expect(ACCESS_TOKEN_LIFETIME_SECONDS).toBe(config.jwtExpirySeconds);
  });
});
