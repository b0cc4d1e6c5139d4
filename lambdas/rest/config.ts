// One per function folder: its settings, read once per container at cold start.
import { readAccessTokenConfig, type AccessTokenConfig } from '../identity/access-tokens';
import { readApiAccessConfig, type ApiAccessConfig } from '../platform/api-access';
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import type { Env } from '../platform/env';

export interface RestConfig {
  table: TableConfig;
  access: ApiAccessConfig;
  tokens: AccessTokenConfig;
}

export function readRestConfig(env: Env): RestConfig {
  return {
    table: readTableConfig(env),
    access: readApiAccessConfig(env),
    tokens: readAccessTokenConfig(env),
  };
}
