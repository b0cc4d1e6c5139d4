import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { sessionKey } from './auth-items';
import type { Table } from './dynamo';
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
  const keySet = createLocalJWKSet(jwks);
  const now = options.now ?? Date.now;

  async function verifySignature(token: string): Promise<AccessTokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        algorithms: [ACCESS_TOKEN_ALG],
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: new Date(now()),
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'invalid token';
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

  return {
    async verify(authorizationHeader: string | undefined): Promise<VerifiedAccessToken> {
      const match = authorizationHeader ? BEARER.exec(authorizationHeader) : null;
      if (!match) {
        throw new AccessTokenError(
          'no_authorization',
          401,
          'This endpoint requires a valid Bearer token',
        );
      }
      const claims = await verifySignature(match[1]!);
      const session = await options.table.doc.get({
        TableName: options.table.name,
        Key: sessionKey(claims.sub, claims.session_id),
        ConsistentRead: true,
        ProjectionExpression: 'pk',
      });
      if (!session.Item) {
        throw new AccessTokenError(
          'session_not_found',
          403,
          'Session from session_id claim in JWT does not exist',
        );
      }
      return { userId: claims.sub, email: claims.email, sessionId: claims.session_id, claims };
    },
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
