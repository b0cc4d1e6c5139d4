// One per function folder: its settings, read once per container at cold start.
import { readAccessTokenConfig, type AccessTokenConfig } from '../identity/access-tokens';
import { readApiAccessConfig, type ApiAccessConfig } from '../platform/api-access';
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import { integer, type Env } from '../platform/env';
import { SYNC_RECORD_BYTES } from '../../shared/sync-limits';

/** Per-user quotas; docs/backend.md states them. */
export interface SyncQuotas {
  /** Records a user may keep (disputes, files, details, checkup, key ring). */
  records: number;
  /** Bytes of ciphertext a user may keep in all. */
  bytes: number;
  /** Bytes of one record: a 20 MiB exhibit, sealed, fits; a larger record is sent in parts. */
  recordBytes: number;
}

export const DEFAULT_SYNC_QUOTAS: SyncQuotas = {
  records: 5_000,
  bytes: 250 * 1024 * 1024,
  recordBytes: SYNC_RECORD_BYTES,
};

export interface SyncConfig {
  table: TableConfig;
  access: ApiAccessConfig;
  tokens: AccessTokenConfig;
  quotas: SyncQuotas;
}

export function readSyncConfig(env: Env): SyncConfig {
  return {
    table: readTableConfig(env),
    access: readApiAccessConfig(env),
    tokens: readAccessTokenConfig(env),
    quotas: {
      records: integer(env, 'SYNC_MAX_RECORDS', DEFAULT_SYNC_QUOTAS.records, 1),
      bytes: integer(env, 'SYNC_MAX_BYTES', DEFAULT_SYNC_QUOTAS.bytes, 1),
      recordBytes: Math.min(
        integer(env, 'SYNC_MAX_RECORD_BYTES', DEFAULT_SYNC_QUOTAS.recordBytes, 1),
        DEFAULT_SYNC_QUOTAS.recordBytes,
      ),
    },
  };
}
