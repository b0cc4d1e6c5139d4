import type { Context } from 'hono';
import { deleteSession, deleteSessions } from '../identity/sessions';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';

const LOGOUT_SCOPES = ['global', 'local', 'others'] as const;
type LogoutScope = (typeof LOGOUT_SCOPES)[number];

/** `POST /logout?scope=global|local|others`: ends this session, all, or all others. */
export async function logout(deps: AuthDeps, c: Context): Promise<Response> {
  const scope = c.req.query('scope') || 'global';
  if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
    throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const token = await (await deps.accessTokens()).verify(c.req.header('authorization'));
  if ((scope as LogoutScope) === 'local') {
    await deleteSession(deps.table, token.userId, token.sessionId);
  } else {
    await deleteSessions(
      deps.table,
      token.userId,
      scope === 'others' ? token.sessionId : undefined,
    );
  }
  return c.body(null, 204);
}
