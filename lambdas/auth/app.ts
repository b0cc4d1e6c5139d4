import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  AccessTokenError,
  createAccessTokenVerifier,
  type AccessTokenVerifier,
} from '../common/access-token';
import { clientIp } from '../common/client-ip';
import { corsFor } from '../common/cors';
import { createTable } from '../common/dynamo';
import { isTransientAwsError } from '../common/aws-errors';
import { createRateLimiter, type RateLimitRule } from '../common/rate-limiter';
import type { AuthConfig } from './config';
import { AuthError, renderAuthError } from './errors';
import { assertAcceptablePassword } from './passwords';
import { readJsonBody, optionalObject, optionalString } from './request';
import { createAuthService, type LogoutScope } from './service';
import { createAuthStore } from './store';
import { createSesMailer, type Mailer } from './mailer';
import { resolveRedirect } from './redirects';
import { createKeyRingLoader } from './tokens';

export const AUTH_BASE_PATH = '/auth/v1';

export interface AuthAppOptions {
  /** Epoch milliseconds; tests move it instead of sleeping. */
  now?: () => number;
  /** Defaults to Amazon SES; the local runtime and tests pass an outbox. */
  mailer?: Mailer;
}

const LOGOUT_SCOPES: readonly string[] = ['global', 'local', 'others'];

export function createAuthApp(config: AuthConfig, options: AuthAppOptions = {}) {
  const now = options.now ?? Date.now;
  const table = createTable(config.table);
  const keyRing = createKeyRingLoader(config.signingKeys);
  let verifier: Promise<AccessTokenVerifier> | undefined;
  const accessTokens = () =>
    (verifier ??= keyRing().then(
      (ring) => createAccessTokenVerifier({ table, publicJwks: ring.publicJwks, now }),
      (error: unknown) => {
        verifier = undefined;
        throw error;
      },
    ));
  const service = createAuthService({
    config,
    store: createAuthStore(table),
    keyRing,
    mailer: options.mailer ?? createSesMailer(config.mailFrom, config.table),
    accessTokens,
    now,
  });
  const limiter = createRateLimiter({ table, now });

  /** Counts the request against the client IP's bucket; rejects with 429 over the limit. */
  const rateLimit = async (c: Context, bucket: string, rule: RateLimitRule): Promise<void> => {
    if (!(await limiter.allow(bucket, clientIp(c, config.clientIpHeader), rule))) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  };
  const rateLimited =
    (bucket: string, rule: RateLimitRule): MiddlewareHandler =>
    async (c, next) => {
      await rateLimit(c, bucket, rule);
      await next();
    };

  const app = new Hono().basePath(AUTH_BASE_PATH);

  app.onError((error, c) => {
    if (error instanceof AuthError) return renderAuthError(c, error);
    if (error instanceof AccessTokenError) {
      return renderAuthError(c, new AuthError(error.status, error.code, error.message));
    }
    if (isTransientAwsError(error)) {
      console.warn('auth: transient failure', (error as Error).name);
      return renderAuthError(
        c,
        new AuthError(503, 'service_unavailable', 'Service temporarily unavailable, please retry'),
      );
    }
    console.error('auth: unexpected failure', (error as Error).name, (error as Error).message);
    return renderAuthError(
      c,
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    );
  });

  app.use(
    '*',
    corsFor({
      allowedOrigins: config.allowedOrigins,
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowHeaders: [
        'Accept',
        'Authorization',
        'Content-Type',
        'X-Client-Info',
        'X-Supabase-Api-Version',
        'apikey',
      ],
      exposeHeaders: ['X-Total-Count', 'Link', 'X-Supabase-Api-Version'],
      credentials: true,
      maxAgeSeconds: 86400,
    }),
  );

  app.use('*', async (c, next) => {
    // E-mail links open GET /verify in a browser, which cannot add the key (nor could Kong's).
    if (c.req.method === 'GET' && c.req.path === `${AUTH_BASE_PATH}/verify`) return next();
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) throw new AuthError(401, 'no_authorization', 'No API key found in request');
    if (key !== config.publishableKey) {
      throw new AuthError(401, 'no_authorization', 'Invalid API key');
    }
    await next();
  });

  app.get('/health', (c) =>
    c.json({
      version: '0.1.0',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: Object.fromEntries(
        EXTERNAL_PROVIDERS.map((provider) => [provider, provider === 'email']),
      ),
      disable_signup: config.disableSignup,
      mailer_autoconfirm: config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: 'twilio',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }),
  );

  app.get('/.well-known/jwks.json', async (c) => {
    const ring = await keyRing();
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(ring.publicJwks);
  });

  app.post('/signup', rateLimited('signup', config.rateLimits.signup), async (c) => {
    if (config.disableSignup) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    const body = await readJsonBody(c);
    const email = optionalString(body, 'email');
    const phone = optionalString(body, 'phone');
    const password = optionalString(body, 'password');
    const data = optionalObject(body, 'data') ?? {};
    if (!email && !phone) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (!password)
      throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    assertAcceptablePassword(password, config);
    if (email && phone) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
    return c.json(
      await service.signUp({ email, password, data, redirectTo: c.req.query('redirect_to') }),
    );
  });

  app.post('/token', async (c) => {
    // Counted in parallel with the grant's first read, which waits for it before any real work;
    // a request over the limit is answered 429 whatever else is wrong with it.
    const allowed = rateLimit(c, 'token', config.rateLimits.token);
    allowed.catch(() => undefined);
    try {
      return c.json(await grant(c, allowed));
    } catch (error) {
      await allowed;
      throw error;
    }
  });

  async function grant(c: Context, allowed: Promise<void>) {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') {
      const body = await readJsonBody(c);
      const email = optionalString(body, 'email');
      const phone = optionalString(body, 'phone');
      const password = optionalString(body, 'password');
      if (email && phone) {
        throw new AuthError(
          400,
          'validation_failed',
          'Only an email address or phone number should be provided on login.',
        );
      }
      if (!email && !phone) throw new AuthError(400, 'validation_failed', 'missing email or phone');
      return service.passwordGrant({ email, password }, allowed);
    }
    if (grantType === 'refresh_token') {
      const body = await readJsonBody(c);
      return service.refreshGrant(optionalString(body, 'refresh_token'), allowed);
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  }

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') || 'global';
    if (!LOGOUT_SCOPES.includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    await service.logout(c.req.header('authorization'), scope as LogoutScope);
    return c.body(null, 204);
  });

  app.get('/user', async (c) => c.json(await service.getUser(c.req.header('authorization'))));

  app.put('/user', rateLimited('user', config.rateLimits.user), async (c) => {
    const authorization = c.req.header('authorization');
    const body = await readJsonBody(c);
    const password =
      body.password === null || body.password === undefined
        ? undefined
        : optionalString(body, 'password');
    return c.json(
      await service.updateUser(authorization, {
        password,
        email: optionalString(body, 'email'),
        data: optionalObject(body, 'data'),
        redirectTo: c.req.query('redirect_to'),
        appMetadata: body.app_metadata !== undefined && body.app_metadata !== null,
      }),
    );
  });

  app.post('/recover', rateLimited('recover', config.rateLimits.otp), async (c) => {
    const body = await readJsonBody(c);
    return c.json(await service.recover(optionalString(body, 'email'), c.req.query('redirect_to')));
  });

  app.post('/otp', rateLimited('otp', config.rateLimits.otp), async (c) => {
    const body = await readJsonBody(c);
    const email = optionalString(body, 'email');
    const phone = optionalString(body, 'phone');
    if (email && phone) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided.',
      );
    }
    if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    if (!email) throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
    return c.json(
      await service.otp({
        email,
        createUser: body.create_user !== false,
        data: optionalObject(body, 'data') ?? {},
        redirectTo: c.req.query('redirect_to'),
      }),
    );
  });

  app.post('/resend', rateLimited('resend', config.rateLimits.otp), async (c) => {
    const body = await readJsonBody(c);
    const type = optionalString(body, 'type');
    const email = optionalString(body, 'email');
    if (type !== 'signup' && type !== 'email_change') {
      throw new AuthError(
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      );
    }
    if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
    return c.json(await service.resend({ email, type, redirectTo: c.req.query('redirect_to') }));
  });

  app.post('/verify', rateLimited('verify', config.rateLimits.verify), async (c) => {
    const body = await readJsonBody(c);
    const type = optionalString(body, 'type');
    const token = optionalString(body, 'token');
    const tokenHash = optionalString(body, 'token_hash');
    const email = optionalString(body, 'email');
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if (!token === !tokenHash) {
      throw new AuthError(
        400,
        'validation_failed',
        'Verify requires either a token or a token hash',
      );
    }
    if (tokenHash && (email || optionalString(body, 'phone'))) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only the token_hash and type should be provided',
      );
    }
    if (token && !email) {
      throw new AuthError(400, 'validation_failed', 'Verify requires an email with a token');
    }
    const { session } = await service.verify({ type, token, tokenHash, email });
    return c.json(session);
  });

  /** E-mail links: sign in and hand the tokens to the SPA in the URL fragment (implicit flow). */
  app.get('/verify', async (c) => {
    const redirect = resolveRedirect(
      config.siteUrl,
      config.redirectUrls,
      c.req.query('redirect_to'),
    );
    const type = c.req.query('type') ?? '';
    const fragment = new URLSearchParams();
    try {
      await rateLimit(c, 'verify', config.rateLimits.verify);
      const tokenHash = c.req.query('token');
      if (!type || !tokenHash) {
        throw new AuthError(
          400,
          'validation_failed',
          'Verify requires a verification type and a token',
        );
      }
      const { session } = await service.verify({ type, tokenHash });
      for (const [key, value] of Object.entries({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type,
      })) {
        fragment.set(key, value);
      }
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment.set('error', error.status === 429 ? 'too_many_requests' : 'access_denied');
      fragment.set('error_code', error.code);
      fragment.set('error_description', error.message);
    }
    fragment.set('sb', '');
    const target = new URL(redirect);
    target.hash = fragment.toString();
    return c.redirect(target.href, 303);
  });

  app.all('*', (c: Context) => renderAuthError(c, new AuthError(404, 'not_found', 'Not found')));

  return app;
}

const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];
