import { readTableConfig, type TableConfig } from '../common/dynamo';
import { requiredString, type Env } from '../common/env';

export interface AuthConfig {
  table: TableConfig;
  publishableKey: string;
}

export function readAuthConfig(env: Env): AuthConfig {
  return {
    table: readTableConfig(env),
    publishableKey: requiredString(env, 'PUBLISHABLE_KEY'),
  };
}
