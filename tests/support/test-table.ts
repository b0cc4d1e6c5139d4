import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable } from '../../local/ensure-table';
import type { Env } from '../../lambdas/platform/env';
import { createTable, readTableConfig, type Table } from '../../lambdas/platform/dynamo';
import {
  generateRefreshTokenSecret,
  generateSigningKeys,
} from '../../lambdas/identity/signing-keys';
import { LOCAL_AWS_ENV, LOCAL_PUBLISHABLE_KEY } from '../../local/constants';

/**
 * A fresh table on the run's DynamoDB Local, plus the environment the handlers read, so a
 * test file builds its apps with exactly the configuration a Lambda would read.
 */
export async function createTestTable(): Promise<{ env: Env; table: Table }> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  const { signingKeys, publicJwks } = await generateSigningKeys();
  const env: Env = {
    TABLE_NAME: tableName,
    ...LOCAL_AWS_ENV,
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
    SITE_URL: 'http://localhost:8787',
    JWT_SIGNING_KEYS: signingKeys,
    JWT_PUBLIC_JWKS: publicJwks,
    REFRESH_TOKEN_SECRET: generateRefreshTokenSecret(),
    REMINDER_LINK_SECRET: generateRefreshTokenSecret(),
  };
  const config = readTableConfig(env);
  await ensureTable(config);
  return { env, table: createTable(config) };
}
