import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ConfigError, type Env } from './env';

let client: SecretsManagerClient | undefined;
const cache = new Map<string, Promise<string>>();

/**
 * A secret setting, one mechanism for every Lambda: `NAME` holds the value itself (local runs,
 * tests), or `NAME_SECRET_ARN` names a Secrets Manager secret whose string is the value (AWS).
 * Fetched once per container; the value is never logged.
 */
export function resolveSecret(env: Env, name: string): Promise<string> {
  const direct = env[name]?.trim();
  if (direct) return Promise.resolve(direct);
  const arn = env[`${name}_SECRET_ARN`]?.trim();
  if (!arn) {
    return Promise.reject(new ConfigError(`Missing ${name} (or ${name}_SECRET_ARN in AWS)`));
  }
  let pending = cache.get(arn);
  if (!pending) {
    client ??= new SecretsManagerClient({});
    pending = client.send(new GetSecretValueCommand({ SecretId: arn })).then((out) => {
      if (!out.SecretString) throw new ConfigError(`Secret ${name} has no string value`);
      return out.SecretString;
    });
    pending.catch(() => cache.delete(arn));
    cache.set(arn, pending);
  }
  return pending;
}
