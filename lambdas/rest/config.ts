import { readApiAccessConfig, type ApiAccessConfig } from '../common/api-guards';
import { readTableConfig, type TableConfig } from '../common/dynamo';
import type { Env } from '../common/env';

export interface RestConfig {
  table: TableConfig;
  access: ApiAccessConfig;
}

export function readRestConfig(env: Env): RestConfig {
  return { table: readTableConfig(env), access: readApiAccessConfig(env) };
}
