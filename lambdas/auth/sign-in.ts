import { ACCESS_TOKEN_AUDIENCE, signAccessToken } from '../identity/access-tokens';
import { putSession, startSession, type SignInMethod } from '../identity/sessions';
import type { SessionRecord, UserRecord } from '../identity/records';
import { clearSignInFailures } from '../identity/sign-in-failures';
import { getUser, recordSignIn, toUserJson } from '../identity/users';
import type { VerifiedAccessToken } from '../identity/access-tokens';
import { countMetric } from '../platform/metrics';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';

/** GoTrue's session response: a signed access token for the session, and its refresh token. */
export async function issueSession(
  deps: AuthDeps,
  user: UserRecord,
  session: SessionRecord,
  refreshToken: string,
) {
  const { config } = deps;
  const ring = await deps.keyRing();
  const iat = Math.floor(deps.now() / 1000);
  const exp = iat + config.jwtExpirySeconds;
  const accessToken = await signAccessToken(ring, {
    iss: config.jwtIssuer,
    sub: user.id,
    aud: ACCESS_TOKEN_AUDIENCE,
    exp,
    iat,
    email: user.email,
    phone: '',
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: 'authenticated',
    aal: session.aal,
    amr: session.amr,
    session_id: session.sessionId,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: toUserJson(user),
  };
}

/** A new session (not yet stored) for a user, with its first refresh token. */
export async function newSession(deps: AuthDeps, userId: string, method: SignInMethod) {
  return startSession(await deps.keyRing(), userId, method, deps.now());
}

/** A new session for a user who just proved who they are. */
export async function signIn(deps: AuthDeps, user: UserRecord, method: SignInMethod) {
  const at = deps.now();
  const { session, refreshToken } = await newSession(deps, user.id, method);
  const signedIn: UserRecord = {
    ...user,
    lastSignInAt: at,
    identity: { ...user.identity, lastSignInAt: at },
  };
  // The tokens are signed while the session is written; they leave only once it is stored.
  const [issued] = await Promise.all([
    issueSession(deps, signedIn, session, refreshToken),
    putSession(deps.table, session),
    recordSignIn(deps.table, user.id, at),
    // A code from the inbox proves the address: the wait strangers built up for it ends.
    method === 'password' || clearSignInFailures(deps.table, user.email),
  ]);
  countMetric('SignIns');
  return issued;
}

/** The verified caller's user record. */
export async function requireUser(deps: AuthDeps, token: VerifiedAccessToken) {
  const user = await getUser(deps.table, token.userId);
  if (!user)
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return user;
}
