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
  const direct = env[name]?.trim();
  if (direct) return direct;
  const arn = env[`${name}_SECRET_ARN`]?.trim();
  if (!arn) throw new ConfigError(`Missing ${name} (or ${name}_SECRET_ARN in AWS)`);
  const value = await getSecret(arn, { maxAge: SECRET_MAX_AGE_SECONDS });
  if (typeof value !== 'string' || !value) {
    throw new ConfigError(`Secret ${name} has no string value`);
  }
  return value;
}
