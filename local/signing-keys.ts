import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  generateRefreshTokenSecret,
  generateSigningKeys,
  parseKeySet,
  publicJwksOf,
} from '../lambdas/identity/signing-keys';

export const SIGNING_KEYS_FILE = 'jwt-signing-keys.json';
export const REFRESH_TOKEN_SECRET_FILE = 'refresh-token-secret';
export const REMINDER_LINK_SECRET_FILE = 'reminder-link-secret';

/** The file's content, or `generate()`'s written into it first (private to the owner, once). */
async function persisted(dataDir: string, name: string, generate: () => Promise<string>) {
  const file = join(dataDir, name);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = await generate();
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, value, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (writeError) {
    if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
    return readFile(file, 'utf8');
  }
}

/**
 * The local JWT signing keys, refresh-token secret and unsubscribe-link key: generated once into `<dataDir>` (so
 * sessions survive restarts), or fresh for an in-memory run. Returns the env values the Lambdas read.
 */
export async function loadLocalSigningKeys(dataDir: string | null): Promise<{
  JWT_SIGNING_KEYS: string;
  JWT_PUBLIC_JWKS: string;
  REFRESH_TOKEN_SECRET: string;
  REMINDER_LINK_SECRET: string;
}> {
  const newSigningKeys = async () => (await generateSigningKeys()).signingKeys;
  const newRefreshSecret = async () => generateRefreshTokenSecret();
  const signingKeys = dataDir
    ? await persisted(dataDir, SIGNING_KEYS_FILE, newSigningKeys)
    : await newSigningKeys();
  const refreshTokenSecret = dataDir
    ? await persisted(dataDir, REFRESH_TOKEN_SECRET_FILE, newRefreshSecret)
    : await newRefreshSecret();
  // The unsubscribe links' HMAC key: links in the dev mailbox keep working after a restart.
  const reminderLinkSecret = dataDir
    ? await persisted(dataDir, REMINDER_LINK_SECRET_FILE, newRefreshSecret)
    : await newRefreshSecret();
  const parsed = parseKeySet(signingKeys, dataDir ? join(dataDir, SIGNING_KEYS_FILE) : 'keys');
  return {
    JWT_SIGNING_KEYS: signingKeys,
    JWT_PUBLIC_JWKS: JSON.stringify(publicJwksOf(parsed)),
    REFRESH_TOKEN_SECRET: refreshTokenSecret,
    REMINDER_LINK_SECRET: reminderLinkSecret,
  };
}
