import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REFRESH_TOKEN_SECRET_FILE,
  SIGNING_KEYS_FILE,
  loadLocalSigningKeys,
} from '../../local/signing-keys';

describe('local JWT signing keys', () => {
  it('are generated once into the data directory, private to the owner, and reused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cdl-keys-'));
    const first = await loadLocalSigningKeys(dataDir);
    const second = await loadLocalSigningKeys(dataDir);
    expect(second).toEqual(first);
    expect(statSync(join(dataDir, SIGNING_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, REFRESH_TOKEN_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(first.JWT_PUBLIC_JWKS).not.toContain('"d"');
    expect(JSON.parse(first.JWT_SIGNING_KEYS).keys[0].d).toEqual(expect.any(String));
  });

  it('are fresh for every in-memory run', async () => {
    const [a, b] = [await loadLocalSigningKeys(null), await loadLocalSigningKeys(null)];
    expect(a.JWT_SIGNING_KEYS).not.toBe(b.JWT_SIGNING_KEYS);
    expect(a.REFRESH_TOKEN_SECRET).not.toBe(b.REFRESH_TOKEN_SECRET);
  });
});
