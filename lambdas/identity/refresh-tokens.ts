import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Refresh tokens are opaque to clients: version | user id | session id | rotation counter | MAC.
 * The MAC makes a token derivable again from its parts, so a replay inside the reuse window can
 * be answered with the session's current token although only its hash is stored.
 */
const VERSION = 1;
const MAC_BYTES = 16;
const TOKEN_BYTES = 1 + 16 + 16 + 4 + MAC_BYTES;

export interface RefreshTokenParts {
  userId: string;
  sessionId: string;
  counter: number;
}

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const bytesUuid = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function body(parts: RefreshTokenParts): Buffer {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(parts.counter);
  return Buffer.concat([
    Buffer.from([VERSION]),
    uuidBytes(parts.userId),
    uuidBytes(parts.sessionId),
    counter,
  ]);
}

function mac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest().subarray(0, MAC_BYTES);
}

export function deriveRefreshToken(key: Buffer, parts: RefreshTokenParts): string {
  const data = body(parts);
  return Buffer.concat([data, mac(key, data)]).toString('base64url');
}

/** No session is rotated this often; a token at the top counter could have no successor. */
const MAX_COUNTER = 0xffff_fffe;

/**
 * The parts of a well-formed token (undefined otherwise). Its MAC is not checked here: call
 * `authenticWith` before trusting any part.
 */
export function parseRefreshToken(
  token: string,
): (RefreshTokenParts & { authenticWith(keys: Buffer[]): boolean }) | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES || bytes[0] !== VERSION) return undefined;
  const data = bytes.subarray(0, TOKEN_BYTES - MAC_BYTES);
  const tag = bytes.subarray(TOKEN_BYTES - MAC_BYTES);
  const counter = bytes.readUInt32BE(33);
  if (counter > MAX_COUNTER) return undefined;
  return {
    userId: bytesUuid(bytes.subarray(1, 17)),
    sessionId: bytesUuid(bytes.subarray(17, 33)),
    counter,
    authenticWith: (keys) => keys.some((key) => timingSafeEqual(mac(key, data), tag)),
  };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
