import { createPublicKey, verify as verifySignatureBytes, type KeyObject } from 'node:crypto';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import { sessionKey } from './auth-items';
import { getItems, type ItemKey, type Table } from './dynamo';
import { ACCESS_TOKEN_ALG, parseKeySet } from './jwt-keys';

export type AccessTokenErrorCode = 'no_authorization' | 'bad_jwt' | 'session_not_found';

/** A rejected access token, with the GoTrue error code and HTTP status to answer with. */
export class AccessTokenError extends Error {
  override name = 'AccessTokenError';
  constructor(
    readonly code: AccessTokenErrorCode,
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  session_id: string;
}

export interface VerifiedAccessToken {
  userId: string;
  email: string;
  sessionId: string;
  claims: AccessTokenClaims;
}

export interface AccessTokenVerifierOptions {
  table: Table;
  /** `{"keys":[…]}`, as an object or as the JSON text of env `JWT_PUBLIC_JWKS`. */
  publicJwks: JSONWebKeySet | string;
  /** Milliseconds since the epoch; tests move it to expire tokens. */
  now?: () => number;
}

export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An ES256 signature is r ‖ s, 32 bytes each (JWS, RFC 7518 §3.4). */
const ES256_SIGNATURE_BYTES = 64;

class MalformedTokenError extends Error {}

function decodeJsonSegment(segment: string | undefined): Record<string, unknown> {
  if (!segment || !BASE64URL.test(segment)) throw new MalformedTokenError('malformed segment');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new MalformedTokenError('segment is not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new MalformedTokenError('segment is not a JSON object');
  }
  return value as Record<string, unknown>;
}

/** The verifying keys by `kid`: EC P-256 keys meant for ES256 signatures. */
function verificationKeys(jwks: JSONWebKeySet): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const jwk of jwks.keys) {
    if (typeof jwk.kid !== 'string' || jwk.kty !== 'EC' || jwk.crv !== 'P-256') continue;
    if ((jwk.alg ?? ACCESS_TOKEN_ALG) !== ACCESS_TOKEN_ALG || (jwk.use ?? 'sig') !== 'sig')
      continue;
    const { kty, crv, x, y } = jwk;
    keys.set(jwk.kid, createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' }));
  }
  return keys;
}

/**
 * Verifies `Authorization: Bearer <access token>` the way GoTrue does: ES256 signature by a key
 * of the JWKS (by `kid`), `exp`, `aud`, UUID `sub` and `session_id`, and that the session item
 * still exists (so sign-out ends the token's use on our server at once).
 * Database failures are rethrown as they are (callers turn transient ones into 503).
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions) {
  const jwks =
    typeof options.publicJwks === 'string'
      ? parseKeySet(options.publicJwks, 'JWT_PUBLIC_JWKS')
      : options.publicJwks;
  const keys = verificationKeys(jwks);
  const now = options.now ?? Date.now;

  /**
   * JWS compact serialization with ES256 only (RFC 7515/7518/7519): the header must name ES256
   * and a known `kid` and carry no `crit` extension, so `alg: none`, HMAC with the public key and
   * foreign keys are refused before any signature check.
   */
  function verifiedPayload(token: string): JWTPayload {
    const segments = token.split('.');
    if (segments.length !== 3) throw new MalformedTokenError('not a signed JWT');
    const [headerSegment, payloadSegment, signatureSegment] = segments as [string, string, string];
    const header = decodeJsonSegment(headerSegment);
    if (header.alg !== ACCESS_TOKEN_ALG) throw new MalformedTokenError('unexpected "alg"');
    if (header.crit !== undefined) throw new MalformedTokenError('unsupported "crit"');
    const key = typeof header.kid === 'string' ? keys.get(header.kid) : undefined;
    if (!key) throw new MalformedTokenError('no key matches the "kid"');
    if (!BASE64URL.test(signatureSegment)) throw new MalformedTokenError('malformed signature');
    const signature = Buffer.from(signatureSegment, 'base64url');
    const valid =
      signature.length === ES256_SIGNATURE_BYTES &&
      verifySignatureBytes(
        'sha256',
        Buffer.from(`${headerSegment}.${payloadSegment}`, 'ascii'),
        { key, dsaEncoding: 'ieee-p1363' },
        signature,
      );
    if (!valid) throw new MalformedTokenError('signature verification failed');
    const payload = decodeJsonSegment(payloadSegment) as JWTPayload;
    const seconds = now() / 1000;
    if (typeof payload.exp !== 'number') throw new MalformedTokenError('missing "exp" claim');
    if (payload.exp <= seconds) throw new MalformedTokenError('"exp" claim timestamp check failed');
    if (payload.iat !== undefined && typeof payload.iat !== 'number') {
      throw new MalformedTokenError('"iat" claim must be a number');
    }
    if (payload.nbf !== undefined && !(typeof payload.nbf === 'number' && payload.nbf <= seconds)) {
      throw new MalformedTokenError('"nbf" claim timestamp check failed');
    }
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(ACCESS_TOKEN_AUDIENCE)) {
      throw new MalformedTokenError('unexpected "aud" claim value');
    }
    return payload;
  }

  function verifyClaims(token: string): AccessTokenClaims {
    let payload: JWTPayload;
    try {
      payload = verifiedPayload(token);
    } catch (error) {
      const reason = error instanceof MalformedTokenError ? error.message : 'invalid token';
      throw new AccessTokenError(
        'bad_jwt',
        403,
        `invalid JWT: unable to parse or verify signature, ${reason}`,
      );
    }
    if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) {
      throw new AccessTokenError('bad_jwt', 403, 'invalid claim: sub claim must be a UUID');
    }
    const sessionId = payload.session_id;
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) {
      throw new AccessTokenError('bad_jwt', 403, 'invalid claim: session_id claim must be a UUID');
    }
    return {
      ...payload,
      email: typeof payload.email === 'string' ? payload.email : '',
    } as AccessTokenClaims;
  }

  const sessionNotFound = () =>
    new AccessTokenError(
      'session_not_found',
      403,
      'Session from session_id claim in JWT does not exist',
    );

  function verifyBearer(authorizationHeader: string | undefined): VerifiedAccessToken {
    const match = authorizationHeader ? BEARER.exec(authorizationHeader) : null;
    if (!match) {
      throw new AccessTokenError(
        'no_authorization',
        401,
        'This endpoint requires a valid Bearer token',
      );
    }
    const claims = verifyClaims(match[1]!);
    return { userId: claims.sub, email: claims.email, sessionId: claims.session_id, claims };
  }

  return {
    async verify(authorizationHeader: string | undefined): Promise<VerifiedAccessToken> {
      const token = verifyBearer(authorizationHeader);
      const session = await options.table.doc.get({
        TableName: options.table.name,
        Key: sessionKey(token.userId, token.sessionId),
        ConsistentRead: true,
        ProjectionExpression: 'pk',
      });
      if (!session.Item) throw sessionNotFound();
      return token;
    },

    /**
     * `verify`, reading in the same database request one more item of the caller's, keyed by
     * the verified user id (the signature is checked first, so nothing is read for a forger).
     */
    async verifyAndRead(
      authorizationHeader: string | undefined,
      itemKey: (userId: string) => ItemKey,
    ): Promise<{ token: VerifiedAccessToken; item?: Record<string, unknown> }> {
      const token = verifyBearer(authorizationHeader);
      const [session, item] = await getItems(options.table, [
        sessionKey(token.userId, token.sessionId),
        itemKey(token.userId),
      ]);
      if (!session) throw sessionNotFound();
      return { token, item };
    },
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
