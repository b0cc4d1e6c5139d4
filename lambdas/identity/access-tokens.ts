import {
  SignJWT,
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTHeaderParameters,
  type JWTPayload,
  type FlattenedJWSInput,
} from 'jose';
import { systemClock, type Clock } from '../platform/clock';
import { getItems, type ItemKey, type Table } from '../platform/dynamo';
import { optionalString, requiredString, type Env } from '../platform/env';
import { HttpError } from '../platform/errors';
import { identityKeys, legacyKey } from './items';
import { ACCESS_TOKEN_ALG, parseKeySet, verifyUntil, type KeyRing } from './signing-keys';

export type AccessTokenErrorCode = 'no_authorization' | 'bad_jwt' | 'session_not_found';

/** A rejected access token, with the GoTrue error code and HTTP status to answer with. */
export class AccessTokenError extends HttpError<AccessTokenErrorCode> {
  override name = 'AccessTokenError';
  constructor(code: AccessTokenErrorCode, status: 401 | 403, message: string) {
    super(status, code, message);
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

export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
/**
 * The signer and every verifier run on AWS's synchronised clocks: a second of tolerance, so a
 * token is refused at most a second after its `exp` (and before its `nbf`).
 */
export const ACCESS_TOKEN_CLOCK_TOLERANCE_SECONDS = 1;

/** GoTrue's issuer: the auth API's public URL. */
export function defaultIssuer(siteUrl: string): string {
  return `${siteUrl}/auth/v1`;
}

/** What a Lambda that only verifies tokens reads: `JWT_PUBLIC_JWKS` and the issuer. */
export interface AccessTokenConfig {
  publicJwks: JSONWebKeySet;
  issuer: string;
}

export function readAccessTokenConfig(env: Env): AccessTokenConfig {
  const siteUrl = requiredString(env, 'SITE_URL').replace(/\/+$/, '');
  return {
    publicJwks: parseKeySet(requiredString(env, 'JWT_PUBLIC_JWKS'), 'JWT_PUBLIC_JWKS'),
    issuer: optionalString(env, 'JWT_ISSUER', defaultIssuer(siteUrl)),
  };
}

/** A JWS compact ES256 token signed with the ring's current key. */
export function signAccessToken(ring: KeyRing, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: ring.kid, typ: 'JWT' })
    .sign(ring.privateKey);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface AccessTokenVerifierOptions {
  table: Table;
  /** `{"keys":[…]}`, as an object or as the JSON text of `JWT_PUBLIC_JWKS`. */
  publicJwks: JSONWebKeySet | string;
  issuer: string;
  /** Milliseconds since the epoch; tests move it to expire tokens. */
  now?: Clock;
}

/**
 * Verifies `Authorization: Bearer <access token>` the way GoTrue does, with jose: ES256 only, a
 * key of the JWKS named by the token's `kid` (required), `exp` (required), `nbf`, issuer and
 * audience, no unknown `crit`; then UUID `sub` and `session_id`, and that the session item still
 * exists (so sign-out ends the token's use on our server at once).
 * Database failures are rethrown as they are (callers turn transient ones into 503).
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions) {
  const keySet =
    typeof options.publicJwks === 'string'
      ? parseKeySet(options.publicJwks, 'JWT_PUBLIC_JWKS')
      : options.publicJwks;
  const jwks = createLocalJWKSet(keySet);
  const now = options.now ?? systemClock;
  const keyFor = (header: JWTHeaderParameters, token: FlattenedJWSInput) => {
    if (typeof header.kid !== 'string') throw new joseErrors.JWSInvalid('missing "kid"');
    // A key retired by an emergency rotation verifies nothing once its tokens have expired.
    const key = keySet.keys.find((candidate) => candidate.kid === header.kid);
    const retired = key && verifyUntil(key);
    if (retired !== undefined && now() / 1000 >= retired) {
      throw new joseErrors.JWKSNoMatchingKey();
    }
    return jwks(header, token);
  };

  async function verifyClaims(token: string): Promise<AccessTokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keyFor, {
        algorithms: [ACCESS_TOKEN_ALG],
        issuer: options.issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['exp'],
        clockTolerance: ACCESS_TOKEN_CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(now()),
      }));
    } catch (error) {
      const reason = error instanceof joseErrors.JOSEError ? error.message : 'invalid token';
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

  async function verifyBearer(
    authorizationHeader: string | undefined,
  ): Promise<VerifiedAccessToken> {
    const match = authorizationHeader ? BEARER.exec(authorizationHeader) : null;
    if (!match) {
      throw new AccessTokenError(
        'no_authorization',
        401,
        'This endpoint requires a valid Bearer token',
      );
    }
    const claims = await verifyClaims(match[1]!);
    return { userId: claims.sub, email: claims.email, sessionId: claims.session_id, claims };
  }

  return {
    async verify(authorizationHeader: string | undefined): Promise<VerifiedAccessToken> {
      const token = await verifyBearer(authorizationHeader);
      const key = identityKeys.session(token.userId, token.sessionId);
      const exists = async (Key: ItemKey) =>
        !!(
          await options.table.doc.get({
            TableName: options.table.name,
            Key,
            ConsistentRead: true,
            ProjectionExpression: 'pk',
          })
        ).Item;
      if (await exists(key)) return token;
      if (options.table.legacyPartitions && (await exists(legacyKey(token.userId, key)))) {
        return token;
      }
      throw sessionNotFound();
    },

    /**
     * `verify`, reading in the same database request one more item of the caller's, keyed by
     * the verified user id (the signature is checked first, so nothing is read for a forger).
     * With `legacyPartitions`, the session and the item are also read under their old keys.
     */
    async verifyAndRead(
      authorizationHeader: string | undefined,
      itemKey: (userId: string) => ItemKey,
    ): Promise<{ token: VerifiedAccessToken; item?: Record<string, unknown> }> {
      const token = await verifyBearer(authorizationHeader);
      const keys = [identityKeys.session(token.userId, token.sessionId), itemKey(token.userId)];
      if (!options.table.legacyPartitions) {
        const [session, item] = await getItems(options.table, keys);
        if (!session) throw sessionNotFound();
        return { token, item };
      }
      const [session, item, oldSession, oldItem] = await getItems(options.table, [
        ...keys,
        ...keys.map((key) => legacyKey(token.userId, key)),
      ]);
      if (!session && !oldSession) throw sessionNotFound();
      return { token, item: item ?? oldItem };
    },
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
