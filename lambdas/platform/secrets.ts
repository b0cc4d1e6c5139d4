import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { ConfigError, type Env } from './env';

/**
 * How long a container keeps a secret before asking Secrets Manager again: a value set after
 * deploy (the Stripe keys) reaches every running container within this time.
 */
export const SECRET_MAX_AGE_SECONDS = 300;

/**
 * A secret setting, one mechanism for every Lambda: `NAME` holds the value itself (local runs,
 * tests), or `NAME_SECRET_ARN` names a Secrets Manager secret whose string is the value (AWS),
 * read through Powertools Parameters (one SDK client per container, cached for
 * `SECRET_MAX_AGE_SECONDS`). The value is never logged.
 */
export async function resolveSecret(env: Env, name: string): Promise<string> {
  assertSecretConfigured(env, name);
  const direct = env[name]?.trim();
  if (direct) return direct;
  const value = await getSecret(env[`${name}_SECRET_ARN`]!.trim(), {
    maxAge: SECRET_MAX_AGE_SECONDS,
  });
  if (typeof value !== 'string' || !value) {
    throw new ConfigError(`Secret ${name} has no string value`);
  }
  return value;
}

/**
 * The reader of a secret setting, for a config read at cold start: fails at once, with the
 * setting's name, when the secret is configured neither way; the value is fetched on first use.
 */
export function secretReader(env: Env, name: string): () => Promise<string> {
  assertSecretConfigured(env, name);
  return () => resolveSecret(env, name);
}

function assertSecretConfigured(env: Env, name: string): void {
  if (!env[name]?.trim() && !env[`${name}_SECRET_ARN`]?.trim()) {
    throw new ConfigError(`Missing ${name} (or ${name}_SECRET_ARN in AWS)`);
  }
}
