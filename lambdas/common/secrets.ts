import {
  createAwsServiceClient,
  readAwsCredentials,
  readAwsRegion,
  type AwsServiceClient,
} from './aws-client';
import { ConfigError, optionalString, type Env } from './env';

let client: AwsServiceClient | undefined;
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
    client ??= createSecretsManagerClient(env);
    pending = client
      .json<{ SecretString?: string }>('secretsmanager.GetSecretValue', { SecretId: arn }, '1.1')
      .then((out) => {
        if (!out.SecretString) throw new ConfigError(`Secret ${name} has no string value`);
        return out.SecretString;
      });
    pending.catch(() => cache.delete(arn));
    cache.set(arn, pending);
  }
  return pending;
}

/** `AWS_ENDPOINT_URL_SECRETS_MANAGER` (the SDKs' own setting) points it elsewhere, e.g. in tests. */
export function createSecretsManagerClient(env: Env): AwsServiceClient {
  const region = readAwsRegion(env);
  return createAwsServiceClient({
    service: 'secretsmanager',
    region,
    endpoint: optionalString(
      env,
      'AWS_ENDPOINT_URL_SECRETS_MANAGER',
      `https://secretsmanager.${region}.amazonaws.com`,
    ),
    credentials: readAwsCredentials(env),
  });
}
