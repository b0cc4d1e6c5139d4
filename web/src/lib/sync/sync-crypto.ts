import * as v from 'valibot';

/**
 * End-to-end encryption of synced records, with WebCrypto only. A random 256-bit sync key
 * encrypts every record (AES-GCM, a fresh 96-bit nonce per write, the record's id and version as
 * associated data, so a ciphertext cannot be replayed under another id or version). The key is
 * wrapped twice: by a key derived from the sync passphrase and by one derived from the recovery
 * code (PBKDF2-SHA256, 600,000 iterations each). The account password plays no part.
 */

export const PBKDF2_ITERATIONS = 600_000;
const FORMAT = 1;
const NONCE_BYTES = 12;
const encoder = new TextEncoder();

/** The passphrase or recovery code does not unwrap the key. */
export class WrongSecretError extends Error {
  override name = 'WrongSecretError';
  constructor() {
    super('That passphrase does not open your data');
  }
}

/** A record whose ciphertext was changed or cut: refused, the local copy kept. */
export class TamperedRecordError extends Error {
  override name = 'TamperedRecordError';
  constructor(readonly recordId: string) {
    super(`The synced copy of a record was damaged or changed, so it was not used (${recordId})`);
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

async function wrappingKey(secret: string, salt: Uint8Array, iterations: number) {
  const material = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const WrappedSchema = v.object({ salt: v.string(), nonce: v.string(), key: v.string() });
const KeyRingSchema = v.object({
  format: v.literal(FORMAT),
  kdf: v.literal('PBKDF2-SHA256'),
  iterations: v.pipe(v.number(), v.integer(), v.minValue(PBKDF2_ITERATIONS)),
  passphrase: WrappedSchema,
  recovery: WrappedSchema,
});
/** What the server keeps as the `keyring` record: salts, nonces and the wrapped key, no secret. */
export type KeyRing = v.InferOutput<typeof KeyRingSchema>;

async function wrap(raw: Uint8Array, secret: string, label: string) {
  const salt = random(16);
  const nonce = random(NONCE_BYTES);
  const key = await wrappingKey(secret, salt, PBKDF2_ITERATIONS);
  const wrapped = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce as BufferSource, additionalData: encoder.encode(label) },
    key,
    raw as BufferSource,
  );
  return { salt: toBase64(salt), nonce: toBase64(nonce), key: toBase64(new Uint8Array(wrapped)) };
}

/** The sync key as this device keeps it: usable, never exportable. */
const importSyncKey = (raw: Uint8Array) =>
  crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt']);

/** A recovery code: 160 random bits as 8 groups of 5 letters and digits (no 0/O, 1/I). */
export function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = random(40);
  const letters = Array.from(bytes, (byte) => alphabet[byte % 32]).join('');
  return letters.match(/.{5}/g)!.join('-');
}

/** How a typed recovery code is compared: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) =>
  code
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .match(/.{1,5}/g)
    ?.join('-') ?? '';

/** A new sync key, wrapped by the passphrase and by the recovery code. */
export async function createKeyRing(passphrase: string, recoveryCode: string) {
  const raw = random(32);
  const ring: KeyRing = {
    format: FORMAT,
    kdf: 'PBKDF2-SHA256',
    iterations: PBKDF2_ITERATIONS,
    passphrase: await wrap(raw, passphrase, 'passphrase'),
    recovery: await wrap(raw, normalizeRecoveryCode(recoveryCode), 'recovery'),
  };
  const key = await importSyncKey(raw);
  raw.fill(0);
  return { ring, key };
}

export function encodeKeyRing(ring: KeyRing): Uint8Array {
  return encoder.encode(JSON.stringify(ring));
}

/** The key ring as read back from the server; null when it is not one. */
export function decodeKeyRing(bytes: Uint8Array): KeyRing | null {
  try {
    const parsed = v.safeParse(KeyRingSchema, JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The sync key from the passphrase, or from the recovery code; `WrongSecretError` otherwise. */
export async function openKeyRing(ring: KeyRing, secret: string): Promise<CryptoKey> {
  const attempts: [v.InferOutput<typeof WrappedSchema>, string, string][] = [
    [ring.passphrase, secret, 'passphrase'],
    [ring.recovery, normalizeRecoveryCode(secret), 'recovery'],
  ];
  for (const [wrapped, candidate, label] of attempts) {
    if (!candidate) continue;
    try {
      const key = await wrappingKey(candidate, fromBase64(wrapped.salt), ring.iterations);
      const raw = new Uint8Array(
        await crypto.subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: fromBase64(wrapped.nonce) as BufferSource,
            additionalData: encoder.encode(label),
          },
          key,
          fromBase64(wrapped.key) as BufferSource,
        ),
      );
      const syncKey = await importSyncKey(raw);
      raw.fill(0);
      return syncKey;
    } catch {
      // Not this secret: try the other wrapping.
    }
  }
  throw new WrongSecretError();
}

const associatedData = (recordId: string, version: number) =>
  encoder.encode(`${recordId}\n${version}`);

/** A record's bytes as stored: a format byte, the nonce, then AES-GCM's ciphertext and tag. */
export async function encryptRecord(
  key: CryptoKey,
  recordId: string,
  version: number,
  plaintext: Uint8Array,
): Promise<Uint8Array> {
  const nonce = random(NONCE_BYTES);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      {
        name: 'AES-GCM',
        iv: nonce as BufferSource,
        additionalData: associatedData(recordId, version),
      },
      key,
      plaintext as BufferSource,
    ),
  );
  const out = new Uint8Array(1 + NONCE_BYTES + sealed.length);
  out[0] = FORMAT;
  out.set(nonce, 1);
  out.set(sealed, 1 + NONCE_BYTES);
  return out;
}

/** The plaintext of a record; `TamperedRecordError` for anything changed, cut or misplaced. */
export async function decryptRecord(
  key: CryptoKey,
  recordId: string,
  version: number,
  bytes: Uint8Array,
): Promise<Uint8Array> {
  if (bytes.length < 1 + NONCE_BYTES + 16 || bytes[0] !== FORMAT)
    throw new TamperedRecordError(recordId);
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: bytes.subarray(1, 1 + NONCE_BYTES) as BufferSource,
          additionalData: associatedData(recordId, version),
        },
        key,
        bytes.subarray(1 + NONCE_BYTES) as BufferSource,
      ),
    );
  } catch {
    throw new TamperedRecordError(recordId);
  }
}
