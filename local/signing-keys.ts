import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSigningKeys, parseKeySet, publicJwksOf } from '../lambdas/identity/signing-keys';

export const SIGNING_KEYS_FILE = 'jwt-signing-keys.json';

/**
 * The local JWT signing keys: generated once into `<dataDir>/jwt-signing-keys.json` (so sessions
 * survive restarts), or fresh for an in-memory run. Returns the env values both kinds of Lambda read.
 */
export async function loadLocalSigningKeys(
  dataDir: string | null,
): Promise<{ JWT_SIGNING_KEYS: string; JWT_PUBLIC_JWKS: string }> {
  if (!dataDir) {
    const fresh = await generateSigningKeys();
    return { JWT_SIGNING_KEYS: fresh.signingKeys, JWT_PUBLIC_JWKS: fresh.publicJwks };
  }
  const file = join(dataDir, SIGNING_KEYS_FILE);
  let signingKeys: string;
  try {
    signingKeys = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    signingKeys = (await generateSigningKeys()).signingKeys;
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, signingKeys, { mode: 0o600, flag: 'wx' }).catch(async (writeError) => {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      signingKeys = await readFile(file, 'utf8');
    });
  }
  const parsed = parseKeySet(signingKeys, file);
  return { JWT_SIGNING_KEYS: signingKeys, JWT_PUBLIC_JWKS: JSON.stringify(publicJwksOf(parsed)) };
}
