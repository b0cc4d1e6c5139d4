import type { Context } from 'hono';
import type { AuthDeps } from './deps';
import { verifyingKeys } from '../identity/signing-keys';

/** `GET /health`. */
export function health(c: Context): Response {
  return c.json({
    version: '0.1.0',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

/** `GET /settings`: what auth-js asks before offering sign-in methods. */
export function settings(deps: AuthDeps, c: Context): Response {
  return c.json({
    external: Object.fromEntries(
      EXTERNAL_PROVIDERS.map((provider) => [provider, provider === 'email']),
    ),
    disable_signup: deps.config.disableSignup,
    mailer_autoconfirm: deps.config.autoconfirm,
    // Not in upstream GoTrue (which always has a mailer): false when this deployment sends no
    // e-mail, so recovery and magic links are off (the SPA hides them).
    mailer_enabled: deps.emailEnabled,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

/** `GET /.well-known/jwks.json`: the public keys access tokens verify with. */
export async function jwks(deps: AuthDeps, c: Context): Promise<Response> {
  const ring = await deps.keyRing();
  c.header('Cache-Control', 'public, max-age=600');
  // A key an emergency rotation retired is published until its last token expires.
  return c.json(verifyingKeys(ring.publicJwks, deps.now() / 1000));
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
