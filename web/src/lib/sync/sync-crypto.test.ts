import { describe, expect, it } from 'vitest';
import {
  createKeyRing,
  decodeKeyRing,
  decryptRecord,
  encodeKeyRing,
  encryptRecord,
  newRecoveryCode,
  openKeyRing,
  PBKDF2_ITERATIONS,
  TamperedRecordError,
  WrongSecretError,
} from './sync-crypto';

const text = (value: string) => new TextEncoder().encode(value);

describe('sync crypto', () => {
  it('wraps a random key by the passphrase and by the recovery code, never by anything else', async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const code = newRecoveryCode();
    expect(code).toMatch(/^([A-Z2-9]{5}-){7}[A-Z2-9]{5}$/);
    const { ring, key } = await createKeyRing('correct horse battery', code);
    const stored = decodeKeyRing(encodeKeyRing(ring))!;
    expect(JSON.stringify(stored)).not.toContain('correct horse');

    const sealed = await encryptRecord(key, 'd-1', 1, text('Jane Doe, 4111'));
    for (const secret of ['correct horse battery', code.toLowerCase().replace(/-/g, ' ')]) {
      const opened = await openKeyRing(stored, secret);
      expect(new TextDecoder().decode(await decryptRecord(opened, 'd-1', 1, sealed))).toBe(
        'Jane Doe, 4111',
      );
    }
    await expect(openKeyRing(stored, 'wrong horse battery')).rejects.toThrow(
      new WrongSecretError().message,
    );
    expect(new WrongSecretError().message).toBe('That passphrase does not open your data');
  }, 60_000);

  it('uses a fresh nonce per write and refuses changed, cut or moved ciphertext', async () => {
    const { key } = await createKeyRing('correct horse battery', newRecoveryCode());
    const one = await encryptRecord(key, 'd-1', 2, text('same'));
    const two = await encryptRecord(key, 'd-1', 2, text('same'));
    expect(one.subarray(1, 13)).not.toEqual(two.subarray(1, 13));
    expect(one).not.toEqual(two);

    const flipped = one.slice();
    flipped[20]! ^= 1;
    for (const [id, version, bytes] of [
      ['d-1', 2, flipped],
      ['d-1', 2, one.subarray(0, one.length - 1)],
      ['d-1', 2, one.subarray(0, 10)],
      ['d-2', 2, one],
      ['d-1', 3, one],
    ] as const)
      await expect(decryptRecord(key, id, version, bytes)).rejects.toBeInstanceOf(
        TamperedRecordError,
      );
  }, 60_000);
});
