import { authCors } from '../platform/cors';
import { createLambdaApp } from '../platform/lambda-app';
import { requirePublishableKey } from '../platform/publishable-key';
import type { AuthConfig } from './config';
import { createAuthDeps, type AuthDepsOptions } from './deps';
import { requireEmailProvider } from './email-provider';
import { AuthError, renderAuthError } from './errors';
import { health, jwks, settings } from './instance';
import { logout } from './logout';
import { otp, recover, resend, verify, verifyLink } from './one-time-codes';
import { rateLimited } from './rate-limits';
import { signUp } from './sign-up';
import { token } from './token';
import { getCurrentUser, updateCurrentUser } from './user';

export const AUTH_BASE_PATH = '/auth/v1';

/** The GoTrue routes: each endpoint group's module does the work; this file only wires them. */
export function createAuthApp(config: AuthConfig, options: AuthDepsOptions = {}) {
  const deps = createAuthDeps(config, options);
  const limits = config.rateLimits;
  const app = createLambdaApp(AUTH_BASE_PATH, renderAuthError);

  app.use('*', authCors(config.allowedOrigins));
  // E-mail links open GET /verify in a browser, which cannot add the key (nor could Kong's).
  app.use(
    '*',
    requirePublishableKey(
      config.publishableKey,
      (c) => c.req.method === 'GET' && c.req.path === `${AUTH_BASE_PATH}/verify`,
    ),
  );

  app.get('/health', (c) => health(c));
  app.get('/settings', (c) => settings(deps, c));
  app.get('/.well-known/jwks.json', (c) => jwks(deps, c));
  app.post('/signup', rateLimited(deps, 'signup', limits.signup), (c) => signUp(deps, c));
  app.post('/token', (c) => token(deps, c));
  app.post('/logout', (c) => logout(deps, c));
  app.get('/user', (c) => getCurrentUser(deps, c));
  app.put('/user', rateLimited(deps, 'user', limits.user), (c) => updateCurrentUser(deps, c));
  app.post(
    '/recover',
    rateLimited(deps, 'recover', limits.otp),
    requireEmailProvider(deps.emailEnabled, 400),
    (c) => recover(deps, c),
  );
  app.post(
    '/otp',
    rateLimited(deps, 'otp', limits.otp),
    requireEmailProvider(deps.emailEnabled, 422),
    (c) => otp(deps, c),
  );
  app.post(
    '/resend',
    rateLimited(deps, 'resend', limits.otp),
    requireEmailProvider(deps.emailEnabled, 400),
    (c) => resend(deps, c),
  );
  app.post('/verify', rateLimited(deps, 'verify', limits.verify), (c) => verify(deps, c));
  app.get('/verify', (c) => verifyLink(deps, c));
  app.all('*', (c) => renderAuthError(c, new AuthError(404, 'not_found', 'Not found')));

  return app;
}
